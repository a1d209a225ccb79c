/**
 * 2.19 refuses a module result holding text that is not valid UTF-8 (the agent decodes program
 * output with surrogateescape, as ansible's modules do, so such bytes arrive as lone surrogates).
 */
import { isDict, type Data } from '../core/data.js';
import { TaskError } from './task-error.js';

const HELP = 'This check can be disabled with the `MODULE_STRICT_UTF8_RESPONSE` setting.';

const ANY_SURROGATE = /[\ud800-\udfff]/;

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

/** Python's UnicodeEncodeError text for the first run of lone surrogates, or undefined. */
export function surrogateError(text: string): string | undefined {
  // Every result of every task passes here: most text has no surrogate at all.
  if (!ANY_SURROGATE.test(text)) return undefined;
  let position = 0;
  for (let i = 0; i < text.length; i++, position++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++; // a valid pair is one code point
      continue;
    }
    if (!isSurrogate(code)) continue;
    let end = i + 1;
    while (end < text.length && isSurrogate(text.charCodeAt(end))) end++;
    const count = end - i;
    if (count === 1) return `'utf-8' codec can't encode character '\\u${code.toString(16).padStart(4, '0')}' in position ${position}: surrogates not allowed`;
    return `'utf-8' codec can't encode characters in position ${position}-${position + count - 1}: surrogates not allowed`;
  }
  return undefined;
}

function firstError(value: Data): string | undefined {
  if (typeof value === 'string') return surrogateError(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const e = firstError(item);
      if (e) return e;
    }
  } else if (isDict(value)) {
    for (const [k, v] of value) {
      const e = (typeof k === 'string' ? surrogateError(k) : undefined) ?? firstError(v);
      if (e) return e;
    }
  }
  return undefined;
}

/**
 * Modules whose `diff` 2.19's action makes on the controller (copy's, template's): it reads both
 * files there with surrogateescape, so that diff never meets the module result's check.
 */
const CONTROLLER_DIFF_MODULES: ReadonlySet<string> = new Set(['copy']);

/** Throws the task failure 2.19 raises when a module's result is not valid UTF-8. */
export function checkStrictUtf8(result: Data, module?: string): void {
  const checked = module !== undefined && CONTROLLER_DIFF_MODULES.has(module) && isDict(result) && result.has('diff')
    ? new Map([...result].filter(([k]) => k !== 'diff'))
    : result;
  const error = firstError(checked);
  if (error) throw new TaskError([{ message: `Refusing to deserialize an invalid UTF8 string value: ${error}`, help: HELP }]);
}
