// The recorded output of a golden case: expected.stdout, expected.stderr and expected.rc, already
// normalized when written, never edited by hand.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GoldenCase } from './golden-case.js';

export interface Recording {
  readonly stdout: string;
  readonly stderr: string;
  readonly rc: string;
}

export function readRecording(c: GoldenCase): Recording | undefined {
  const read = (f: string): string | undefined => {
    const p = join(c.dir, f);
    return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
  };
  const stdout = read('expected.stdout');
  const stderr = read('expected.stderr');
  const rc = read('expected.rc');
  if (stdout === undefined || stderr === undefined || rc === undefined) return undefined;
  return { stdout, stderr, rc };
}
