/** What a path is, without throwing for one that does not exist (the plugin and module searches). */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Whether this process may read, write or run the path (`constants.R_OK` …): false for one that does not exist. */
export function canAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a program named without a slash is found on `path` (a PATH value), as execvp finds it: the
 * first regular file that may be run in an absolute directory. Relative entries are left out: the
 * controller's working directory is not where a user expects programs.
 */
export function programOnPath(program: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const file = join(dir, program);
    if (isFile(file) && canAccess(file, constants.X_OK)) return file;
  }
  return undefined;
}
