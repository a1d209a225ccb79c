import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sequence } from './sequence.js';
import type { PluginContext } from '../plugin.js';

const ctx: PluginContext = { vars: { get: () => undefined, has: () => false, keys: () => [] }, renderString: (text) => text };

describe('template/lookups/sequence', () => {
  it('reads the shortcut and k=v forms', () => {
    assert.deepEqual(sequence(ctx, ['2-6/2:h%02d'], new Map()), ['h02', 'h04', 'h06']);
    assert.deepEqual(sequence(ctx, ['start=3 count=2'], new Map()), ['3', '4']);
  });

  it('fails on a term that is no string, as 2.19 does (its regex refuses it)', () => {
    assert.throws(() => sequence(ctx, [5], new Map()), /unknown error parsing with_sequence arguments: 5\. Error was: expected string or bytes-like object, got '_AnsibleTaggedInt'/);
    assert.throws(() => sequence(ctx, [[1]], new Map()), /arguments: \[1\]\. .*'_AnsibleLazyTemplateList'/);
  });
});
