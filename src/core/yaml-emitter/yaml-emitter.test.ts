import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dumpYaml } from './index.js';

// Recorded with the oracle: yaml.dump(value, Dumper=AnsibleDumper, allow_unicode=True) with
// default_flow_style=None (as to_yaml) and with default_flow_style=False, indent=4 (as to_nice_yaml).
// libyaml's character classes decide these: NEL is not printable, CR is a line break.
const ROWS: readonly [unknown, string, string][] = [
  ['a\x85b', '"a\\Nb"\n', '"a\\Nb"\n'],
  [new Map([['a\rb', 1]]), '{? "a\\rb" : 1}\n', '? "a\\rb"\n: 1\n'],
  [new Map([['k\x85', ['x\ny', 'é😀']]]), `? "k\\N"\n: ['x\n\n    y', "é\\U0001F600"]\n`, `? "k\\N"\n:   - 'x\n\n        y'\n    - "é\\U0001F600"\n`],
  [
    ['long long long long long long long long long long long long long long long long long long long long text', "it's"],
    "[long long long long long long long long long long long long long long long long long\n    long long long text, it's]\n",
    "- long long long long long long long long long long long long long long long long\n    long long long long text\n- it's\n",
  ],
];

describe('core/yaml-emitter', () => {
  ROWS.forEach(([value, flow, block]) => {
    it(`dumps ${JSON.stringify(value instanceof Map ? [...value] : value)} as libyaml does`, () => {
      assert.equal(dumpYaml(value as never, { defaultFlowStyle: null }), flow);
      assert.equal(dumpYaml(value as never, { defaultFlowStyle: false, indent: 4 }), block);
    });
  });

  it('ends a document whose last scalar keeps its final line breaks with `...`', () => {
    assert.equal(dumpYaml('a\n\n', { literalMultiline: true }), '|+\n  a\n\n...\n');
  });
});
