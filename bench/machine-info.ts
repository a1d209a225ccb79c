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
  /** Microseconds per first touch of an anonymous page (a minor page fault). */
  pageFaultMicros: number | undefined;
  /** Milliseconds per fork and exec of /bin/true from sh. */
  processStartMillis: number | undefined;
}

function firstLine(cmd: string, args: string[]): string | undefined {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  return `${r.stdout}${r.stderr}`.trim().split('\n')[0];
}

// NOTE: a minor fault is ~0.2 µs on bare metal and has been 25–40 µs on some of this workplace's
// virtual machines, where every process start, interpreter start and heap growth costs 100x more:
// results from two machines compare only when these two probes agree.
const PAGE_FAULT_PROBE = `import mmap, time
n = 4096
m = mmap.mmap(-1, n * 4096)
t = time.perf_counter()
for i in range(0, n * 4096, 4096): m[i] = 1
print((time.perf_counter() - t) / n * 1e6)`;

function pageFaultMicros(): number | undefined {
  const line = firstLine('python3', ['-S', '-c', PAGE_FAULT_PROBE]);
  return line === undefined ? undefined : Math.round(Number(line) * 100) / 100;
}

function processStartMillis(): number | undefined {
  const runs = 50;
  const start = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', `i=0; while [ $i -lt ${runs} ]; do /bin/true; i=$((i+1)); done`]);
  if (r.status !== 0) return undefined;
  return Math.round((Number(process.hrtime.bigint() - start) / 1e6 / runs) * 100) / 100;
}

export function loadAverage(): number[] {
  return loadavg().map((l) => Math.round(l * 100) / 100);
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
    loadAverage: loadAverage(),
    pageFaultMicros: pageFaultMicros(),
    processStartMillis: processStartMillis(),
  };
}
