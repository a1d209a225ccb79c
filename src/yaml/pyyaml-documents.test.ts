import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Data } from '../core/data.js';
import { floatRepr, PyDate, PyFloat, UnsafeString, VaultString } from '../core/data.js';
import { YamlError } from '../core/errors.js';
import { loadYaml } from './load-yaml.js';
import { toData } from './to-data.js';

// Recorded with ansible-core 2.19.11's AnsibleLoader (PyYAML 6.0.2 + libyaml): each document's
// value with Python types spelled out ({int}, {float: repr}, {dict: [[k, v]…]}, dates as str()).
interface Row {
  yaml: string;
  value?: unknown;
  error?: string;
}
const read = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Row[];
// pyyaml-tricky.json: edge cases (flow keys without spaces, sexagesimal, explicit tags, anchors
// redefined, errors); `!!binary` and `!!set` are left out (no bytes or set type in Volant's model).
const rows = [...read('pyyaml-documents.json'), ...read('pyyaml-tricky.json')];

function encode(value: Data): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return { int: String(value) };
  if (value instanceof PyFloat) return { float: floatRepr(value.value) };
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return { vault: value.ciphertext };
  if (value instanceof PyDate) return value.text;
  if (Array.isArray(value)) return value.map(encode);
  return { dict: [...value].map(([k, v]) => [encodeKey(k), encode(v)]) };
}

/** NOTE: dict keys have no float type in Volant's model; a non-integral number key was a float. */
function encodeKey(key: Data): unknown {
  return typeof key === 'number' && !Number.isInteger(key) ? { float: floatRepr(key) } : encode(key);
}

/** Dates are str() in Volant's data model. */
function expected(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expected);
  if (value !== null && typeof value === 'object') {
    const [[kind, inner]] = Object.entries(value) as [[string, unknown]];
    if (kind.includes('Date')) return inner;
    if (kind === 'dict') return { dict: (inner as unknown[][]).map((pair) => pair.map(expected)) };
    return { [kind]: inner };
  }
  return value;
}

describe('yaml/load-yaml reads documents as ansible-core does', () => {
  for (const row of rows) {
    it(`reads ${JSON.stringify(row.yaml.slice(0, 40))}`, () => {
      if (row.error !== undefined) {
        assert.throws(() => loadYaml(row.yaml, 'doc.yml', { single: true }), YamlError);
        return;
      }
      const doc = loadYaml(row.yaml, 'doc.yml').documents[0];
      assert.ok(doc !== undefined);
      assert.deepEqual(encode(toData(doc)), expected(row.value));
    });
  }
});
