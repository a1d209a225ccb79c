/** The `fileglob` lookup: regular files matching a glob, in the first search directory that has any. */
import { statSync } from 'node:fs';
import { isStringLike, type Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { ansibleClass, pluginError, toText } from '../filters/ansible-args.js';
import { isOmit } from '../runtime/omit.js';
import { posixBasename, posixDirname, posixJoin } from '../filters/ansible-python-path.js';
import { pythonGlob } from '../filters/ansible-python-glob.js';
import { findFileInSearchPath } from './search-path.js';

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The bare name of the class a term reaches the plugin as (`_AnsibleLazyTemplateDict`, `_AnsibleTaggedInt`). */
function shortClassName(term: Data): string {
  return ansibleClass(term).replace(/^<class '(?:.*\.)?([^.']*)'>$/, '$1');
}

export const fileglob: LookupFn = (ctx, terms) => {
  const out: Data[] = [];
  for (const term of terms) {
    // NOTE: 2.19 takes the term's basename first: Python's TypeError for what is no text.
    if (!isStringLike(term) || isOmit(term)) throw pluginError(`expected str, bytes or os.PathLike object, not ${isOmit(term) ? '_OmitType' : shortClassName(term)}`);
    const pattern = toText(term);
    const name = posixBasename(pattern);
    const dirs: (string | undefined)[] = [];
    if (name !== pattern) {
      const dir = findFileInSearchPath(ctx, 'files', posixDirname(pattern));
      if (dir === undefined) ctx.warn?.({ kind: 'warning', message: `Unable to find '${posixDirname(pattern)}' in expected paths (use -vvvvv to see paths)` });
      dirs.push(dir);
    } else {
      const base = ctx.lookup?.baseDir ?? process.cwd();
      const paths = ctx.lookup?.searchPaths('files') ?? [];
      for (const p of paths.length > 0 ? paths : [base]) dirs.push(posixJoin(p, 'files'), p);
    }
    for (const dir of dirs) {
      if (!dir) continue;
      const found = pythonGlob(posixJoin(dir, name)).filter(isFile);
      if (found.length > 0) {
        out.push(...found);
        break;
      }
    }
  }
  return out;
};
