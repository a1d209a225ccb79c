/**
 * CPU seconds from /proc that the controller's own rusage cannot see: the whole machine's busy
 * time, and the time of finished sessions under one sshd (its children's cutime + cstime).
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ, 100 on every Linux this runs on). */
const TICKS = 100;

/** Busy CPU seconds of the whole machine since boot: user+nice+system+irq+softirq+steal, all cores. */
export function machineCpuSeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

/**
 * CPU seconds of the reaped children of a process (cutime + cstime), e.g. of an sshd listener:
 * every finished ssh session, with the agents and modules it ran, lands there once it ends.
 * Returns undefined when the process is gone.
 */
export function reapedChildCpuSeconds(pid: number): number | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // NOTE: field 2 (comm) may hold spaces and parentheses; the numbers start after the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); cutime and cstime are fields 16 and 17.
  return (Number(rest[13]) + Number(rest[14])) / TICKS;
}

/** The pids whose parent is `pid`. */
export function childPids(pid: number): number[] {
  let text = '';
  try {
    text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  return text.trim().split(/\s+/).filter(Boolean).map(Number);
}
