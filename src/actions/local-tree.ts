import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Data, DataDict } from '../core/data.js';

/**
 * A controller directory as copy sends it to the host, as ansible's `_walk_dirs` lists it:
 * files (relative path, bytes, controller path) and directories, relative to `source` when it
 * ends in a slash, else under its basename. Symlinks are followed (copy's `local_follow`).
 */
export function localTree(source: string): DataDict {
  const root = source.replace(/\/+$/, '');
  const prefix = source.endsWith('/') ? '' : basename(root);
  const files: Data[] = [];
  const dirs: Data[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      const relPath = rel ? `${rel}/${entry}` : entry;
      if (statSync(full).isDirectory()) {
        dirs.push(relPath);
        walk(full, relPath);
      } else {
        files.push([relPath, readFileSync(full).toString('base64'), full]);
      }
    }
  };
  walk(root, prefix);
  return new Map<string, Data>([['files', files], ['dirs', dirs]]);
}
