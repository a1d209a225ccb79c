import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJson } from '../../core/json.js';
import { dumpYaml } from './yaml-dump.js';

// test-fixtures/yaml/table.json: values.json dumped by the oracle's PyYAML/libyaml with ansible's
// callback dumper (gen.py, run with oracle-exec python3), lossy and not, indent 4 and default.
const TABLE = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures', 'yaml', 'table.json');

interface Row {
  readonly value: unknown;
  readonly lossy: boolean;
  readonly indent: number | null;
  readonly yaml: string;
}

describe('callbacks/format/yaml-dump', () => {
  const rows = JSON.parse(readFileSync(TABLE, 'utf8')) as Row[];
  // Re-read the values with Volant's JSON reader so floats stay floats.
  const values = parseJson(readFileSync(TABLE, 'utf8'));
  rows.forEach((row, i) => {
    const value = (values as Map<string, unknown>[])[i]?.get('value');
    it(`dumps ${JSON.stringify(row.value).slice(0, 60)} (lossy=${row.lossy}, indent=${row.indent}) as PyYAML does`, () => {
      assert.equal(dumpYaml(value as never, { lossy: row.lossy, indent: row.indent ?? undefined }), row.yaml);
    });
  });
});
