import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { password } from './password.js';
import type { PluginContext } from '../plugin.js';

function context(baseDir: string): PluginContext {
  return {
    vars: { get: () => undefined, has: () => false, keys: () => [] },
    lookup: { searchPaths: () => [], baseDir },
    renderString: (text) => text,
  };
}

describe('template/lookups/password', () => {
  it('generates a password once, stores it with mode 0600, and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-pw-'));
    const ctx = context(dir);
    const [first] = password(ctx, ['creds/db length=12 chars=ascii_letters,digits'], new Map());
    assert.match(String(first), /^[A-Za-z0-9]{12}$/);
    const path = join(dir, 'creds/db');
    assert.equal(readFileSync(path, 'utf8'), `${String(first)}\n`);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(password(ctx, ['creds/db length=30'], new Map()), [first]);
  });

  it('returns the password part of a file that stores a salt', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-pw-'));
    writeFileSync(join(dir, 'stored'), 's3cret salt=abcdefgh ident=2b\n');
    assert.deepEqual(password(context(dir), ['stored'], new Map()), ['s3cret']);
  });

  it('never stores anything for /dev/null', () => {
    const [a] = password(context('/tmp'), ['/dev/null length=8 chars=digits'], new Map());
    assert.match(String(a), /^\d{8}$/);
  });

  it('refuses unknown parameters in Ansible\'s words', () => {
    assert.throws(() => password(context('/tmp'), ['x bogus=1'], new Map()), /Unrecognized parameter\(s\) given to password lookup: bogus/);
  });
});
