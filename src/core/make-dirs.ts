/**
 * Python's `os.makedirs(path, exist_ok=True)`: each missing directory of the chain is made in
 * turn, top down, and the error of the first one that cannot be made is thrown as it is.
 * NOTE: Node's `mkdirSync(path, { recursive: true })` loops forever when the parent exists but
 * refuses children with ENOENT (`/proc/x`), so it is not used for paths a user configures.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { osErrorText } from './python-os-error.js';

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
  if (parent !== path && !existsSync(parent)) makeDirsSync(parent, mode);
  try {
    mkdirSync(path, mode === undefined ? undefined : { mode });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !isDirectory(path)) throw e;
  }
}

/** ansible's makedirs_safe: the directories, or its error (the OSError names the directory that failed, as bytes). */
export function makeLocalDirs(path: string): void {
  if (existsSync(path)) return;
  try {
    makeDirsSync(path);
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    throw new Error(`Unable to create local directories '${resolve(path)}': ${osErrorText(error, `b'${error.path ?? ''}'`)}`);
  }
}
