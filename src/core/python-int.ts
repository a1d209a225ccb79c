/** Python's int() of a value, as ansible converts options and keywords (errors in Python's words). */
import { PyFloat, isDict, pyStr, pyTypeName, strRepr, type Data } from './data.js';
import { asciiNumeral } from './python-numerals.js';

export function pythonInt(value: Data): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Math.trunc(value);
  if (value instanceof PyFloat) return Math.trunc(value.value);
  if (typeof value === 'string' || (value !== null && typeof value === 'object' && !Array.isArray(value) && !isDict(value))) {
    const text = pyStr(value);
    const ascii = asciiNumeral(text);
    if (/^\s*[-+]?\d+(_\d+)*\s*$/.test(ascii)) return Number.parseInt(ascii.trim().replace(/_/g, ''), 10);
    throw new Error(`invalid literal for int() with base 10: ${strRepr(text)}`);
  }
  throw new Error(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(value)}'`);
}

/** Python's decimal.Decimal syntax, once whitespace is stripped and underscores are dropped (as CPython's C decimal does). */
const DECIMAL = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

/**
 * A value as ansible converts an `int` keyword (Base._get_validated_value): an int (a bool too) as it
 * is, anything else through decimal.Decimal, which must hold a whole number. Throws Python's words:
 * a ValueError for what is no whole number (the caller says the value "could not be converted"),
 * `IntOverflow` for an infinity (int() of it is an OverflowError, which 2.19 shows as it is).
 */
export function keywordIntValue(value: Data): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const fail = (): never => {
    throw new Error('not a whole number');
  };
  if (value instanceof PyFloat) {
    if (Math.abs(value.value) === Infinity) throw new IntOverflow();
    return Number.isInteger(value.value) ? value.value : fail();
  }
  if (typeof value !== 'string' && !(value !== null && typeof value === 'object' && !Array.isArray(value) && !isDict(value))) return fail();
  const text = asciiNumeral(pyStr(value)).trim().replace(/_/g, '');
  if (/^[+-]?inf(inity)?$/i.test(text)) throw new IntOverflow();
  return decimalWholeNumber(text) ?? fail();
}

/**
 * Decimal(text) when it holds a whole number (`5`, ` 5 `, `2.0`, `1e1`, `1__0`: CPython's C decimal
 * drops every underscore, reads Unicode digits and strips whitespace), else undefined.
 */
export function decimalWholeNumber(text: string): number | undefined {
  const m = DECIMAL.exec(asciiNumeral(text).trim().replace(/_/g, ''));
  if (!m) return undefined;
  const [, sign, whole = '', fraction = '', onlyFraction = '', exponent = '0'] = m;
  const digits = `${whole}${fraction || onlyFraction}`;
  const scale = Number(exponent) - (fraction || onlyFraction).length;
  // a whole number when the digits past the point (after the exponent moves it) are all zeros
  const kept = scale >= 0 ? digits + '0'.repeat(Math.min(scale, 400)) : digits.slice(0, scale);
  if (scale < 0 && !/^0*$/.test(digits.slice(scale))) return undefined;
  const n = Number(kept || '0');
  return sign === '-' ? -n || 0 : n;
}

/** int() of an infinity: Python's OverflowError. */
export class IntOverflow extends Error {
  constructor() {
    super('cannot convert Infinity to integer');
  }
}
