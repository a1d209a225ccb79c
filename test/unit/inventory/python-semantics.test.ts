import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { floatRepr, isDict, PyFloat, type Data } from '../../../src/core/data.js';
import { expandHostRange } from '../../../src/inventory/expand-host-range.js';
import { ADDRESS_PATTERNS, parseAddress } from '../../../src/inventory/parse-address.js';
import { literalEval } from '../../../src/inventory/python-literal.js';

// fixtures/python/expected.json: Python's ast.literal_eval (as the INI plugin coerces its
// result), ansible's expand_hostname_range and parse_address, recorded inside the oracle.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'python');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
  literals: Record<string, { value?: unknown; error?: string }>;
  hostranges: Record<string, { hosts?: string[]; error?: string; whileHandling?: boolean }>;
  addresses: Record<string, { host?: string; port?: number | null; error?: string }>;
};

/** The recording's shape: floats as {float: repr}, dicts as [key, value] pairs. */
function recorded(value: Data): unknown {
  if (value instanceof PyFloat) return { float: floatRepr(value.value) };
  if (Array.isArray(value)) return value.map(recorded);
  if (isDict(value)) return [...value].map(([k, v]) => [recorded(k), recorded(v)]);
  return value;
}

describe('inventory/INI values (ast.literal_eval)', () => {
  for (const [text, want] of Object.entries(expected.literals)) {
    it(`reads ${JSON.stringify(text)} as Python does`, () => {
      const value = literalEval(text);
      if (want.error) assert.equal(value, undefined, `expected ${want.error}`);
      else {
        assert.notEqual(value, undefined);
        assert.deepEqual(recorded(value as Data), want.value);
      }
    });
  }
});

describe('inventory/host ranges', () => {
  for (const [text, want] of Object.entries(expected.hostranges)) {
    // ansible only expands names holding '['; the others never reach the function.
    if (!text.includes('[')) continue;
    it(`expands ${text} as ansible does`, () => {
      if (want.error) assert.throws(() => expandHostRange(text), { message: want.error, whileHandling: want.whileHandling ?? false });
      else assert.deepEqual(expandHostRange(text), want.hosts);
    });
  }
});

describe('inventory/parse_address', () => {
  it('takes the same names by its ASCII shortcut as by the full hostname pattern', () => {
    // NOTE: random names over the characters where the two could disagree (seeded: reproducible).
    const alphabet = 'aZ09_-.';
    let seed = 7;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let i = 0; i < 20000; i++) {
      let name = '';
      for (let n = 1 + next(8); n > 0; n--) name += alphabet[next(alphabet.length)];
      const full = ADDRESS_PATTERNS.hostname.test(name) || ADDRESS_PATTERNS.ipv4.test(name) || ADDRESS_PATTERNS.ipv6.test(name);
      let shortcut: boolean;
      try {
        shortcut = parseAddress(name).host === name;
      } catch {
        shortcut = false;
      }
      assert.equal(shortcut, full, name);
    }
  });

  for (const [text, want] of Object.entries(expected.addresses)) {
    it(`parses ${JSON.stringify(text)} as ansible does`, () => {
      if (want.error) assert.throws(() => parseAddress(text, true), { message: want.error });
      else assert.deepEqual(parseAddress(text, true), { host: want.host, port: want.port ?? undefined });
    });
  }
});
