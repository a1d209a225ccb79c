// The project check: whole projects (several plays, roles, group_vars, handlers, several hosts)
// applied under ansible-core 2.19 and under Volant, each engine against its own set of fresh,
// identical test hosts, comparing what both printed, run by run, and what both left on the hosts
// (files, users, packages, services). The projects are test/realworld/projects/<name>/, described
// in project-list.ts. Usage (root, for the test hosts):
//   node --import tsx test/realworld/projects.ts [--only NAME,…] [--keep-hosts] [--prefix P] [--volant DIR] [--work DIR]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unifiedDiff } from '../golden/unified-diff.js';
import { snapshotPaths } from './disk-snapshot.js';
import {
  changedCount,
  compareRuns,
  ENGINES,
  hostAddress,
  normalizeRun,
  recapCounts,
  runEngine,
  sshVars,
  TEST_HOSTS,
  TEST_HOSTS_DIR,
  testHosts,
  type Engine,
  type RunOutput,
} from './engine-run.js';
import { withoutHostIdentity, type HostIdentity } from './host-identity.js';
import { PROJECTS, STATE_PROBES, type Project } from './project-list.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(HERE, '..', '..');

interface Options {
  readonly only: readonly string[];
  readonly keepHosts: boolean;
  readonly prefix: string;
  readonly volantRoot: string;
  readonly work: string;
}

function parseArgs(argv: readonly string[]): Options {
  let only: string[] = [];
  let keepHosts = false;
  let prefix = 'pj';
  let volantRoot = REPO_ROOT;
  let work = '/tmp/volant-projects';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') only = (argv[++i] ?? '').split(',').filter((s) => s !== '');
    else if (a === '--keep-hosts') keepHosts = true;
    else if (a === '--prefix') prefix = argv[++i] ?? prefix;
    else if (a === '--volant') volantRoot = argv[++i] ?? volantRoot;
    else if (a === '--work') work = argv[++i] ?? work;
    else throw new Error(`unknown argument: ${a}`);
  }
  return { only, keepHosts, prefix, volantRoot, work };
}

// Each engine has its own hosts (`pja01…` for ansible-core, `pjv01…` for Volant); the project's
// `hosts.ini` names them `@1`, `@2`… and both inventories give them the same inventory names.
const hostNames = (prefix: string, engine: Engine, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `${prefix}${engine === 'ansible' ? 'a' : 'v'}${String(i + 1).padStart(2, '0')}`);

function inventory(template: string, ids: readonly HostIdentity[]): string {
  return template.replace(/@(\d+)\b/g, (m, n: string) => {
    const id = ids[Number(n) - 1];
    if (id === undefined) throw new Error(`hosts.ini names ${m}, but the project has ${ids.length} host(s)`);
    return sshVars(id.address);
  });
}

function prepareWorkDir(work: string, engine: Engine, project: Project, ids: readonly HostIdentity[]): string {
  const dir = join(work, engine, project.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const src = join(HERE, 'projects', project.name);
  cpSync(src, dir, { recursive: true });
  writeFileSync(join(dir, 'inventory'), inventory(readFileSync(join(src, 'hosts.ini'), 'utf8'), ids));
  return dir;
}

async function runAll(engine: Engine, project: Project, dir: string, volantRoot: string, ids: readonly HostIdentity[]): Promise<RunOutput[]> {
  const outputs: RunOutput[] = [];
  for (const [i, step] of project.steps.entries()) {
    // one fork: several hosts' results print in inventory order, as the golden cases run
    const r = await runEngine(engine, dir, ['--forks', '1', ...step.args], volantRoot, { playbook: step.playbook ?? 'site.yml', env: step.env });
    outputs.push({ stdout: normalizeRun(r.stdout, dir, ids), stderr: normalizeRun(r.stderr, dir, ids), rc: r.rc });
    writeFileSync(join(dir, `run${i + 1}.out`), `${r.stdout}${r.stderr}rc=${r.rc}\n`);
  }
  return outputs;
}

/**
 * What a host holds after the runs: the project's paths, then what each state probe prints inside
 * it. Every host of the engine's set is a placeholder: a host's files name the others' addresses
 * (a balancer's pool), which differ between the two sets.
 */
function hostState(project: Project, name: string, all: readonly HostIdentity[]): string {
  const lines = snapshotPaths(join(TEST_HOSTS_DIR, 'hosts', name, 'root'), project.managed);
  for (const probe of [...STATE_PROBES, ...(project.probes ?? [])]) {
    const r = spawnSync(TEST_HOSTS, ['exec', name, 'sh', '-c', probe], { encoding: 'utf8' });
    lines.push(`$ ${probe}`, `${r.stdout}${r.stderr}`.trimEnd().replace(/^/gm, '  '));
  }
  return all.reduce((text, id) => withoutHostIdentity(text, id), lines.join('\n'));
}

async function checkProject(project: Project, opts: Options): Promise<string[]> {
  const names = { ansible: hostNames(opts.prefix, 'ansible', project.hosts), volant: hostNames(opts.prefix, 'volant', project.hosts) };
  testHosts('up', String(project.hosts), '--prefix', `${opts.prefix}a`);
  testHosts('up', String(project.hosts), '--prefix', `${opts.prefix}v`);
  testHosts('reset', ...names.ansible, ...names.volant);
  const ids = (e: Engine): HostIdentity[] => names[e].map((n, i) => ({ name: n, address: hostAddress(n), label: `h${i + 1}` }));
  const dirs = { ansible: prepareWorkDir(opts.work, 'ansible', project, ids('ansible')), volant: prepareWorkDir(opts.work, 'volant', project, ids('volant')) };
  const [ansible, volant] = await Promise.all(ENGINES.map((e) => runAll(e, project, dirs[e], opts.volantRoot, ids(e))));
  const problems: string[] = [];
  for (const [i, step] of project.steps.entries()) {
    const a = ansible![i]!;
    const v = volant![i]!;
    problems.push(`${step.label}: ansible-core ${recapCounts(a.stdout)}; volant ${recapCounts(v.stdout)}`);
    problems.push(...compareRuns(step.label, a, v));
    if (step.mustBeIdempotent && a.stdout.includes('PLAY RECAP') && changedCount(a.stdout) !== 0) {
      problems.push(`note: ansible-core's ${step.label} changed something (${recapCounts(a.stdout)})`);
    }
  }
  for (let i = 0; i < project.hosts; i++) {
    const d = unifiedDiff(
      hostState(project, names.ansible[i]!, ids('ansible')),
      hostState(project, names.volant[i]!, ids('volant')),
      [`ansible-core host h${i + 1}`, `volant host h${i + 1}`],
    );
    if (d !== '') problems.push(`host h${i + 1}: state differs\n${d}`);
  }
  if (!opts.keepHosts) testHosts('down', ...names.ansible, ...names.volant);
  return problems;
}

async function main(argv: readonly string[]): Promise<number> {
  const opts = parseArgs(argv);
  mkdirSync(opts.work, { recursive: true });
  let failed = 0;
  for (const project of PROJECTS.filter((p) => opts.only.length === 0 || opts.only.includes(p.name))) {
    const lines = await checkProject(project, opts);
    const differences = lines.filter((l) => !/^[^\n]*: ansible-core .*; volant /.test(l) && !l.startsWith('note: '));
    const verdict = differences.length === 0 ? 'same' : `${differences.length} difference(s)`;
    const report = `${project.name}: ${verdict}\n${lines.map((l) => l.replace(/^/gm, '  ')).join('\n')}\n`;
    writeFileSync(join(opts.work, `${project.name}.report`), report);
    process.stdout.write(report);
    if (differences.length > 0) failed++;
  }
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(2);
  },
);
