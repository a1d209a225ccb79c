import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { basename, join } from 'node:path';
import type { Data, DataDict } from '../core/data.js';
import { octalMode } from './util.js';

/** A controller file's bytes as sent, and the permission bits of the file 2.19 uploads them in. */
export interface ControllerFile {
  bytes: Buffer;
  uploadMode: number;
}

/**
 * A controller directory as copy sends it to the host, as ansible's `_walk_dirs` lists it: files
 * (relative path, bytes, controller path, the file's own mode for `mode: preserve`, and the mode
 * of the file 2.19 uploads for it, see upload-mode.ts),
 * directories, and symlinks to recreate (target, relative path), relative to `source` when it
 * ends in a slash, else under its basename. With `local_follow` (the default) a link to a file
 * is copied as that file and a link to a directory is walked, unless it points back up the tree.
 * `read` gives a file's bytes and its upload's mode (copy decrypts vault files into temp files).
 */
export function localTree(
  source: string,
  localFollow: boolean,
  preserveMode: boolean,
  read: (path: string) => ControllerFile = (path) => ({ bytes: readFileSync(path), uploadMode: statSync(path).mode & 0o777 }),
): DataDict {
  const root = source.replace(/\/+$/, '');
  const files: Data[] = [];
  const dirs: Data[] = [];
  const links: Data[] = [];
  const walk = (dir: string, rel: string, parents: ReadonlySet<string>): void => {
    for (const entry of readdirSync(dir).sort()) {
      const full = join(dir, entry);
      const relPath = rel ? `${rel}/${entry}` : entry;
      const isLink = lstatSync(full).isSymbolicLink();
      const target = statOrUndefined(full);
      if (target?.isDirectory()) {
        const id = `${target.dev}:${target.ino}`;
        if (isLink && (!localFollow || parents.has(id))) links.push([readlinkSync(full), relPath]);
        else {
          if (!isLink) dirs.push(relPath);
          walk(full, relPath, new Set([...parents, id]));
        }
      } else if (isLink && !(localFollow && target?.isFile())) {
        links.push([readlinkSync(full), relPath]);
      } else if (target) {
        const file = read(full);
        files.push([relPath, file.bytes.toString('base64'), full, preserveMode ? octalMode(target.mode) : null, file.uploadMode]);
      }
    }
  };
  const top = statSync(root);
  walk(root, source.endsWith('/') ? '' : basename(root), new Set([`${top.dev}:${top.ino}`]));
  return new Map<string, Data>([['files', files], ['dirs', dirs], ['links', links]]);
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
