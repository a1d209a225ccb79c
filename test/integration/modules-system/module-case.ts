// A module case: cases/NAME.json (steps run on one host) with its recording from ansible-core 2.19
// in recorded/NAME.json. hostcase.py does the work; this is how the node tests reach it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface ModuleCase {
  readonly name: string;
  /** 'local': this machine; 'host': an isolated test host (tools/test-hosts). */
  readonly target: 'local' | 'host';
  readonly steps: number;
  /** Programs a local case runs on this machine (svn, svnadmin); the test skips without them. */
  readonly needs: readonly string[];
}

interface CaseFile {
  target?: string;
  needs?: string[];
  steps: unknown[];
}

/** Every case that has a recording, sorted by name. */
export function listModuleCases(): ModuleCase[] {
  const out: ModuleCase[] = [];
  for (const file of readdirSync(join(here, 'cases')).sort()) {
    if (!file.endsWith('.json')) continue;
    const name = file.slice(0, -'.json'.length);
    if (!existsSync(join(here, 'recorded', file))) continue;
    const parsed = JSON.parse(readFileSync(join(here, 'cases', file), 'utf8')) as CaseFile;
    out.push({ name, target: parsed.target === 'local' ? 'local' : 'host', steps: parsed.steps.length, needs: parsed.needs ?? [] });
  }
  return out;
}

/**
 * Runs the case with Volant's modules (on `host`, reset first, or here) and returns the steps
 * whose result differs from the recording, as readable text; empty when all match.
 */
export function checkModuleCase(name: string, host?: string): Promise<string[]> {
  const args = [join(here, 'hostcase.py'), 'check', name];
  if (host !== undefined) args.push('--host', host);
  return new Promise((resolve, reject) => {
    const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      let problems: unknown;
      try {
        problems = JSON.parse(stdout);
      } catch {
        reject(new Error(`hostcase.py check ${name} printed no result:\n${stdout}${stderr}`));
        return;
      }
      resolve((problems as unknown[]).map((p) => JSON.stringify(p, null, 1)));
    });
  });
}
