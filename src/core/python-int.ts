/** Python's int() of a value, as ansible converts options and keywords (errors in Python's words). */
import { PyFloat, isDict, pyStr, pyTypeName, strRepr, type Data } from './data.js';

export function pythonInt(value: Data): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Math.trunc(value);
  if (value instanceof PyFloat) return Math.trunc(value.value);
  if (typeof value === 'string' || (value !== null && typeof value === 'object' && !Array.isArray(value) && !isDict(value))) {
    const text = pyStr(value);
    if (/^\s*[-+]?\d+(_\d+)*\s*$/.test(text)) return Number.parseInt(text.trim().replace(/_/g, ''), 10);
    throw new Error(`invalid literal for int() with base 10: ${strRepr(text)}`);
  }
  throw new Error(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`);
}
