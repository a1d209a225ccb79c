// A lock per golden case across processes. A case's scratch dir under /tmp is shared by every
// run of it (recording, verifying, the test suite, status scripts): two runs at once would see
// each other's files and record nonsense. The lock is a file created exclusively, holding the pid.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SCRATCH_ROOT } from './golden-case.js';

const LOCK_DIR = join(SCRATCH_ROOT, '.locks');
const POLL_MS = 100;

function holderAlive(path: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path, 'utf8').trim());
  } catch {
    return false; // released between our attempt and this read
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive but not ours to signal
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs `fn` while holding the named case's lock; waits for another holder up to `waitMs`. */
export async function withCaseLock<T>(name: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  mkdirSync(LOCK_DIR, { recursive: true });
  const path = join(LOCK_DIR, `${name}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (!holderAlive(path)) {
        // A holder that died leaves its file behind; whoever removes it first retries the create.
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`golden case ${name} is locked by another run (${path})`);
      await sleep(POLL_MS);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}
