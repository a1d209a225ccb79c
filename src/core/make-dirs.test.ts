import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeDirsSync, makeLocalDirs } from './make-dirs.js';

describe('core/make-dirs', () => {
  it('makes every missing directory of the chain and accepts one that exists', () => {
    const root = mkdtempSync(join(tmpdir(), 'make-dirs-'));
    try {
      const deep = join(root, 'a', 'b', 'c');
      makeDirsSync(deep);
      assert.ok(statSync(deep).isDirectory());
      makeDirsSync(deep);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('throws the error of the first directory it cannot make, where a recursive mkdir would loop', () => {
    assert.throws(() => makeDirsSync('/proc/volant-make-dirs/x'), (e: NodeJS.ErrnoException) => e.code === 'ENOENT' && e.path === '/proc/volant-make-dirs');
    assert.equal(existsSync('/proc/volant-make-dirs'), false);
  });

  it('refuses a file standing where a directory should be', () => {
    const root = mkdtempSync(join(tmpdir(), 'make-dirs-'));
    try {
      writeFileSync(join(root, 'f'), '');
      assert.throws(() => makeDirsSync(join(root, 'f')), (e: NodeJS.ErrnoException) => e.code === 'EEXIST');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('words a failure as ansible\'s makedirs_safe does', () => {
    assert.throws(
      () => makeLocalDirs('/proc/volant-make-dirs/x'),
      { message: "Unable to create local directories '/proc/volant-make-dirs/x': [Errno 2] No such file or directory: b'/proc/volant-make-dirs'" },
    );
  });
});
