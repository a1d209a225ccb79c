// test/golden/pending.txt: cases known not to pass yet, `name  # reason` per line. They still
// run, as node:test `todo`, so progress shows without failing the suite.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GOLDEN_ROOT } from './golden-case.js';

export const PENDING_FILE = join(GOLDEN_ROOT, 'pending.txt');

/** Case name → reason (empty string when none is given). */
export function readPendingList(path = PENDING_FILE): Map<string, string> {
  const pending = new Map<string, string>();
  if (!existsSync(path)) return pending;
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const hash = raw.indexOf('#');
    const name = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (name === '') continue;
    pending.set(name, hash >= 0 ? raw.slice(hash + 1).trim() : '');
  }
  return pending;
}
