/** The `first_found` lookup: the first existing file among names (and optional paths). */
import { isStringLike, textOf, truthy, type Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError, toText } from '../filters/ansible-args.js';
import { posixJoin } from '../filters/ansible-python-path.js';
import { findFileInSearchPath } from './search-path.js';

/** Strings in `files`/`paths` may list several names separated by `,` or `;` (paths also `:`). */
function splitList(value: Data | undefined, separators: RegExp): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => (isStringLike(item) ? textOf(item).split(separators).map((s) => s.trim()).filter(Boolean) : [toText(item)]));
}

/**
 * The subdirectory a `with_<lookup>` loop searches, from the task's action (TaskExecutor picks
 * 'templates', 'vars' or else 'files'). The run stage passes it as the `_subdir` keyword;
 * `lookup()`/`query()` in a template pass none and search the directories themselves.
 */
export function loopSubdir(action: string): string {
  for (const word of ['template', 'var']) if (action.includes(word)) return `${word}s`;
  return 'files';
}

export const first_found: LookupFn = (ctx, terms, kwargs) => {
  const subdirOption = kwargs.get('_subdir');
  const subdir = typeof subdirOption === 'string' ? subdirOption : null;
  let files: string[] = splitList(kwargs.has('files') ? defined(kwargs.get('files')) : undefined, /[,;]/);
  let paths: string[] = splitList(kwargs.has('paths') ? defined(kwargs.get('paths')) : undefined, /[,:;]/);
  let skip = truthy(defined(kwargs.get('skip') ?? false));
  const flat = terms.flatMap((t) => (Array.isArray(t) ? t : [t]));
  for (const term of flat) {
    if (term instanceof Map) {
      files.push(...splitList(term.get('files'), /[,;]/));
      paths.push(...splitList(term.get('paths'), /[,:;]/));
      if (term.has('skip')) skip = truthy(term.get('skip') ?? false);
    } else files.push(...splitList(term, /[,;]/));
  }
  files = files.filter(Boolean);
  paths = paths.filter(Boolean);
  const candidates = paths.length > 0 ? paths.flatMap((p) => files.map((f) => posixJoin(p, f))) : files;
  for (const candidate of candidates) {
    // NOTE: called from a template (not a task's with_first_found), 2.19 has no subdir to add.
    const found = findFileInSearchPath(ctx, subdir === 'templates' ? 'templates' : subdir === 'vars' ? 'vars' : 'files', candidate, subdir);
    if (found !== undefined) return [found];
  }
  if (skip) return [];
  throw pluginError('No file was found when using first_found.');
};
