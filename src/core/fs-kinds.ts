/** What a path is, without throwing for one that does not exist (the plugin and module searches). */
import { accessSync, statSync } from 'node:fs';

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
