import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ParseError } from '../core/errors.js';
import { parseKv } from './parse-kv.js';
import { splitArgs } from './split-args.js';

// Recorded from ansible.parsing.splitter (split_args, parse_kv with and without check_raw) in
// ansible-core 2.19.11.
interface Row {
  input: string;
  split?: string[];
  kv?: Record<string, string>;
  kv_raw?: Record<string, string>;
  error?: string;
}
const rows = JSON.parse(readFileSync(new URL('./fixtures/splitter.json', import.meta.url), 'utf8')) as Row[];

describe('playbook/split-args and parse-kv', () => {
  for (const row of rows) {
    if (row.error !== undefined) {
      it(`refuses ${JSON.stringify(row.input)}`, () => {
        assert.throws(() => splitArgs(row.input), (error: unknown) => error instanceof ParseError && error.message === row.error);
      });
      continue;
    }
    it(`splits ${JSON.stringify(row.input)}`, () => {
      assert.deepEqual(splitArgs(row.input), row.split);
      assert.deepEqual([...parseKv(row.input)], Object.entries(row.kv ?? {}));
      assert.deepEqual([...parseKv(row.input, true)], Object.entries(row.kv_raw ?? {}));
    });
  }
});
