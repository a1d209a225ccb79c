import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readModuleDeclarations } from '../../scripts/docs-python-spec.js';
import { readmeTables } from '../../scripts/docs-performance-page.js';

const MODULE = `
import os

BASE_SPEC = {
    'url': {'type': 'str', 'required': True},
    'timeout': {'type': 'int', 'default': 30},
}

ARGUMENT_SPEC = dict(BASE_SPEC)
ARGUMENT_SPEC.update({
    # a comment with a quote: it's here, and a brace {
    'state': {'type': 'str', 'default': 'present', 'choices': ['present', 'absent']},
    'path': {'type': 'path', 'aliases': ['dest', "name"]},  # trailing comment
    'timeout': {'type': 'int', 'default': 10},
    '_internal': {'type': 'bool'},
    'pattern': {'type': 'str', 'default': '#not-a-comment,{x}'},
})
ADD_FILE_COMMON_ARGS = True
SUPPORTS_CHECK_MODE = False


def run(params, ctx):
    if ctx.diff_mode:
        pass
`;

const noHelpers = (helper: string): string => {
  throw new Error(`no helper ${helper}`);
};

describe('docs/python-spec', () => {
  it('reads ARGUMENT_SPEC copied from a helper module before its own update() calls', () => {
    const helpers = new Map([['_shared', "import os\nBASE = {\n    'name': {'type': 'list', 'aliases': ['pkg']},\n}\n"]]);
    const source = "import _shared\nARGUMENT_SPEC = dict(_shared.BASE)\nARGUMENT_SPEC.update({'use': {'default': 'auto'}})\n";
    const d = readModuleDeclarations(source, (helper) => helpers.get(helper) ?? noHelpers(helper));
    assert.deepEqual(
      d.arguments.map((a) => [a.name, a.aliases]),
      [['name', ['pkg']], ['use', []]],
    );
  });

  it('reads ARGUMENT_SPEC built from another dict and update() calls, later keys replacing earlier ones', () => {
    const d = readModuleDeclarations(MODULE, noHelpers);
    assert.deepEqual(
      d.arguments.map((a) => a.name),
      ['url', 'timeout', 'state', 'path', '_internal', 'pattern'],
    );
    const byName = new Map(d.arguments.map((a) => [a.name, a]));
    assert.equal(byName.get('url')?.required, true);
    assert.equal(byName.get('timeout')?.default, '10');
    assert.equal(byName.get('state')?.choices, 'present, absent');
    assert.deepEqual(byName.get('path')?.aliases, ['dest', 'name']);
    assert.equal(byName.get('path')?.type, 'path');
    assert.equal(byName.get('pattern')?.default, "'#not-a-comment,{x}'");
  });

  it('reads the module flags', () => {
    const d = readModuleDeclarations(MODULE, noHelpers);
    assert.equal(d.supportsCheckMode, false);
    assert.equal(d.fileCommonArgs, true);
    assert.equal(d.readsDiffMode, true);
    assert.equal(readModuleDeclarations('ARGUMENT_SPEC = {}\nSUPPORTS_CHECK_MODE = True\n', noHelpers).supportsCheckMode, true);
  });
});

describe('docs/performance-page', () => {
  it('takes each Markdown table of the bench README with the heading above it', () => {
    const tables = readmeTables('# Bench\n\ntext\n\n## ssh20\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nafter\n| x |\n');
    assert.deepEqual(tables, [{ heading: 'ssh20', table: '| a | b |\n| --- | --- |\n| 1 | 2 |\n' }]);
  });
});
