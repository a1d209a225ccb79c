/**
 * stat's version, attr_flags and attributes: what `lsattr -vd` prints, split on whitespace as
 * ansible-core's get_file_attributes does (lsattr pads a short version to ten columns).
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dictOf, isDict } from '../../src/core/data.js';
import { createTransport } from '../../src/transport/index.js';
import { LOCAL_SPEC } from './over-local-and-ssh.js';
import { asTaskResult } from './task-result.js';

function lsattr(path: string): { version: string; flags: string } | undefined {
  try {
    const fields = execFileSync('lsattr', ['-vd', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split(/\s+/);
    return { version: fields[0] ?? '', flags: (fields[1] ?? '').replace(/-/g, '') };
  } catch {
    return undefined;
  }
}

const dir = mkdtempSync('/tmp/volant-stat-attrs-');
const file = join(dir, 'f');
writeFileSync(file, 'x\n');
// a short version (new files get a random one of ten digits): the padding is what this checks
const versionSet = ((): boolean => {
  try {
    execFileSync('chattr', ['-v', '7', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const expected = versionSet ? lsattr(file) : undefined;

const skip = existsSync('/usr/bin/lsattr') && expected !== undefined ? false : 'lsattr/chattr do not work on flags here';
if (skip) rmSync(dir, { recursive: true, force: true });

describe('stat and file attributes', { skip }, () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are what lsattr prints, a short version included', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(LOCAL_SPEC);
      const result = asTaskResult(await session.runModule({ module: 'stat', args: dictOf({ path: file }), checkMode: false, diff: false }));
      const st = result.get('stat');
      assert.ok(isDict(st));
      assert.equal(expected?.version, '7');
      assert.deepEqual({ version: st.get('version'), flags: st.get('attr_flags') }, expected);
      assert.ok(Array.isArray(st.get('attributes')) && (st.get('attributes') as unknown[]).length === expected?.flags.length);
    } finally {
      await transport.closeAll();
    }
  });

  it('file sets them as ansible-core does: chattr with the operation given, which the diff shows', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(LOCAL_SPEC);
      const before = expected?.flags ?? '';
      const add = asTaskResult(await session.runModule({ module: 'file', args: dictOf({ path: file, attributes: '+A' }), checkMode: false, diff: true }));
      assert.equal(add.get('changed'), true);
      assert.deepEqual(add.get('diff'), dictOf({ before: dictOf({ attributes: before, path: file }), after: dictOf({ attributes: '+A', path: file }) }));
      assert.match(lsattr(file)?.flags ?? '', /A/);
      // taking flags off is a change whether or not they are there
      for (let i = 0; i < 2; i++) {
        const off = asTaskResult(await session.runModule({ module: 'file', args: dictOf({ path: file, attributes: '-A' }), checkMode: false, diff: true }));
        assert.equal(off.get('changed'), true);
      }
      assert.equal(lsattr(file)?.flags, before);
    } finally {
      await transport.closeAll();
    }
  });
});
