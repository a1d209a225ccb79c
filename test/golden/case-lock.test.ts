import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withCaseLock } from './case-lock.js';
import { SCRATCH_ROOT } from './golden-case.js';

describe('golden/case-lock', () => {
  it('runs two holders of the same case one after the other', async () => {
    const events: string[] = [];
    const hold = (tag: string) =>
      withCaseLock('lock-test-serial', 5_000, async () => {
        events.push(`${tag} in`);
        await sleep(50);
        events.push(`${tag} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    assert.deepEqual(events, ['a in', 'a out', 'b in', 'b out']);
  });

  it('takes over a lock left by a process that is gone', async () => {
    mkdirSync(join(SCRATCH_ROOT, '.locks'), { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max ceiling, so no process can hold it
    writeFileSync(join(SCRATCH_ROOT, '.locks', 'lock-test-stale.lock'), `${2 ** 22 + 1}\n`);
    assert.equal(await withCaseLock('lock-test-stale', 1_000, () => Promise.resolve('ran')), 'ran');
  });

  it('gives up when the holder stays', async () => {
    await withCaseLock('lock-test-busy', 5_000, async () => {
      await assert.rejects(withCaseLock('lock-test-busy', 200, () => Promise.resolve()), /is locked by another run/);
    });
  });
});
