import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, type Data } from '../../../src/core/data.js';
import { fromPlain } from '../../../src/core/json.js';
import { cleanFacts, namespaceFacts } from '../../../src/vars/clean-facts.js';

// fixtures/facts/expected.json: ansible's clean_facts and namespace_facts of facts.json,
// recorded inside the oracle (record.sh).
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'facts');
const facts = fromPlain(JSON.parse(readFileSync(join(dir, 'facts.json'), 'utf8')));
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { clean: unknown; namespace: unknown; warnings: string[] };

function plain(value: Data): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (isDict(value)) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  return value;
}

describe('vars/facts as variables', () => {
  it('drops connection, interpreter, become and internal names from injected facts, with ansible warnings', () => {
    assert.ok(isDict(facts));
    const { facts: clean, warnings } = cleanFacts(facts);
    assert.deepEqual(plain(clean), expected.clean);
    assert.deepEqual([...clean.keys()], Object.keys(expected.clean as object));
    assert.deepEqual([...warnings].sort(), expected.warnings);
  });

  it('puts every fact under ansible_facts without its ansible_ prefix', () => {
    assert.ok(isDict(facts));
    assert.deepEqual(plain(new Map([['ansible_facts', namespaceFacts(facts)]])), expected.namespace);
  });
});
