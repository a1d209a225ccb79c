import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../core/json.js';
import { dumpYaml } from './yaml-dump.js';

// test-fixtures/yaml/table.json: values.json dumped by the oracle's PyYAML/libyaml with ansible's
// callback dumper (gen.py, run with oracle-exec python3), lossy and not, indent 4 and default.
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'yaml');
const TABLE = join(FIXTURES, 'table.json');
// fuzz-300.json: random nested values with awkward strings (fuzz.py, seed 1), dumped by the oracle.
const FUZZ = join(FIXTURES, 'fuzz-300.json');

interface Row {
  readonly value: unknown;
  readonly lossy: boolean;
  readonly indent: number | null;
  readonly yaml: string;
}

function load(file: string): { rows: Row[]; values: Map<string, unknown>[] } {
  const text = readFileSync(file, 'utf8');
  // Re-read the values with Volant's JSON reader so floats stay floats.
  return { rows: JSON.parse(text) as Row[], values: parseJson(text) as unknown as Map<string, unknown>[] };
}

describe('callbacks/format/yaml-dump', () => {
  const table = load(TABLE);
  table.rows.forEach((row, i) => {
    const value = table.values[i]?.get('value');
    it(`dumps ${JSON.stringify(row.value).slice(0, 60)} (lossy=${row.lossy}, indent=${row.indent}) as PyYAML does`, () => {
      assert.equal(dumpYaml(value as never, { lossy: row.lossy, indent: row.indent ?? undefined }), row.yaml);
    });
  });

  it('dumps 300 random nested values with awkward strings as the oracle did', () => {
    const fuzz = load(FUZZ);
    fuzz.rows.forEach((row, i) => {
      const value = fuzz.values[i]?.get('value');
      assert.equal(dumpYaml(value as never, { lossy: row.lossy, indent: row.indent ?? undefined }), row.yaml, `row ${i}`);
    });
  });
});
