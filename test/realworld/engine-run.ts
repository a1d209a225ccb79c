// What the real-world checks (check.ts: public roles; projects.ts: whole projects) share: the test
// hosts, running one engine in a prepared folder, and the comparison of what both engines printed.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeOutput } from '../golden/normalize.js';
import { unifiedDiff } from '../golden/unified-diff.js';
import { withoutHostIdentity, type HostIdentity } from './host-identity.js';

export const TEST_HOSTS = process.env['TEST_HOSTS'] ?? '/work/shared/tools/test-hosts/test-hosts';
export const TEST_HOSTS_DIR = process.env['TEST_HOSTS_DIR'] ?? '/opt/test-hosts';
const ORACLE_PLAYBOOK = '/work/shared/tools/ansible-oracle/ansible-playbook';
const RUN_TIMEOUT_MS = 15 * 60 * 1000;

export type Engine = 'ansible' | 'volant';
export const ENGINES: readonly Engine[] = ['ansible', 'volant'];

export interface RunOutput {
  readonly stdout: string;
  readonly stderr: string;
  readonly rc: number | null;
}

export function testHosts(...args: string[]): string {
  const r = spawnSync(TEST_HOSTS, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`test-hosts ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

export function hostAddress(name: string): string {
  return readFileSync(join(TEST_HOSTS_DIR, 'hosts', name, 'ip'), 'utf8').trim();
}

/** The inventory line variables that reach test host NAME over ssh as root. */
export function sshVars(address: string): string {
  return `ansible_host=${address} ansible_user=root ansible_ssh_private_key_file=${TEST_HOSTS_DIR}/keys/id_ed25519 ansible_python_interpreter=/usr/bin/python3`;
}

function engineEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('ANSIBLE_')) env[k] = v;
  return {
    ...env,
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_HOST_KEY_CHECKING: 'False',
    LC_ALL: 'C.UTF-8',
    // the oracle's chroot must see the hosts' key
    ORACLE_EXTRA_BINDS: TEST_HOSTS_DIR,
    ...extra,
  };
}

/**
 * Runs `ansible-playbook -i inventory PLAYBOOK ARGS…` (or Volant, from the sources of `volantRoot`
 * through tsx, so a check measures the tree as it is, not a stale bundle) in `dir`.
 */
export function runEngine(
  engine: Engine,
  dir: string,
  extra: readonly string[],
  volantRoot: string,
  opts: { readonly playbook?: string; readonly env?: Readonly<Record<string, string>> } = {},
): Promise<RunOutput> {
  const args = ['-i', 'inventory', opts.playbook ?? 'playbook.yml', ...extra];
  const [cmd, argv] =
    engine === 'ansible'
      ? [ORACLE_PLAYBOOK, args]
      : [process.execPath, ['--import', import.meta.resolve('tsx'), join(volantRoot, 'src', 'cli', 'main.ts'), ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: dir, env: engineEnv(opts.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (rc) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), rc });
    });
  });
}

// A role's own timestamps (linux-system-roles' fingerprints: "date": "2026-11-30T16:09:10+00:00")
// differ between the two engines' runs whatever they do…
const ISO_TIME = /\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?/g;
// …and the seconds a wait took on a real host (wait_for_connection's reconnect: 0 or 2 by load).
const ELAPSED = /("elapsed": )\d+/g;
// …and an HTTP server's Date header in uri's result.
const HTTP_DATE = /("date": ")\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT"/g;
// …and what `logrotate -d` (a role's own check, shown under -v) tells of its run: the minute it ran
// and the last rotation it read, and its pid (each host has run a different number of processes).
const LOGROTATE_MINUTE = /(\b(?:Now:|Last rotated at) )\d{4}-\d\d-\d\d \d\d:\d\d\b/g;
const LOGROTATE_PID = /(switching euid from \d+ to \d+ and egid from \d+ to \d+ \(pid )\d+\)/g;
const withoutClockTimes = (text: string): string =>
  text
    .replace(ISO_TIME, '<ISO_TIME>')
    .replace(ELAPSED, '$1<SECONDS>')
    .replace(HTTP_DATE, '$1<HTTP_DATE>"')
    .replace(LOGROTATE_MINUTE, '$1<MINUTE>')
    .replace(LOGROTATE_PID, '$1<PID>)');

/** An engine's output as compared: the golden normalization, then each test host's name and address as placeholders. */
export function normalizeRun(text: string, dir: string, hosts: readonly HostIdentity[]): string {
  let out = normalizeOutput(text, { caseDir: dir });
  for (const h of hosts) out = withoutHostIdentity(out, h);
  return withoutClockTimes(out);
}

function recap(stdout: string): string {
  const at = stdout.indexOf('PLAY RECAP');
  return at < 0 ? '(no recap)' : stdout.slice(at).trim();
}

export const recapCounts = (stdout: string): string => recap(stdout).split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim();

/** The sum of every host's changed= in the recap (NaN without a recap). */
export function changedCount(stdout: string): number {
  const counts = [...recap(stdout).matchAll(/changed=(\d+)/g)].map((m) => Number(m[1]));
  return counts.length === 0 ? NaN : counts.reduce((a, b) => a + b, 0);
}

/** The differences between two runs of one step: exit code, then stdout and stderr as unified diffs. */
export function compareRuns(label: string, a: RunOutput, v: RunOutput): string[] {
  const problems: string[] = [];
  if (a.rc !== v.rc) problems.push(`${label}: exit code ${v.rc}, ansible-core ${a.rc}`);
  for (const stream of ['stdout', 'stderr'] as const) {
    const d = unifiedDiff(a[stream], v[stream], [`ansible-core ${stream}`, `volant ${stream}`]);
    if (d !== '') problems.push(`${label}: ${stream} differs\n${d}`);
  }
  return problems;
}
