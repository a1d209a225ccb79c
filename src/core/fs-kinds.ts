/** What a path is, without throwing for one that does not exist (the plugin and module searches). */
import { statSync } from 'node:fs';

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
