// Runs one golden case under an engine — the reference ansible-playbook or Volant — with the
// environment both share, and captures stdout, stderr and the exit code separately.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withCaseLock } from './case-lock.js';
import type { GoldenCase } from './golden-case.js';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ORACLE_PLAYBOOK = '/work/shared/tools/ansible-oracle/ansible-playbook';
export const VOLANT_PLAYBOOK = join(REPO_ROOT, 'bin', 'volant-playbook');

export type Engine = 'ansible' | 'volant';

export interface CaseOutput {
  readonly stdout: string;
  readonly stderr: string;
  /** Exit code, or null when the run was killed (see `timedOut`). */
  readonly rc: number | null;
  readonly timedOut: boolean;
}

/** The oracle's defaults (tools/ansible-oracle/oracle-exec), applied to Volant runs too. */
export const COMMON_ENV: Readonly<Record<string, string>> = {
  ANSIBLE_NOCOLOR: '1',
  ANSIBLE_HOST_KEY_CHECKING: 'False',
  ANSIBLE_PYTHON_INTERPRETER: '/usr/bin/python3',
  LC_ALL: 'C.UTF-8',
};

function caseEnv(c: GoldenCase, engine: Engine): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // The caller's own ANSIBLE_* settings must not leak into a recording or a comparison.
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('ANSIBLE_') && k !== 'LC_ALL' && k !== 'LANG' && k !== 'ORACLE_FORCE_COLOR') env[k] = v;
  }
  const merged: NodeJS.ProcessEnv = { ...env, ...COMMON_ENV, ...c.env };
  // NOTE: oracle-exec drops ANSIBLE_FORCE_COLOR and sets it from ORACLE_FORCE_COLOR instead, so a
  // case that forces colour has to say so to the oracle in its own words.
  const force = c.env['ANSIBLE_FORCE_COLOR'];
  if (engine === 'ansible' && force !== undefined) merged['ORACLE_FORCE_COLOR'] = force;
  return merged;
}

/** Empties the places a case may write to: its scratch dir under /tmp and its `out/` folder. */
export function prepareScratch(c: GoldenCase): void {
  for (const dir of [c.scratchDir, join(c.dir, 'out')]) {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(c.scratchDir, { recursive: true });
}

/**
 * Runs the case under the engine, holding the case's lock so no other run shares its scratch dir.
 * `timeoutMs` overrides the case's own limit (the recorder gives the slow reference more time).
 */
export function runCase(c: GoldenCase, engine: Engine, timeoutMs = c.timeoutMs): Promise<CaseOutput> {
  return withCaseLock(c.name, 4 * timeoutMs, () => runUnlocked(c, engine, timeoutMs));
}

function runUnlocked(c: GoldenCase, engine: Engine, timeoutMs: number): Promise<CaseOutput> {
  prepareScratch(c);
  const [cmd, args] =
    engine === 'ansible'
      ? [ORACLE_PLAYBOOK, [...c.argv]]
      : [VOLANT_PLAYBOOK, [...c.argv]];
  return new Promise((resolve, reject) => {
    // detached: the engine gets its own process group, so a timeout can stop it and whatever
    // agents it started, and nothing else.
    const child = spawn(cmd, args, { cwd: c.dir, env: caseEnv(c, engine), stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    // The case's answers are written at once and the pipe closed (at once when it has none, which
    // reads as /dev/null does): prompts read them as they come.
    child.stdin.on('error', () => undefined);
    child.stdin.end(c.stdin ?? '');
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        rc: timedOut ? null : code,
        timedOut,
      });
    });
  });
}
