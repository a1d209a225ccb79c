import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config, inventory_hostnames, unvault } from './small-lookups.js';
import type { PluginContext } from '../plugin.js';
import type { LookupEnvironment } from '../api.js';

const FIXTURES = join(fileURLToPath(new URL('.', import.meta.url)), '../../../test/jinja/ansible-fixtures');

function context(lookup: Partial<LookupEnvironment>): PluginContext {
  return {
    vars: { get: () => undefined, has: () => false, keys: () => [] },
    lookup: { searchPaths: () => [FIXTURES], baseDir: FIXTURES, ...lookup },
    renderString: (text) => text,
  };
}

describe('template/lookups/small-lookups', () => {
  it('lists inventory hosts for each pattern once, in order', () => {
    const hosts: Record<string, string[]> = { web: ['w1', 'w2'], all: ['w1', 'w2', 'db'] };
    const ctx = context({ inventoryHostnames: (p) => hosts[p] ?? [] });
    assert.deepEqual(inventory_hostnames(ctx, ['web', 'all'], new Map()), ['w1', 'w2', 'db']);
  });

  it('reads config settings, skipping missing ones when asked', () => {
    const ctx = context({ config: (name) => (name === 'DEFAULT_FORKS' ? 5 : undefined) });
    assert.deepEqual(config(ctx, ['DEFAULT_FORKS'], new Map()), [5]);
    assert.deepEqual(config(ctx, ['NOPE'], new Map([['on_missing', 'skip']])), []);
    assert.throws(() => config(ctx, ['NOPE'], new Map()), /No config definition exists for 'NOPE'\./);
  });

  it('decrypts a vaulted file through the controller\'s vault, and needs one', () => {
    const ctx = context({ vault: { decrypt: (text) => (text.startsWith('$ANSIBLE_VAULT') ? 'vaulted content\n' : text) } });
    assert.deepEqual(unvault(ctx, ['vaulted.txt'], new Map()), ['vaulted content\n']);
    assert.deepEqual(unvault(ctx, ['hello.txt'], new Map()), ['hello world\n']);
    assert.throws(() => unvault(context({}), ['vaulted.txt'], new Map()), /A vault password must be specified to decrypt data\./);
  });
});
