/** The `first_found` lookup: the first existing file among names (and optional paths). */
import { isStringLike, pyRepr, pyTypeName, textOf, type Data, type DictKey } from '../../core/data.js';
import { TemplateError } from '../../core/errors.js';
import type { SourceLocation } from '../../core/source-location.js';
import { setValueOrigin, valueOrigin } from '../../core/value-origins.js';
import type { LookupFn, PluginContext } from '../plugin.js';
import { pluginError, toText } from '../filters/ansible-args.js';
import { lookupOptions, type OptionSpec } from './lookup-options.js';
import { posixJoin, posixNormpath } from '../filters/ansible-python-path.js';
import { findFileInSearchPath } from './search-path.js';

/** What 2.19's deprecation calls the strings it splits, and on which characters. */
interface Splitting {
  readonly target: string;
  readonly splitters: string;
}
const FILES_TERM: Splitting = { target: 'files', splitters: ',;' };
const FILES_OPTION: Splitting = { target: "the 'files' option", splitters: ',;' };
const PATHS_OPTION: Splitting = { target: 'the "paths" option', splitters: ',:;' };

/** The lookup's options, typed as 2.19's config does (a string list option splits on commas). */
type Options = Record<'files' | 'paths' | 'skip', Data>;
const OPTIONS: Record<keyof Options, OptionSpec> = {
  files: { type: 'list', default: [] },
  paths: { type: 'list', default: [] },
  skip: { type: 'boolean', default: false },
};

/**
 * Strings in `files`/`paths` may list several names separated by `,` or `;` (paths also `:`);
 * 2.19 deprecates that splitting, naming the string (its origin, or the string itself).
 */
function splitList(ctx: PluginContext, value: Data, how: Splitting, origin?: SourceLocation): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item, index) => {
    if (!isStringLike(item)) return [toText(item)];
    const text = textOf(item);
    const split = text.split(new RegExp(`[${how.splitters.replace(/[\\^\]-]/g, '\\$&')}]`));
    if (split.length > 1) {
      const at = (Array.isArray(value) ? valueOrigin(value, index) : undefined) ?? origin;
      ctx.warn?.({
        kind: 'deprecation',
        message: `Automatic splitting of ${how.target} on '${how.splitters}' is deprecated.`,
        version: '2.23',
        plugin: "lookup plugin 'first_found'",
        help: `Provide a list of paths for ${how.target} instead.`,
        ...(at ? { origin: at } : { context: `Origin: <unknown>\n\n${text}` }),
      });
    }
    return split;
  });
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
 * 2.19's _process_terms: each term adds its own candidates, in order. A dict term sets all the
 * options anew (files, paths, skip; absent ones back to their defaults) for itself and the terms
 * after it; a string is one file name searched under the paths in force; a list is opened.
 */
function searchList(ctx: PluginContext, terms: readonly Data[], options: Options, origins?: readonly Data[]): string[] {
  const out: string[] = [];
  terms.forEach((term, index) => {
    let files: string[];
    if (term instanceof Map) {
      Object.assign(options, lookupOptions('first_found', term as Map<string, Data>, OPTIONS));
      files = splitList(ctx, options.files, FILES_OPTION, valueOrigin(term, 'files'));
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
  const options: Options = lookupOptions('first_found', kwargs, OPTIONS);
  // Without terms the `files` option is the list of names.
  const given = terms.length > 0 ? terms : (options.files as Data[]);
  for (const candidate of searchList(ctx, given, options, terms)) {
    // NOTE: called from a template (not a task's with_first_found), 2.19 has no subdir to add.
    const found = findFileInSearchPath(ctx, subdir === 'templates' ? 'templates' : subdir === 'vars' ? 'vars' : 'files', candidate, subdir);
    // 2.19 returns the path made absolute and normal (`vars/../vars/x.yml` is `vars/x.yml`).
    if (found !== undefined) return [posixNormpath(found.startsWith('/') ? found : posixJoin(process.cwd(), found))];
  }
  if (options.skip === true) return [];
  throw pluginError('No file was found when using first_found.');
};

/**
 * with_first_found's terms rendered as 2.19 does for `with_`: an undefined value in a list or
 * dict (a name built from a missing fact) is dropped instead of failing the task.
 */
export function renderDroppingUndefined(render: (value: Data) => Data, value: Data): Data {
  const tryRender = (item: Data): { ok: true; value: Data } | { ok: false } => {
    try {
      return { ok: true, value: renderDroppingUndefined(render, item) };
    } catch (error) {
      if (error instanceof TemplateError && error.code === 'template-undefined') return { ok: false };
      throw error;
    }
  };
  // Kept entries keep where they were written (the splitting deprecation names it).
  const keepOrigin = (to: Data[] | Map<DictKey, Data>, fromKey: DictKey, toKey: DictKey): void => {
    const origin = valueOrigin(value as Data[] | Map<DictKey, Data>, fromKey);
    if (origin) setValueOrigin(to, toKey, origin);
  };
  if (Array.isArray(value)) {
    const out: Data[] = [];
    value.forEach((item, index) => {
      const r = tryRender(item);
      if (!r.ok) return;
      out.push(r.value);
      keepOrigin(out, index, out.length - 1);
    });
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<DictKey, Data>();
    for (const [key, item] of value) {
      const r = tryRender(item);
      if (!r.ok) continue;
      out.set(key, r.value);
      keepOrigin(out, key, key);
    }
    return out;
  }
  return render(value);
}
