import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fromPlain } from '../../core/json.js';
import { pformat } from './py-pformat.js';

// Recorded from Python's pprint.pformat by fixtures/record-pformat.py.
const rows = JSON.parse(readFileSync(new URL('./fixtures/pformat.json', import.meta.url), 'utf8')) as { value: unknown; pformat: string }[];

describe('run/debugger/py-pformat', () => {
  for (const [i, row] of rows.entries()) {
    it(`prints value ${i} as pprint does`, () => {
      assert.equal(pformat(fromPlain(row.value)), row.pformat);
    });
  }
});
