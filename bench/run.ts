/**
 * Volant side by side with ansible-core 2.19 and Mitogen (when the oracle is installed).
 *
 *   npm run bench -- [workload…] [--runs N] [--oracle default|all|none] [--bundle FILE] [--cpu-prof DIR] [--no-floor] [--plain-shell]
 *
 * Runs alternate (Volant, ansible-core, Mitogen, Volant, …) so a change in the machine's load hits
 * all three alike. Every run must exit 0 and end with the same normalized PLAY RECAP as Volant's.
 * Prints a table and writes bench/results/<date>.json with the machine's description.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireBenchLock } from './bench-lock.js';
import { buildBundle } from './build-bundle.js';
import { formatTable } from './format-table.js';
import { loadAverage, machineInfo } from './machine-info.js';
import { measureRun, type RunMeasurement } from './measure-run.js';
import { childPids } from './proc-stat.js';
import { normalizedRecap } from './recap.js';
import { oracleSshdPid, stopSshMasters, waitForSessionsToEnd } from './ssh-masters.js';
import { PLAIN_SSH_PORT, startPlainSshd, type PlainSshd } from './plain-sshd.js';
import { writeSelfUsagePreload } from './self-usage.js';
import { summarize, type ToolSummary, type WorkloadResult } from './summarize.js';
import { floorCommand, mitogenInstalled, ORACLE, oracleInstalled, toolCommand, type ToolName } from './tools.js';
import { EXTRA_GROUPS, GROUPS, WORKLOADS, type WorkloadSpec } from './workload-specs.js';
import { CONTROL_DIR, WORKLOADS_DIR, writeWorkloads } from './workloads/generate.js';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const WRITE_ROOT = '/tmp/volant-bench';

interface Options {
  groups: string[];
  runs: number;
  oracle: 'default' | 'all' | 'none';
  bundle: string | undefined;
  cpuProf: string | undefined;
  /** Also measure the floor of ssh workloads (off with --no-floor). */
  floor: boolean;
  /** Run the ssh workloads against a second sshd whose sessions skip root's ~/.bashrc (plain-sshd.ts). */
  plainShell: boolean;
}

function parseOptions(argv: string[]): Options {
  const opts: Options = { groups: [], runs: 3, oracle: 'default', bundle: undefined, cpuProf: undefined, floor: true, plainShell: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--runs') opts.runs = Math.max(1, Number(value()));
    else if (a === '--oracle') {
      const v = value();
      if (v !== 'default' && v !== 'all' && v !== 'none') throw new Error(`--oracle: default, all or none, not ${v}`);
      opts.oracle = v;
    } else if (a === '--bundle') opts.bundle = value();
    else if (a === '--cpu-prof') opts.cpuProf = resolve(value());
    else if (a === '--no-floor') opts.floor = false;
    else if (a === '--plain-shell') opts.plainShell = true;
    else if (GROUPS.includes(a) || EXTRA_GROUPS.includes(a)) opts.groups.push(a);
    else throw new Error(`unknown workload or option: ${a} (workloads: ${[...GROUPS, ...EXTRA_GROUPS].join(' ')})`);
  }
  if (opts.groups.length === 0) opts.groups = [...GROUPS];
  return opts;
}

function toolsFor(spec: WorkloadSpec, opts: Options): ToolName[] {
  // NOTE: the floor needs the oracle's sshd only, and says how much of an ssh workload no engine can save.
  const floor: ToolName[] = spec.ssh && opts.floor ? ['floor'] : [];
  if (opts.oracle === 'none' || !oracleInstalled()) return ['volant', ...floor];
  const tools: ToolName[] = opts.oracle === 'all' && spec.name !== 'parse' ? ['volant', 'ansible-core', 'mitogen'] : [...spec.tools];
  return [...(mitogenInstalled() ? tools : tools.filter((t) => t !== 'mitogen')), ...floor];
}

function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** The sshd the ssh workloads reach: the oracle's, or with --plain-shell the second one. */
let plain: PlainSshd | undefined;
const sshdPidNow = (): number | undefined => plain?.pid ?? oracleSshdPid();

function runOnce(spec: WorkloadSpec, tool: ToolName, bundle: string, opts: Options, scratch: string): RunMeasurement {
  rmSync(WRITE_ROOT, { recursive: true, force: true });
  stopSshMasters(CONTROL_DIR);
  // ssh does not create the folder of a ControlPath given in ssh_common_args.
  mkdirSync(CONTROL_DIR, { recursive: true, mode: 0o700 });
  const sshdPid = spec.ssh ? sshdPidNow() : undefined;
  const before = new Set(sshdPid === undefined ? [] : childPids(sshdPid));
  const nodeFlags = tool === 'volant' ? ['--require', writeSelfUsagePreload(scratch)] : [];
  if (opts.cpuProf !== undefined && tool === 'volant') nodeFlags.push('--cpu-prof', `--cpu-prof-dir=${join(opts.cpuProf, spec.name)}`);
  const cmd = tool === 'floor' ? floorCommand(spec.hosts, CONTROL_DIR, plain === undefined ? 2222 : PLAIN_SSH_PORT) : toolCommand(tool, bundle, spec.args, nodeFlags);
  return measureRun({
    argv: cmd.argv,
    cwd: spec.dir,
    env: cmd.env,
    sshdPid,
    selfUsageFile: tool === 'volant' ? join(scratch, 'self-usage.json') : undefined,
    afterExit: () => {
      stopSshMasters(CONTROL_DIR);
      if (sshdPid !== undefined) waitForSessionsToEnd(sshdPid, before);
    },
  });
}

/** A failed or disagreeing run's whole output, for a look afterwards (bench/results/tmp/ is not committed). */
function keepOutput(spec: WorkloadSpec, tool: ToolName, run: number, m: RunMeasurement): void {
  const dir = join(BENCH_DIR, 'results', 'tmp');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${spec.name}-${tool}-${run + 1}.out`), `${m.stdout}\n--- stderr ---\n${m.stderr}`);
}

function runWorkload(spec: WorkloadSpec, bundle: string, opts: Options, scratch: string): WorkloadResult {
  const tools = toolsFor(spec, opts);
  const runs = new Map<ToolName, RunMeasurement[]>(tools.map((t) => [t, []]));
  const problems: string[] = [];
  let reference: string | undefined;
  for (let i = 0; i < opts.runs; i++) {
    for (const tool of tools) {
      const m = runOnce(spec, tool, bundle, opts, scratch);
      runs.get(tool)?.push(m);
      log(`${spec.name} run ${i + 1}/${opts.runs} ${tool}: ${m.wallSeconds.toFixed(2)} s, exit ${m.exitCode}`);
      if (tool === 'floor') {
        if (m.exitCode !== 0) problems.push(`floor run ${i + 1} exited ${m.exitCode}: ${m.stderr.trim().split('\n').slice(-3).join(' | ')}`);
        continue;
      }
      const recap = normalizedRecap(m.stdout);
      if (m.exitCode !== 0 || recap !== (reference ?? recap)) keepOutput(spec, tool, i, m);
      if (m.exitCode !== 0) problems.push(`${tool} run ${i + 1} exited ${m.exitCode}: ${m.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      if (recap === '') problems.push(`${tool} run ${i + 1}: no PLAY RECAP`);
      reference ??= recap;
      if (recap !== reference) problems.push(`${tool} run ${i + 1}: recap differs:\n${recap}\n-- expected --\n${reference}`);
    }
  }
  rmSync(WRITE_ROOT, { recursive: true, force: true });
  const summaries: ToolSummary[] = tools.map((t) => summarize(t, runs.get(t) ?? []));
  return { name: spec.name, hosts: spec.hosts, recap: reference ?? '', recapsAgree: problems.length === 0, problems, tools: summaries };
}

function runRender(): { output: string; exitCode: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(BENCH_DIR, 'render', 'render.ts'), '2'], {
    cwd: join(BENCH_DIR, '..'),
    encoding: 'utf8',
  });
  return { output: `${r.stdout}${r.stderr}`.trim(), exitCode: r.status ?? 1 };
}

function stamp(d: Date): string {
  return d.toISOString().slice(0, 16).replace(':', '');
}

async function main(): Promise<number> {
  const opts = parseOptions(process.argv.slice(2));
  acquireBenchLock(log);
  writeWorkloads();
  const started = new Date();
  const machine = machineInfo(oracleInstalled() ? ORACLE.replace(/ansible-playbook$/, 'oracle-exec') : undefined);
  const scratch = mkdtempSync(join(tmpdir(), 'volant-bench-'));
  // --plain-shell: the workloads are written again into scratch, their ssh hosts on the second sshd.
  let workloadsRoot = WORKLOADS_DIR;
  if (opts.plainShell) {
    plain = startPlainSshd(scratch);
    workloadsRoot = join(scratch, 'workloads');
    writeWorkloads(workloadsRoot, PLAIN_SSH_PORT);
  }
  let bundle = opts.bundle;
  if (bundle === undefined) {
    // A private snapshot of the CLI: others rebuild dist/ while the benchmark runs.
    bundle = join(scratch, 'volant.cjs');
    await buildBundle(bundle);
  }
  if (opts.cpuProf !== undefined) {
    // bench/profile-summary.ts maps profile lines to source files through the bundle's comments.
    mkdirSync(opts.cpuProf, { recursive: true });
    copyFileSync(bundle, join(opts.cpuProf, 'volant.cjs'));
  }
  log(`bench: ${opts.groups.join(' ')}, ${opts.runs} run(s) each; oracle ${oracleInstalled() ? opts.oracle : 'not installed'}; load ${machine.loadAverage.join(' ')}; page fault ${machine.pageFaultMicros ?? '?'} µs, process start ${machine.processStartMillis ?? '?'} ms`);
  const results: WorkloadResult[] = [];
  const skipped: string[] = [];
  let render: { output: string; exitCode: number } | undefined;
  const resultsDir = join(BENCH_DIR, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${stamp(started)}.json`);
  // Written after every workload, so a long run that is stopped keeps what it measured.
  const save = (): void => {
    const doc = {
      started: started.toISOString(),
      finished: new Date().toISOString(),
      runsPerTool: opts.runs,
      oracle: oracleInstalled() ? opts.oracle : 'not installed',
      machine,
      machineLoadAfter: loadAverage(),
      results,
      skipped,
      render,
      table: formatTable(results),
    };
    writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  };
  for (const group of opts.groups) {
    if (group === 'render') {
      render = runRender();
      log(render.output);
      continue;
    }
    for (const spec of WORKLOADS.filter((w) => w.group === group)) {
      if (spec.ssh && sshdPidNow() === undefined) {
        skipped.push(`${spec.name}: the oracle's sshd (127.0.0.1:2222) is not running; run its setup.sh`);
        continue;
      }
      const run = plain === undefined || !spec.ssh ? spec : { ...spec, name: `${spec.name}-plainshell`, dir: join(workloadsRoot, relative(WORKLOADS_DIR, spec.dir)) };
      results.push(runWorkload(run, bundle, opts, scratch));
      save();
    }
  }
  plain?.stop();
  rmSync(scratch, { recursive: true, force: true });
  const table = formatTable(results);
  process.stdout.write(`${table}\n`);
  for (const r of results) for (const p of r.problems) process.stdout.write(`! ${r.name}: ${p}\n`);
  for (const s of skipped) process.stdout.write(`skipped ${s}\n`);
  if (render) process.stdout.write(`\nrender:\n${render.output}\n`);
  save();
  process.stdout.write(`\nwrote ${file}\n`);
  const failed = results.some((r) => !r.recapsAgree) || (render !== undefined && render.exitCode !== 0);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
