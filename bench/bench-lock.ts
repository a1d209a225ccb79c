/**
 * One benchmark at a time on the machine: every run empties /tmp/volant-bench and ends the ssh
 * masters in the shared control directory, so a second benchmark started meanwhile (another
 * checkout, another engineer) would cut the first one's connections and mix its CPU figures in.
 * The lock is a directory holding the owner's pid; a lock whose owner is gone is taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_DIR = '/tmp/volant-bench.lock';

function owner(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8').trim());
    return pid > 0 && existsSync(`/proc/${pid}`) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until this process holds the lock; it is released when the process exits. */
export function acquireBenchLock(log: (text: string) => void, dir = LOCK_DIR): void {
  let announced = false;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), `${process.pid}\n`);
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = owner(dir);
    if (pid === undefined) {
      // NOTE: a fresh lock may not have its pid file yet; only an old one is stale.
      spawnSync('sleep', ['0.2']);
      if (owner(dir) === undefined) rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (!announced) log(`bench: waiting for the benchmark run by pid ${pid} to finish`);
    announced = true;
    spawnSync('sleep', ['1']);
  }
}
