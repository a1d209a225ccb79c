/** The `first_found` lookup: the first existing file among names (and optional paths). */
import { isStringLike, pyRepr, pyTypeName, textOf, truthy, type Data } from '../../core/data.js';
import type { SourceLocation } from '../../core/source-location.js';
import { valueOrigin } from '../../core/value-origins.js';
import type { LookupFn, PluginContext } from '../plugin.js';
import { defined, pluginError, toText } from '../filters/ansible-args.js';
import { posixJoin } from '../filters/ansible-python-path.js';
import { findFileInSearchPath } from './search-path.js';

/** How 2.19 splits a string of several names, and what its deprecation calls the strings. */
interface Splitting {
  readonly target: string;
  readonly splitters: string;
  /** A `files`/`paths` option (a list option) is split on commas silently first. */
  readonly option: boolean;
}
const FILES_TERM: Splitting = { target: 'files', splitters: ',;', option: false };
const FILES_OPTION: Splitting = { target: "the 'files' option", splitters: ',;', option: true };
const PATHS_OPTION: Splitting = { target: 'the "paths" option', splitters: ',:;', option: true };

/**
 * Strings in `files`/`paths` may list several names separated by `,` or `;` (paths also `:`);
 * 2.19 deprecates that splitting (not the commas of an option, which its list type splits).
 */
function splitList(ctx: PluginContext, value: Data | undefined, how: Splitting, origin?: SourceLocation): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item, index) => {
    if (!isStringLike(item)) return [toText(item)];
    const text = textOf(item);
    const parts = how.option ? text.split(',').map((s) => s.trim()) : [text];
    return parts.flatMap((part) => {
      const split = part.split(new RegExp(`[${how.splitters.replace(/[\\^\]-]/g, '\\$&')}]`));
      if (split.length > 1) {
        const at = (Array.isArray(value) ? valueOrigin(value, index) : undefined) ?? origin;
        ctx.warn?.({
          kind: 'deprecation',
          message: `Automatic splitting of ${how.target} on '${how.splitters}' is deprecated.`,
          version: '2.23',
          plugin: "lookup plugin 'first_found'",
          help: `Provide a list of paths for ${how.target} instead.`,
          ...(at ? { origin: at } : {}),
        });
      }
      return split;
    });
  }).filter(Boolean);
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

/**
 * 2.19's _process_terms: each term adds its own candidates, in order. A dict term sets the options
 * (files, paths, skip) for itself and the terms after it; a string is one file name searched
 * under the paths set so far; a list is opened.
 */
function searchList(ctx: PluginContext, terms: readonly Data[], options: { paths: Data | undefined; skip: boolean }, origins?: readonly Data[]): string[] {
  const out: string[] = [];
  terms.forEach((term, index) => {
    let files: string[];
    if (term instanceof Map) {
      if (term.has('paths')) options.paths = term.get('paths');
      if (term.has('skip')) options.skip = truthy(term.get('skip') ?? false);
      files = splitList(ctx, term.get('files'), FILES_OPTION, valueOrigin(term, 'files'));
    } else if (isStringLike(term)) {
      files = splitList(ctx, term, FILES_TERM, origins ? valueOrigin(origins, index) : undefined);
    } else if (Array.isArray(term)) {
      out.push(...searchList(ctx, term, options, term));
      return;
    } else {
      throw pluginError(`Invalid term supplied. A string, dict or list is required, not ${pyRepr(pyTypeName(term))}).`);
    }
    const paths = splitList(ctx, options.paths, PATHS_OPTION, pathsOrigin(terms, index));
    out.push(...(paths.length > 0 ? paths.flatMap((p) => files.map((f) => posixJoin(p, f))) : files));
  });
  return out;
}

/** Where the paths in force were written (the dict term that set them). */
function pathsOrigin(terms: readonly Data[], index: number): SourceLocation | undefined {
  for (let i = index; i >= 0; i--) {
    const term = terms[i];
    if (term instanceof Map && term.has('paths')) return valueOrigin(term, 'paths');
  }
  return undefined;
}

export const first_found: LookupFn = (ctx, terms, kwargs) => {
  const subdirOption = kwargs.get('_subdir');
  const subdir = typeof subdirOption === 'string' ? subdirOption : null;
  const options = { paths: kwargs.has('paths') ? defined(kwargs.get('paths')) : undefined, skip: truthy(defined(kwargs.get('skip') ?? false)) };
  // Without terms the `files` option is the list of names (a string split on commas, as a list option).
  const filesOption = kwargs.has('files') ? defined(kwargs.get('files')) : [];
  const given = terms.length > 0 ? terms : isStringLike(filesOption) ? textOf(filesOption).split(',').map((f) => f.trim()) : Array.isArray(filesOption) ? filesOption : [filesOption];
  for (const candidate of searchList(ctx, given, options, terms)) {
    // NOTE: called from a template (not a task's with_first_found), 2.19 has no subdir to add.
    const found = findFileInSearchPath(ctx, subdir === 'templates' ? 'templates' : subdir === 'vars' ? 'vars' : 'files', candidate, subdir);
    if (found !== undefined) return [found];
  }
  if (options.skip) return [];
  throw pluginError('No file was found when using first_found.');
};
