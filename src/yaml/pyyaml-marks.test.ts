import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadYaml } from './load-yaml.js';
import type { YamlNode } from './node.js';

// Recorded with PyYAML + libyaml in the oracle: yaml.compose(text) and every node's start_mark
// (1-based), in document order (mapping key before value). The same walk over ~450 YAML texts
// shipped with ansible-core (52,496 nodes) matched when this was written.
const rows = JSON.parse(readFileSync(new URL('./fixtures/pyyaml-marks.json', import.meta.url), 'utf8')) as { yaml: string; marks: [number, number][] }[];

function marks(node: YamlNode, out: [number, number][] = []): [number, number][] {
  out.push([node.loc.line, node.loc.column]);
  if (node.kind === 'map') {
    for (const pair of node.pairs) {
      marks(pair.key, out);
      marks(pair.value, out);
    }
  }
  if (node.kind === 'seq') for (const item of node.items) marks(item, out);
  return out;
}

describe('yaml/load-yaml locates nodes where PyYAML marks them', () => {
  for (const row of rows) {
    it(`marks ${JSON.stringify(row.yaml)}`, () => {
      const doc = loadYaml(row.yaml, 'f.yml').documents[0];
      assert.ok(doc !== undefined);
      assert.deepEqual(marks(doc), row.marks);
    });
  }
});
