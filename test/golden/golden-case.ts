// A golden case: one folder under test/golden/cases holding a playbook, its inputs and the
// output recorded from ansible-core 2.19. Recording and comparing both start from this record.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type CompareMode = 'exact' | 'sorted' | 'distinct';

export interface GoldenCase {
  readonly name: string;
  /** Absolute path of the case folder; both engines run with it as working directory. */
  readonly dir: string;
  /** Arguments after the program name, identical for ansible-playbook and volant-playbook. */
  readonly argv: readonly string[];
  /** Variables from the case's `env` file, applied over the common defaults. */
  readonly env: Readonly<Record<string, string>>;
  readonly compare: CompareMode;
  readonly timeoutMs: number;
  /** Where the case may write outside its folder; created empty before each run. */
  readonly scratchDir: string;
  /** The case's `stdin` file, fed to the engine (debugger and --step answers); else stdin is closed. */
  readonly stdin?: string;
}

export const GOLDEN_ROOT = dirname(fileURLToPath(import.meta.url));
export const CASES_ROOT = join(GOLDEN_ROOT, 'cases');
export const SCRATCH_ROOT = '/tmp/volant-golden';
const DEFAULT_TIMEOUT_MS = 30_000;

function readLines(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `args`: one argument per line, taken verbatim; empty lines are ignored. */
function readArgs(dir: string): string[] {
  return readLines(join(dir, 'args')).filter((l) => l !== '');
}

/** `env`: KEY=VALUE per line; empty lines and `#` comments are ignored. */
function readEnv(dir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readLines(join(dir, 'env'))) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${dir}/env: expected KEY=VALUE, got ${JSON.stringify(line)}`);
    env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}

/** `golden.conf`: `key: value` lines (`compare: sorted` or `distinct`, `timeout: 60`). */
function readConf(dir: string): Map<string, string> {
  const conf = new Map<string, string>();
  for (const line of readLines(join(dir, 'golden.conf'))) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`${dir}/golden.conf: expected "key: value", got ${JSON.stringify(line)}`);
    conf.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return conf;
}

function hasForks(args: readonly string[]): boolean {
  return args.some((a) => a === '-f' || a === '--forks' || a.startsWith('--forks=') || /^-f\d+$/.test(a));
}

export function loadGoldenCase(dir: string): GoldenCase {
  const name = basename(dir);
  const args = readArgs(dir);
  const conf = readConf(dir);
  const compare = conf.get('compare') ?? 'exact';
  if (compare !== 'exact' && compare !== 'sorted' && compare !== 'distinct') throw new Error(`${dir}/golden.conf: unknown compare mode ${compare}`);
  const timeout = conf.get('timeout');
  const argv: string[] = [];
  if (existsSync(join(dir, 'inventory'))) argv.push('-i', 'inventory');
  // NOTE: several hosts under the default 5 forks print in completion order; one fork makes
  // the recorded order deterministic unless the case asks for more on purpose.
  if (!hasForks(args)) argv.push('--forks', '1');
  argv.push('playbook.yml', ...args);
  return {
    name,
    dir,
    argv,
    env: readEnv(dir),
    compare,
    timeoutMs: timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(timeout) * 1000,
    scratchDir: join(SCRATCH_ROOT, name),
    ...(existsSync(join(dir, 'stdin')) ? { stdin: readFileSync(join(dir, 'stdin'), 'utf8') } : {}),
  };
}

function namePattern(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/**
 * Every case folder, sorted by name; `only` restricts to the named cases, where `*` matches any
 * run of characters (`template-*`). A name or pattern that matches nothing is an error.
 */
export function listGoldenCases(only: readonly string[] = []): GoldenCase[] {
  if (!existsSync(CASES_ROOT)) return [];
  const names = readdirSync(CASES_ROOT)
    .filter((n) => statSync(join(CASES_ROOT, n)).isDirectory())
    .sort();
  const patterns = only.map((o) => ({ o, re: namePattern(o) }));
  for (const { o, re } of patterns) {
    if (!names.some((n) => re.test(n))) throw new Error(`no golden case matches ${o}`);
  }
  const chosen = patterns.length > 0 ? names.filter((n) => patterns.some(({ re }) => re.test(n))) : names;
  return chosen.map((n) => loadGoldenCase(join(CASES_ROOT, n)));
}
