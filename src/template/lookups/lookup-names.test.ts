import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUILTIN_LOOKUP_NAMES, isBuiltinLookupName } from '../../core/lookup-names.js';
import { lookups } from '../plugin.js';
import { BUILTIN_LOOKUP_REGISTERED } from './index.js';

test('the loader knows exactly the lookups the template stage registers', () => {
  assert.deepEqual([...BUILTIN_LOOKUP_NAMES].sort(), [...BUILTIN_LOOKUP_REGISTERED].sort());
});

test('builtin lookups answer to their short, ansible.builtin and ansible.legacy names', () => {
  for (const name of ['items', 'ansible.builtin.items', 'ansible.legacy.items']) {
    assert.ok(isBuiltinLookupName(name), name);
    assert.ok(lookups.has(name), name);
  }
  for (const name of ['flattened', 'community.general.flattened', 'ansible.posix.items', 'itemz']) assert.ok(!isBuiltinLookupName(name), name);
});
