/**
 * Ends the ssh ControlMasters a run left behind (ControlPersist keeps them for 60 s), so the next
 * run starts cold and the sshd sessions they hold end and are counted for the run that opened them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { childPids } from './proc-stat.js';

export function stopSshMasters(controlDir: string): void {
  if (!existsSync(controlDir)) return;
  for (const name of readdirSync(controlDir)) {
    const path = join(controlDir, name);
    spawnSync('ssh', ['-o', `ControlPath=${path}`, '-O', 'exit', 'bench-master'], { stdio: 'ignore', timeout: 5000 });
  }
  rmSync(controlDir, { recursive: true, force: true });
}

/** The oracle's sshd listener (127.0.0.1:2222), when it runs. */
export function oracleSshdPid(pidFile = '/opt/oracle-keys/sshd.pid'): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return existsSync(`/proc/${pid}`) ? pid : undefined;
}

/**
 * Waits (at most `limitMs`) until the listener's sessions that were not there before the run have
 * ended and been reaped, so their CPU shows in the listener's cutime.
 */
export function waitForSessionsToEnd(sshdPid: number, before: ReadonlySet<number>, limitMs = 10000): void {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (childPids(sshdPid).every((p) => before.has(p))) return;
    spawnSync('sleep', ['0.1']);
  }
}
