import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PyDate, PyFloat } from '../../../src/core/data.js';
import { parseToml } from '../../../src/inventory/toml-parse.js';

// Each text with the error Python 3.13's tomllib gives for it (recorded in the reference's chroot).
const ERRORS: readonly [string, string][] = [
  ["a 1\n", "Expected '=' after a key in a key/value pair (at line 1, column 3)"],
  ["a = \n", "Invalid value (at line 1, column 5)"],
  ["a = 1\na = 2\n", "Cannot overwrite a value (at line 2, column 6)"],
  ["[t]\n[t]\n", "Cannot declare ('t',) twice (at line 2, column 3)"],
  ["a = \"x\n", "Illegal character '\\n' (at line 1, column 7)"],
  ["a = 1 b\n", "Expected newline or end of document after a statement (at line 1, column 7)"],
  ["[[a]]\n[a]\n", "Cannot declare ('a',) twice (at line 2, column 3)"],
  ["a = [1 2]\n", "Unclosed array (at line 1, column 8)"],
  ["a = {b = 1,}\n", "Invalid initial character for a key part (at line 1, column 12)"],
  ["a.b = 1\na.b.c = 2\n", "Cannot overwrite a value (at line 2, column 10)"],
  ["= 1\n", "Invalid statement (at line 1, column 1)"],
  ["a = tru\n", "Invalid value (at line 1, column 5)"],
  ["a = 'x\n", "Expected \"'\" (at end of document)"],
  ["x = 1\n[x]\n", "Cannot overwrite a value (at line 2, column 3)"],
  ["a = \"\\q\"\n", "Unescaped '\\' in a string (at line 1, column 8)"],
  ["a = 01\n", "Expected newline or end of document after a statement (at line 1, column 6)"],
];

describe('inventory/toml-parse', () => {
  it('fails with tomllib\'s words and position', () => {
    for (const [text, message] of ERRORS) assert.throws(() => parseToml(text), { message }, JSON.stringify(text));
  });

  it('reads tables, dotted keys and arrays of tables in the order keys first appear', () => {
    const data = parseToml('b = 1\n[t.u]\nx = "y"\n[[arr]]\nn = 1\n[[arr]]\nn = 2\n[t]\nd.e = 3\n');
    assert.deepEqual([...data.keys()], ['b', 't', 'arr']);
    const t = data.get('t') as Map<string, unknown>;
    assert.deepEqual([...t.keys()], ['u', 'd']);
    assert.equal((data.get('arr') as unknown[]).length, 2);
  });

  it('keeps TOML\'s types as tomllib gives them', () => {
    const data = parseToml('i = -0\nf = 1e3\nd = 1979-05-27\ndt = 1979-05-27T07:32:00.5Z\nbig = 9223372036854775808\n');
    assert.equal(data.get('i'), 0);
    assert.ok(data.get('f') instanceof PyFloat);
    assert.equal(String(data.get('d')), '1979-05-27');
    assert.equal((data.get('dt') as PyDate).text, '1979-05-27 07:32:00.500000+00:00');
    assert.equal(data.get('big'), 9223372036854775808n);
  });

  it('makes a local time a datetime.time', () => {
    const t = parseToml('t = 00:32:00.5\n').get('t') as PyDate;
    assert.equal(t.kind, 'time');
    assert.equal(t.text, '00:32:00.500000');
    assert.equal(t.repr(), 'datetime.time(0, 32, 0, 500000)');
  });
});
