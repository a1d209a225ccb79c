/** match, search, regex: Python's re.match / re.search / re.fullmatch as booleans. */
import { truthy, type Data } from '../../core/data.js';
import type { TestFn } from '../plugin.js';
import { argument, defined, pluginError, toText } from '../filters/ansible-args.js';
import { compileOrFail, patternText } from '../filters/ansible-regex.js';
import { pyMatch, pySearch } from '../filters/ansible-python-regex.js';

/** re.Pattern's attributes that are no methods, by their types. */
const PATTERN_ATTRIBUTE_TYPES: Record<string, string> = { flags: 'int', groups: 'int', groupindex: 'dict', pattern: 'str' };

function run(text: string, pattern: string, ignorecase: boolean, multiline: boolean, type: string): boolean {
  const re = compileOrFail(pattern, { ignorecase, multiline });
  if (type === 'search') return pySearch(re, text) !== undefined;
  if (type === 'match') return pyMatch(re, text) !== undefined;
  if (type === 'fullmatch') {
    const anchored = compileOrFail(`(?:${pattern})\\Z`, { ignorecase, multiline });
    return pyMatch(anchored, text) !== undefined;
  }
  // A list (findall) is true when not empty; split's list and an iterator or scanner always are.
  if (type === 'findall') return pySearch(re, text) !== undefined;
  if (type === 'split' || type === 'finditer' || type === 'scanner') return true;
  if (type === 'sub' || type === 'subn') throw pluginError(`${type}() missing required argument 'string' (pos 2)`);
  // The pattern's attributes are called as they are; any other name falls back to the str 'search'.
  const attribute = Object.hasOwn(PATTERN_ATTRIBUTE_TYPES, type) ? PATTERN_ATTRIBUTE_TYPES[type] : undefined;
  throw pluginError(`'${attribute ?? 'str'}' object is not callable`);
}

function patternOf(pattern: Data | undefined): string {
  return pattern === undefined ? '' : patternText(pattern);
}

const regex: TestFn = (_ctx, value, args, kwargs) => {
  const text = toText(defined(value === undefined ? '' : value));
  const pattern = patternOf(argument(args, kwargs, 0, 'pattern'));
  const ignorecase = truthy(argument(args, kwargs, 1, 'ignorecase') ?? false);
  const multiline = truthy(argument(args, kwargs, 2, 'multiline') ?? false);
  const type = toText(argument(args, kwargs, 3, 'match_type') ?? 'search');
  return run(text, pattern, ignorecase, multiline, type);
};

function fixed(type: string): TestFn {
  return (_ctx, value, args, kwargs) => {
    const text = toText(defined(value === undefined ? '' : value));
    const pattern = patternOf(argument(args, kwargs, 0, 'pattern'));
    const ignorecase = truthy(argument(args, kwargs, 1, 'ignorecase') ?? false);
    const multiline = truthy(argument(args, kwargs, 2, 'multiline') ?? false);
    return run(text, pattern, ignorecase, multiline, type);
  };
}

export const regexTests: Record<string, TestFn> = { regex, match: fixed('match'), search: fixed('search') };
