import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireBenchLock } from './bench-lock.js';

describe('bench/bench-lock', () => {
  it('takes over a lock whose owner is gone, and marks it with this pid', () => {
    const root = mkdtempSync(join(tmpdir(), 'volant-bench-lock-test-'));
    const dir = join(root, 'lock');
    try {
      const gone = spawnSync('true').pid ?? 999999;
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), `${gone}\n`);
      const said: string[] = [];
      acquireBenchLock((t) => said.push(t), dir);
      assert.equal(readFileSync(join(dir, 'pid'), 'utf8').trim(), String(process.pid));
      assert.deepEqual(said, []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
