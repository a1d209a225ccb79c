/** The machine a result was measured on, written into every results file. */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  kernel: string;
  node: string;
  python: string;
  oraclePython: string | undefined;
  loadAverage: number[];
}

function firstLine(cmd: string, args: string[]): string | undefined {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  return `${r.stdout}${r.stderr}`.trim().split('\n')[0];
}

export function machineInfo(oracle: string | undefined): MachineInfo {
  return {
    nproc: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    node: process.version,
    python: firstLine('python3', ['--version']) ?? 'none',
    oraclePython: oracle === undefined ? undefined : firstLine(oracle, ['python3', '--version']),
    // NOTE: the machine is shared; the load average at the start says how noisy the numbers are.
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
