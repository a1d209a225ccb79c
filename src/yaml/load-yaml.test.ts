import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PyFloat, UnsafeString, VaultString, dictOf } from '../core/data.js';
import { YamlError } from '../core/errors.js';
import { loadYaml } from './load-yaml.js';
import { toData } from './to-data.js';
import type { YamlMap } from './node.js';
import { errorBlock } from './testing/error-block.js';

const fixtures = fileURLToPath(new URL('./fixtures/yaml-errors/', import.meta.url));
// The stderr files were recorded by ansible-core 2.19.11 run from this folder in /work/main.
const recordedDir = '/work/main/src/yaml/fixtures/yaml-errors/';

describe('yaml/load-yaml errors as ansible-core 2.19 prints them', () => {
  const cases = readdirSync(fixtures).filter((name) => name.endsWith('.yml'));
  for (const name of cases) {
    const base = name.slice(0, -4);
    const rc = readFileSync(`${fixtures}${base}.rc`, 'utf8').trim();
    if (rc !== '4') continue;
    it(`reports ${base}.yml with the recorded message, origin and hint`, () => {
      const text = readFileSync(`${fixtures}${name}`, 'utf8');
      const expected = readFileSync(`${fixtures}${base}.stderr`, 'utf8');
      const file = `${recordedDir}${name}`;
      let caught: unknown;
      try {
        loadYaml(text, file);
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof YamlError, 'a YamlError is thrown');
      assert.ok(caught.location !== undefined);
      assert.equal(errorBlock('ERROR', caught.message, caught.location, caught.hint, text), expected);
    });
  }

  it('warns about a duplicate key with the recorded words, and keeps the last value', () => {
    const text = readFileSync(`${fixtures}dupkey.yml`, 'utf8');
    const expected = readFileSync(`${fixtures}dupkey.stderr`, 'utf8');
    const loaded = loadYaml(text, `${recordedDir}dupkey.yml`);
    const [warning] = loaded.diagnostics;
    assert.ok(warning !== undefined);
    assert.equal(errorBlock('WARNING', warning.message, warning.location, warning.hint, text), expected);
    assert.deepEqual(loaded.warnings, ["Found duplicate mapping key 'name'."]);
    const play = toData(loaded.documents[0]!) as unknown[];
    const task = ((play[0] as Map<string, unknown>).get('tasks') as Map<string, unknown>[])[0];
    assert.equal(task?.get('name'), 'two');
    assert.deepEqual([...(task?.keys() ?? [])], ['name', 'debug']);
  });
});

describe('yaml/load-yaml values', () => {
  it('merges `<<` keys as PyYAML does, warning for each overridden key', () => {
    // Recorded: {'y': 1, 'x': 1} {'z': 5, 'x': 0, 'y': 1, 'w': 1}, warnings at 6:17 and 4:21.
    const text = 'a: 1\nb: 2\nv:\n    base: &b {y: 1, x: 0}\n    other: &o {z: 5, x: 9}\n    m: {<<: *b, x: 1}\n    m2:\n      <<: [*b, *o]\n      w: 1\n';
    const loaded = loadYaml(text, 'f.yml');
    const v = (toData(loaded.documents[0]!) as Map<string, unknown>).get('v') as Map<string, unknown>;
    assert.deepEqual(v.get('m'), dictOf({ y: 1, x: 1 }));
    assert.deepEqual(v.get('m2'), dictOf({ z: 5, x: 0, y: 1, w: 1 }));
    assert.deepEqual(
      loaded.diagnostics.map((d) => `${d.location.line}:${d.location.column}`),
      ['6:17', '4:21'],
    );
  });

  it('reads !unsafe as UnsafeString, re-resolving the text as plain', () => {
    const doc = toData(loadYaml("a: !unsafe '{{ x }}'\nb: !unsafe 1\nc: !unsafe [x, {k: v}]\n", 'f').documents[0]!) as Map<string, unknown>;
    assert.deepEqual(doc.get('a'), new UnsafeString('{{ x }}'));
    assert.equal(doc.get('b'), 1);
    assert.deepEqual(doc.get('c'), [new UnsafeString('x'), new Map([[new UnsafeString('k').value, new UnsafeString('v')]])]);
  });

  it('reads !vault as VaultString, naming where its tag was written (its -vvvv origin)', () => {
    const doc = toData(loadYaml('a: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  3031\n', 'f').documents[0]!) as Map<string, unknown>;
    assert.deepEqual(doc.get('a'), new VaultString('$ANSIBLE_VAULT;1.1;AES256\n3031\n', undefined, 'f:1:4'));
  });

  it('keeps aliases, explicit tags, documents and locations', () => {
    const loaded = loadYaml('a: &x [1, 2.5]\nb: *x\nc: !!str 12\nd: !!int "0x10"\n---\n- yes\n- ~\n', 'f.yml');
    assert.equal(loaded.documents.length, 2);
    const first = toData(loaded.documents[0]!) as Map<string, unknown>;
    assert.deepEqual(first.get('b'), [1, new PyFloat(2.5)]);
    assert.equal(first.get('c'), '12');
    assert.equal(first.get('d'), 16);
    assert.deepEqual(toData(loaded.documents[1]!), [true, null]);
    const map = loaded.documents[0] as YamlMap;
    assert.deepEqual(map.pairs[1]?.key.loc, { file: 'f.yml', line: 2, column: 1 });
    assert.deepEqual(map.pairs[2]?.value.loc, { file: 'f.yml', line: 3, column: 4 });
  });

  it('gives an empty text no documents', () => {
    assert.deepEqual(loadYaml('', 'f').documents, []);
    assert.deepEqual(loadYaml('# only a comment\n', 'f').documents, []);
  });

  it('reads a document of one empty quoted scalar as an empty string, an empty document as None', () => {
    // Recorded with PyYAML's CSafeLoader: '', '', None.
    assert.equal(toData(loadYaml('""\n', 'f').documents[0]!), '');
    assert.equal(toData(loadYaml("--- ''", 'f').documents[0]!), '');
    assert.equal(toData(loadYaml('---\n', 'f').documents[0]!), null);
  });
});

describe('yaml/load-yaml tabs in a block scalar', () => {
  it('refuses a tab left of the scalar\'s indentation, as libyaml does, where the tab sits', () => {
    // Recorded with PyYAML's CSafeLoader: 'found a tab character where an indentation space is
    // expected' at line:column 2:2, 3:2, 4:4; a tab past the indentation is text.
    const cases: [string, number, number][] = [['a: |\n \tx\n', 2, 2], ['a: |2\n    x\n \t\n', 3, 2], ['- b: >\n\n    x\n   \t\nc: 1\n', 4, 4]];
    for (const [text, line, column] of cases) {
      assert.throws(() => loadYaml(text, 'f.yml'), (error: YamlError) => {
        assert.equal(error.message, 'YAML parsing failed: Tabs are usually invalid in YAML.');
        assert.deepEqual([error.location?.line, error.location?.column], [line, column]);
        return true;
      });
    }
    assert.deepEqual(toData(loadYaml('a: |\n  x\n  \ty\n', 'f.yml').documents[0]!), dictOf({ a: 'x\n\ty\n' }));
  });
});

describe('yaml/load-yaml on JSON text', () => {
  it('reads valid JSON as json.loads does, as ansible tries JSON first', () => {
    // Recorded with ansible.parsing.utils.yaml.from_yaml:
    // {'a': 2, 'b': 1.0, 'c': 'yes', 'd': [True, None, 10]}, no duplicate warning.
    const loaded = loadYaml('{"a": 1e3, "b": 1.0, "c": "yes", "d": [true, null, 10], "a": 2}', 'f.json');
    assert.deepEqual(toData(loaded.documents[0]!), dictOf({ a: 2, b: new PyFloat(1), c: 'yes', d: [true, null, 10] }));
    assert.deepEqual(loaded.warnings, []);
    const unsafe = toData(loadYaml('[{"x": {"__ansible_unsafe": "{{ y }}"}}]', 'f.json').documents[0]!) as Map<string, unknown>[];
    assert.deepEqual(unsafe[0]?.get('x'), new UnsafeString('{{ y }}'));
  });
});

describe('yaml/load-yaml duplicate keys in nested mappings', () => {
  it('warns in the order PyYAML builds mappings: by depth, then in document order', () => {
    const text = readFileSync(`${fixtures}dup-order.yml`, 'utf8');
    const expected = readFileSync(`${fixtures}dup-order.stderr`, 'utf8');
    const loaded = loadYaml(text, `${recordedDir}dup-order.yml`);
    const printed = loaded.diagnostics.map((d) => errorBlock('WARNING', d.message, d.location, d.hint, text)).join('');
    assert.equal(printed, expected);
  });
});
