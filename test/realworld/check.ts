// The real-world check (issue #5): applies public roles under ansible-core 2.19 and under Volant,
// each engine against its own fresh test host (a dry run, two applies, a previewed change: see
// runPlan), and compares what both printed and what both left on disk. Usage and how to get the roles: test/README.md, or run it without --roles.
//   node --import tsx test/realworld/check.ts --roles DIR [--only NAME,…] [--keep-hosts] [--prefix P] [--volant DIR] [--work DIR]
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
  TEST_HOSTS_DIR,
  testHosts,
  type Engine,
  type RunOutput,
} from './engine-run.js';
import { withoutHostIdentity, type HostIdentity } from './host-identity.js';
import { ROLES, type RealWorldRole } from './roles.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(HERE, '..', '..');
let WORK = '/tmp/volant-realworld';

interface Options {
  readonly rolesDir: string | undefined;
  readonly only: readonly string[];
  readonly keepHosts: boolean;
  readonly prefix: string;
  /** The Volant tree whose sources run (default: this one), e.g. a `git archive` of a commit. */
  readonly volantRoot: string;
}

function parseArgs(argv: readonly string[]): Options {
  let rolesDir = process.env['VOLANT_REALWORLD_ROLES'];
  let only: string[] = [];
  let keepHosts = false;
  let prefix = 'rw';
  let volantRoot = REPO_ROOT;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--roles') rolesDir = argv[++i];
    else if (a === '--only') only = (argv[++i] ?? '').split(',').filter((s) => s !== '');
    else if (a === '--keep-hosts') keepHosts = true;
    else if (a === '--prefix') prefix = argv[++i] ?? prefix;
    else if (a === '--volant') volantRoot = argv[++i] ?? volantRoot;
    // working folders and reports: one per person when several run the check side by side
    else if (a === '--work') WORK = argv[++i] ?? WORK;
    else throw new Error(`unknown argument: ${a}`);
  }
  return { rolesDir, only, keepHosts, prefix, volantRoot };
}

function howToGetRoles(dir: string): string {
  const lines = ROLES.map((r) => `  git clone ${r.repo} ${dir}/${r.name} && git -C ${dir}/${r.name} checkout ${r.commit}`);
  return `The roles are not committed here. Get them (any folder will do) with:\n${lines.join('\n')}\nthen pass --roles ${dir} (or VOLANT_REALWORLD_ROLES=${dir}).\n`;
}

// Both engines see one host called `target`, so their outputs can be compared line for line.
function inventory(address: string): string {
  return `[web]\ntarget ${sshVars(address)}\n`;
}

function prepareWorkDir(engine: Engine, role: RealWorldRole, rolesDir: string, address: string): string {
  const dir = join(WORK, engine, role.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'roles'), { recursive: true });
  cpSync(join(HERE, 'playbooks', `${role.name}.yml`), join(dir, 'playbook.yml'));
  // a playbook's own files (vars_files, templates, files/ for lookups) sit in a folder of its name
  const own = join(HERE, 'playbooks', role.name);
  if (existsSync(own)) cpSync(own, dir, { recursive: true });
  cpSync(join(rolesDir, role.name), join(dir, 'roles', role.name), {
    recursive: true,
    filter: (src) => !src.endsWith('/.git'),
  });
  writeFileSync(join(dir, 'inventory'), inventory(address));
  return dir;
}

// A dry run on the fresh host, apply, apply again verbosely (must change nothing), then preview
// a change of variables in check mode.
interface RunStep {
  readonly label: string;
  readonly args: readonly string[];
  /** The role is applied a second time: nothing may change. */
  readonly mustBeIdempotent?: boolean;
}

function runPlan(role: RealWorldRole): RunStep[] {
  return [
    { label: 'dry run', args: ['--check', '--diff'] },
    { label: 'first run', args: [] },
    // -v: every module's result is printed, so results are compared too, not only their status
    { label: 'second run (-v)', args: ['-v'], mustBeIdempotent: true },
    { label: 'check --diff run', args: ['--check', '--diff', '-e', JSON.stringify(role.previewVars)] },
  ];
}

async function runAll(engine: Engine, role: RealWorldRole, dir: string, volantRoot: string, host: HostIdentity): Promise<RunOutput[]> {
  const outputs: RunOutput[] = [];
  const normalize = (text: string): string => normalizeRun(text, dir, [host]);
  for (const [i, step] of runPlan(role).entries()) {
    const r = await runEngine(engine, dir, step.args, volantRoot);
    outputs.push({ stdout: normalize(r.stdout), stderr: normalize(r.stderr), rc: r.rc });
    // kept beside the role's copy, to read what a run printed when both engines agree too
    writeFileSync(join(dir, `run${i + 1}.out`), `${r.stdout}${r.stderr}rc=${r.rc}\n`);
  }
  return outputs;
}

interface RoleResult {
  readonly role: RealWorldRole;
  readonly problems: string[];
  readonly recaps: string[];
}

async function checkRole(role: RealWorldRole, opts: Options, hosts: Record<Engine, string>): Promise<RoleResult> {
  const rolesDir = opts.rolesDir!;
  testHosts('reset', hosts.ansible, hosts.volant);
  const ids: Record<Engine, HostIdentity> = {
    ansible: { name: hosts.ansible, address: hostAddress(hosts.ansible) },
    volant: { name: hosts.volant, address: hostAddress(hosts.volant) },
  };
  const dirs = {
    ansible: prepareWorkDir('ansible', role, rolesDir, ids.ansible.address),
    volant: prepareWorkDir('volant', role, rolesDir, ids.volant.address),
  };
  const [ansible, volant] = await Promise.all(ENGINES.map((e) => runAll(e, role, dirs[e], opts.volantRoot, ids[e])));
  const problems: string[] = [];
  const recaps: string[] = [];
  for (const [i, { label }] of runPlan(role).entries()) {
    const a = ansible![i]!;
    const v = volant![i]!;
    recaps.push(`${label}: ansible-core ${recapCounts(a.stdout)}; volant ${recapCounts(v.stdout)}`);
    problems.push(...compareRuns(label, a, v));
  }
  for (const [i, step] of runPlan(role).entries()) {
    if (!step.mustBeIdempotent) continue;
    for (const [engine, runs] of [['ansible-core', ansible!], ['volant', volant!]] as const) {
      const out = runs[i]!.stdout;
      // a run stopped while loading (no recap) changed nothing; its output is compared above
      if (!out.includes('PLAY RECAP')) continue;
      if (changedCount(out) !== 0) problems.push(`${engine}: the ${step.label} is not idempotent (${recapCounts(out)})`);
    }
  }
  const onDisk = (e: Engine): string =>
    withoutHostIdentity(snapshotPaths(join(TEST_HOSTS_DIR, 'hosts', hosts[e], 'root'), role.managed).join('\n'), ids[e]);
  const disk = unifiedDiff(
    onDisk('ansible'),
    onDisk('volant'),
    ['ansible-core host', 'volant host'],
  );
  if (disk !== '') problems.push(`files on disk differ\n${disk}`);
  writeFileSync(join(WORK, `${role.name}.report`), [...recaps, ...problems].join('\n') + '\n');
  return { role, problems, recaps };
}

async function main(argv: readonly string[]): Promise<number> {
  const opts = parseArgs(argv);
  const roles = ROLES.filter((r) => opts.only.length === 0 || opts.only.includes(r.name));
  const missing = roles.filter((r) => opts.rolesDir === undefined || !existsSync(join(opts.rolesDir, r.name)));
  if (missing.length > 0) {
    process.stderr.write(howToGetRoles(opts.rolesDir ?? '/tmp/volant-realworld-roles'));
    return 2;
  }
  const hosts = { ansible: `${opts.prefix}01`, volant: `${opts.prefix}02` };
  testHosts('up', '2', '--prefix', opts.prefix);
  mkdirSync(WORK, { recursive: true });
  let failed = 0;
  try {
    for (const role of roles) {
      const r = await checkRole(role, opts, hosts);
      const verdict = r.problems.length === 0 ? 'same' : `${r.problems.length} difference(s)`;
      process.stdout.write(`${role.name} @ ${role.commit.slice(0, 10)}: ${verdict}\n  ${r.recaps.join('\n  ')}\n`);
      for (const p of r.problems) process.stdout.write(`${p.replace(/^/gm, '    ')}\n`);
      if (r.problems.length > 0) failed++;
    }
  } finally {
    if (!opts.keepHosts) testHosts('down', hosts.ansible, hosts.volant);
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
