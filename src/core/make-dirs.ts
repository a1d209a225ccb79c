/**
 * Python's `os.makedirs(path, exist_ok=True)`: each missing directory of the chain is made in
 * turn, top down, and the error of the first one that cannot be made is thrown as it is.
 * NOTE: Node's `mkdirSync(path, { recursive: true })` loops forever when the parent exists but
 * refuses children with ENOENT (`/proc/x`), so it is not used for paths a user configures.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function makeDirsSync(path: string, mode?: number): void {
  if (isDirectory(path)) return;
  const parent = dirname(path);
  if (parent !== path && !isDirectory(parent)) makeDirsSync(parent, mode);
  try {
    mkdirSync(path, mode === undefined ? undefined : { mode });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !isDirectory(path)) throw e;
  }
}
