/** regex_search, regex_findall, regex_replace, regex_escape: Python's `re` through ansible-python-regex. */
import { isStringLike, isTuple, markTuple, truthy, type Data } from '../../core/data.js';
import type { FilterFn, PluginValue } from '../plugin.js';
import { argument, defined, pluginError, toText } from './ansible-args.js';
import { PyRegexError, compilePyRegex, pyEscape, pyFinditer, pySearch, pySubn, type PyRegex, type PyRegexFlags } from './ansible-python-regex.js';
import { typeName } from '../runtime/py-values.js';
import { isOmit } from '../runtime/omit.js';

/**
 * The text of a pattern as re.compile takes it (Ansible converts only the value to text): its cache
 * hashes the pattern first, so a list or dict is unhashable before it is not a str.
 */
export function patternText(pattern: Data): string {
  if ((Array.isArray(pattern) && !isTuple(pattern)) || pattern instanceof Map) throw pluginError(`unhashable type: '${typeName(pattern)}'`);
  if (!isStringLike(pattern)) throw pluginError('first argument must be string or compiled pattern');
  return toText(pattern);
}

export function compileOrFail(pattern: Data, flags: PyRegexFlags): PyRegex {
  const text = patternText(pattern);
  try {
    return compilePyRegex(text, flags);
  } catch (error) {
    if (error instanceof PyRegexError) throw pluginError(error.message, error);
    throw error;
  }
}

function flagsFrom(kwargs: ReadonlyMap<string, PluginValue>, ignorecase?: Data, multiline?: Data): PyRegexFlags {
  return {
    ignorecase: truthy(ignorecase ?? defined(kwargs.get('ignorecase') ?? false)),
    multiline: truthy(multiline ?? defined(kwargs.get('multiline') ?? false)),
  };
}

export const regex_search: FilterFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value));
  const [pattern = null, ...rest] = args.map(defined);
  const groups: (number | string)[] = [];
  for (const arg of rest) {
    // NOTE: 2.19 calls arg.startswith: any other type has no such attribute.
    if (!isStringLike(arg) || isOmit(arg)) throw pluginError(`'${typeName(arg)}' object has no attribute 'startswith'`);
    const a = toText(arg);
    if (a.startsWith('\\g')) {
      const m = /^\\g<(\S+)>/.exec(a);
      if (!m) throw pluginError("'NoneType' object has no attribute 'group'");
      groups.push(m[1] as string);
    } else if (a.startsWith('\\')) {
      const m = /^\\(\d+)/.exec(a);
      if (!m) throw pluginError("'NoneType' object has no attribute 'group'");
      groups.push(Number(m[1]));
    } else throw pluginError('Unknown argument');
  }
  const re = compileOrFail(pattern, flagsFrom(kwargs));
  const m = pySearch(re, text);
  if (!m) return null;
  if (groups.length === 0) return m.group(0) ?? '';
  try {
    return groups.map((g) => m.group(g) ?? null);
  } catch (error) {
    throw pluginError((error as Error).message, error);
  }
};

export const regex_findall: FilterFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value));
  const pattern = argument(args, kwargs, 0, 'regex') ?? null;
  const multiline = argument(args, kwargs, 1, 'multiline');
  const ignorecase = argument(args, kwargs, 2, 'ignorecase');
  const re = compileOrFail(pattern, { ignorecase: truthy(ignorecase ?? false), multiline: truthy(multiline ?? false) });
  return pyFinditer(re, text).map((m): Data => {
    if (re.groups === 0) return m.group(0) ?? '';
    if (re.groups === 1) return m.group(1) ?? '';
    const all: Data[] = [];
    for (let i = 1; i <= re.groups; i++) all.push(m.group(i) ?? '');
    return markTuple(all);
  });
};

export const regex_replace: FilterFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value));
  const pattern = argument(args, kwargs, 0, 'pattern') ?? '';
  const replacement = argument(args, kwargs, 1, 'replacement') ?? '';
  const ignorecase = argument(args, kwargs, 2, 'ignorecase');
  const multiline = argument(args, kwargs, 3, 'multiline');
  const count = Number(argument(args, kwargs, 4, 'count') ?? 0);
  const mandatory = Number(argument(args, kwargs, 5, 'mandatory_count') ?? 0);
  const re = compileOrFail(pattern, { ignorecase: truthy(ignorecase ?? false), multiline: truthy(multiline ?? false) });
  let result: [string, number];
  try {
    result = pySubn(re, toText(replacement), text, count);
  } catch (error) {
    if (error instanceof PyRegexError) throw pluginError(error.message, error);
    throw error;
  }
  if (mandatory && mandatory !== result[1]) {
    // NOTE: Ansible's message prints `count`, not the number of matches it found.
    throw pluginError(`'${toText(pattern)}' should match ${mandatory} times, but matches ${count} times in '${text}'`);
  }
  return result[0];
};

export const regex_escape: FilterFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value));
  const type = toText(argument(args, kwargs, 0, 're_type') ?? 'python');
  if (type === 'python') return pyEscape(text);
  if (type === 'posix_basic') return text.replace(/[\].[^$*\\]/g, '\\$&');
  if (type === 'posix_extended') throw pluginError(`Regex type (${type}) not yet implemented`);
  throw pluginError(`Invalid regex type (${type})`);
};

export const regexFilters: Record<string, FilterFn> = { regex_search, regex_findall, regex_replace, regex_escape };
