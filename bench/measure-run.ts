/**
 * Runs one command the way the benchmark measures it: wall time, the controller process tree's
 * CPU (user+sys of it and every child it waited for, from GNU time), its peak RSS (the largest
 * single process of the tree), the whole machine's CPU over the run from /proc/stat, and, for ssh
 * workloads, the CPU of the sshd sessions the run opened (the remote side: sshd, agents, modules).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineCpuSeconds, reapedChildCpuSeconds } from './proc-stat.js';
import { readSelfUsage, SELF_USAGE_ENV, type SelfUsage } from './self-usage.js';

export interface RunMeasurement {
  exitCode: number;
  wallSeconds: number;
  controllerCpuSeconds: number;
  machineCpuSeconds: number;
  /** CPU of the sshd sessions this run opened; undefined for local workloads. */
  sshdCpuSeconds: number | undefined;
  peakRssMiB: number;
  /** The controller process alone (Volant's node), when it ran with the self-usage preload. */
  controllerSelf: SelfUsage | undefined;
  stdout: string;
  stderr: string;
}

export interface RunRequest {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The sshd listener whose finished sessions count as this run's remote CPU. */
  sshdPid?: number | undefined;
  /** Called after the command exits and before the sshd is read: ends lingering ssh masters. */
  afterExit?: (() => void) | undefined;
  /** Where the self-usage preload writes (the preload must be among argv's node flags). */
  selfUsageFile?: string | undefined;
}

export function measureRun(req: RunRequest): RunMeasurement {
  const dir = mkdtempSync(join(tmpdir(), 'volant-bench-time-'));
  const timeFile = join(dir, 'time');
  const sshdBefore = req.sshdPid === undefined ? undefined : reapedChildCpuSeconds(req.sshdPid);
  const cpuBefore = machineCpuSeconds();
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%U %S %M', ...req.argv], {
    cwd: req.cwd,
    env: req.selfUsageFile === undefined ? req.env : { ...req.env, [SELF_USAGE_ENV]: req.selfUsageFile },
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  req.afterExit?.();
  const cpuAfter = machineCpuSeconds();
  const sshdAfter = req.sshdPid === undefined ? undefined : reapedChildCpuSeconds(req.sshdPid);
  const timeText = readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '';
  const controllerSelf = req.selfUsageFile === undefined ? undefined : readSelfUsage(req.selfUsageFile);
  if (req.selfUsageFile !== undefined) rmSync(req.selfUsageFile, { force: true });
  rmSync(dir, { recursive: true, force: true });
  const [user = NaN, sys = NaN, maxKiB = NaN] = timeText.split(' ').map(Number);
  return {
    exitCode: r.status ?? 1,
    wallSeconds,
    controllerCpuSeconds: user + sys,
    machineCpuSeconds: cpuAfter - cpuBefore,
    sshdCpuSeconds: sshdBefore === undefined || sshdAfter === undefined ? undefined : sshdAfter - sshdBefore,
    peakRssMiB: maxKiB / 1024,
    controllerSelf,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}
