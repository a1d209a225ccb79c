import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ParseError, YamlError } from '../../core/errors.js';
import { formatErrorBlock } from './error-block.js';

// Recorded from ansible-core 2.19 (`ansible-playbook -i inventory X.yml`, stderr) in /tmp/volant-cb/cli.
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'cli');
const RECORDED = '/tmp/volant-cb/cli/';
const readSource = (file: string): string | undefined => {
  try {
    return readFileSync(file.startsWith(RECORDED) ? join(CLI, file.slice(RECORDED.length)) : file, 'utf8');
  } catch {
    return undefined;
  }
};
const expected = (name: string): string => readFileSync(join(CLI, name), 'utf8');
const at = (name: string, line: number, column: number) => ({ location: { file: `${RECORDED}${name}`, line, column } });

describe('callbacks/format/error-block', () => {
  it('prints a YAML error with its origin, two lines before and the column marker', () => {
    const e = new YamlError('YAML_SYNTAX', "YAML parsing failed: While parsing a block collection did not find expected '-' indicator.", at('yaml-err.yml', 4, 6));
    assert.equal(formatErrorBlock(e, { readSource }), expected('yaml-err.err'));
  });

  it('colours every line of the block red, blank lines included', () => {
    const e = new YamlError('YAML_SYNTAX', "YAML parsing failed: While parsing a block collection did not find expected '-' indicator.", at('yaml-err.yml', 4, 6));
    assert.equal(formatErrorBlock(e, { readSource, color: true }), expected('yaml-err-color.err'));
  });

  it('prints a parse error at the task', () => {
    const e = new ParseError('TASK_CONFLICTING_ACTIONS', 'conflicting action statements: debug, nosuchkeyword', at('parse-err.yml', 4, 7));
    assert.equal(formatErrorBlock(e, { readSource }), expected('parse-err.err'));
    const two = new ParseError('TASK_CONFLICTING_ACTIONS', 'conflicting action statements: debug, command', at('two-actions.yml', 3, 7));
    assert.equal(formatErrorBlock(two, { readSource }), expected('two-actions.err'));
  });

  it('prints the hint after the source lines', () => {
    const hint = '\nFor example:\n\n    raw: {{ some_var }}\n\nShould be:\n\n    raw: "{{ some_var }}"\n';
    const e = new YamlError('YAML_UNQUOTED_TEMPLATE', 'YAML parsing failed: This may be an issue with missing quotes around a template block.', {
      ...at('quote-err.yml', 4, 14),
      hint,
    });
    assert.equal(formatErrorBlock(e, { readSource }), expected('quote-err.err'));
  });

  it('cuts source lines longer than 120 columns with ...', () => {
    const e = new ParseError('TASK_CONFLICTING_ACTIONS', 'conflicting action statements: debug, bogus_keyword_here', at('long-line.yml', 4, 7));
    assert.equal(formatErrorBlock(e, { readSource }), expected('long-line.err'));
  });

  it('shows tabs as spaces', () => {
    const e = new YamlError('YAML_TAB', 'YAML parsing failed: Tabs are usually invalid in YAML.', at('tab-err.yml', 3, 1));
    assert.equal(formatErrorBlock(e, { readSource }), expected('tab-err.err'));
  });

  it('prints only the message when there is no location', () => {
    assert.equal(formatErrorBlock(new ParseError('PLAYBOOK_NOT_FOUND', 'the playbook: nope.yml could not be found')), expected('nope.err'));
  });

  it('prints one-line warnings as the CLI does for a missing inventory', () => {
    const warnings = [
      'Unable to parse /tmp/volant-cb/cli/nosuchinv as an inventory source',
      'No inventory was parsed, only implicit localhost is available',
      "provided hosts list is empty, only localhost is available. Note that the implicit localhost does not match 'all'",
      'Could not match supplied host pattern, ignoring: web',
    ];
    assert.equal(warnings.map((message) => formatErrorBlock({ message }, { label: '[WARNING]' })).join(''), expected('noinv.err'));
  });

  it('prints play-level parse errors at the play', () => {
    const noHosts = new ParseError('PLAY_NO_HOSTS', "The field 'hosts' is required but was not set.", at('nohosts.yml', 1, 3));
    assert.equal(formatErrorBlock(noHosts, { readSource }), expected('nohosts.err'));
    const badKeyword = new ParseError('PLAY_BAD_KEYWORD', "'bogus_play_key' is not a valid attribute for a Play", at('badkw.yml', 3, 3));
    assert.equal(formatErrorBlock(badKeyword, { readSource }), expected('badkw.err'));
  });

  it('formats a warning with its origin and help the same way', () => {
    const event = {
      message: "Found duplicate mapping key 'msg'.",
      origin: { file: `${RECORDED}dupkey.yml`, line: 6, column: 9 },
      help: 'Using last defined value only.',
    };
    assert.equal(formatErrorBlock(event, { readSource, label: '[WARNING]' }), expected('dupkey.err'));
  });

  it('says why the source is not shown when the file cannot be read', () => {
    const e = new ParseError('X', 'bad', { location: { file: '/nonexistent/x.yml', line: 3, column: 2 } });
    assert.equal(formatErrorBlock(e), '[ERROR]: bad\nOrigin: /nonexistent/x.yml:3:2\n\n(source not shown: FileNotFoundError)\n\n');
  });
});
