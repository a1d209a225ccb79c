import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PyDate, PyFloat, floatRepr } from '../core/data.js';
import { resolvePlainScalar } from './pyyaml-scalar.js';

// Recorded with PyYAML 6.0.2 + libyaml inside the oracle: `yaml.load('v: ' + text, CSafeLoader)`.
// Each row: [text, python type name, value] (floats as repr, dates as str()).
type Row = [string, string, unknown];
const rows = JSON.parse(readFileSync(new URL('./fixtures/pyyaml-scalars.json', import.meta.url), 'utf8')) as Row[];

describe('yaml/pyyaml-scalar', () => {
  for (const [text, type, expected] of rows) {
    if (type === 'error' || text.startsWith('"')) continue;
    it(`resolves ${JSON.stringify(text)} as ${type}`, () => {
      const { value } = resolvePlainScalar(text);
      switch (type) {
        case 'float':
          assert.ok(value instanceof PyFloat);
          assert.equal(floatRepr(value.value), expected);
          break;
        case 'date':
        case 'datetime':
          assert.ok(value instanceof PyDate);
          assert.equal(value.kind, type);
          assert.equal(value.text, expected);
          break;
        default:
          assert.deepEqual(value, expected);
      }
    });
  }
  it('has no constructor for the merge key or `=` as a value', () => {
    assert.throws(() => resolvePlainScalar('<<'), /tag:yaml.org,2002:merge/);
    assert.throws(() => resolvePlainScalar('='), /tag:yaml.org,2002:value/);
  });
});
