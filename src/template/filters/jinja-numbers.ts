/** Jinja2's numeric filters: abs, int, float, round, filesizeformat. */
import { PyComplex, complexAbs } from '../runtime/py-complex.js';
import { PyFloat, intOf } from '../../core/data.js';
import { asciiNumeral } from '../../core/python-numerals.js';
import { registerFilters, type FilterFn, type PluginValue } from '../plugin.js';
import { PyException, typeError } from '../runtime/py-exception.js';
import type { Value } from '../runtime/py-object.js';
import { formatFloat } from '../runtime/py-format.js';
import { mul } from '../runtime/py-arith.js';
import { toFixedExact } from '../runtime/exact-decimal.js';
import { isInt, num, repr, str, truthy, typeName } from '../runtime/py-values.js';
import { bindArgs } from './filter-args.js';

/** Python's int(str, base); undefined when Python would raise ValueError. */
export function parsePyInt(text: string, base: number): number | bigint | undefined {
  // int() refuses any other base (a ValueError, as a bad digit is).
  if (base !== 0 && !(Number.isInteger(base) && base >= 2 && base <= 36)) return undefined;
  let t = asciiNumeral(text).trim().replace(/(?<=[0-9a-zA-Z])_(?=[0-9a-zA-Z])/g, '');
  if (t.includes('_') || t === '') return undefined;
  let sign = 1;
  if (t.startsWith('-') || t.startsWith('+')) {
    if (t.startsWith('-')) sign = -1;
    t = t.slice(1);
  }
  let b = base;
  const prefix = t.slice(0, 2).toLowerCase();
  const prefixes: Record<string, number> = { '0x': 16, '0o': 8, '0b': 2 };
  if (prefixes[prefix] !== undefined && (b === 0 || b === prefixes[prefix])) {
    b = prefixes[prefix] as number;
    t = t.slice(2);
  } else if (b === 0) {
    if (/^0+$/.test(t)) return 0;
    if (t.startsWith('0')) return undefined;
    b = 10;
  }
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, b);
  if (t === '' || ![...t.toLowerCase()].every((c) => digits.includes(c))) return undefined;
  const n = parseInt(t, b);
  if (Number.isSafeInteger(n)) return sign * n || 0;
  // NOTE: Python ints are exact at any size.
  let big = 0n;
  for (const c of t.toLowerCase()) big = big * BigInt(b) + BigInt(digits.indexOf(c));
  return intOf(sign < 0 ? -big : big);
}

/** Python's int(x) of a finite float: exact, a bigint beyond 2**53. */
export function truncatedInt(x: number): number | bigint {
  const t = Math.trunc(x) || 0;
  return Number.isSafeInteger(t) ? t : intOf(BigInt(t));
}

/** Python's float(str); undefined when Python would raise ValueError. */
export function parsePyFloat(text: string): number | undefined {
  const t = asciiNumeral(text).trim().toLowerCase().replace(/(?<=\d)_(?=\d)/g, '');
  if (/^[-+]?(inf|infinity)$/.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^[-+]?nan$/.test(t)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

function toInt(v: Value, dflt: Value, base: number): Value {
  if (typeof v === 'string') {
    const n = parsePyInt(v, base);
    if (n !== undefined) return n;
    const f = parsePyFloat(v);
    if (f !== undefined && Number.isFinite(f)) return truncatedInt(f);
    return dflt;
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'bigint') return v;
  if (v instanceof PyFloat) {
    if (!Number.isFinite(v.value)) {
      if (Number.isNaN(v.value)) return dflt;
      throw new PyException('OverflowError', 'cannot convert float infinity to integer');
    }
    return truncatedInt(v.value);
  }
  return dflt;
}

/** Python's float(x), raising as it does. */
export function pyFloat(v: Value): number {
  if (typeof v === 'string') {
    const f = parsePyFloat(v);
    if (f === undefined) throw new PyException('ValueError', `could not convert string to float: ${repr(v)}`);
    return f;
  }
  const n = num(v);
  if (n === undefined) throw typeError(`float() argument must be a string or a real number, not '${typeName(v)}'`);
  return n;
}

function toFloat(v: Value, dflt: Value): Value {
  if (typeof v === 'string') {
    const f = parsePyFloat(v);
    return f === undefined ? dflt : new PyFloat(f);
  }
  const n = num(v);
  // NOTE: float() of an int beyond the largest float overflows; the filter does not catch that.
  if (typeof v === 'bigint' && !Number.isFinite(n)) throw new PyException('OverflowError', 'int too large to convert to float');
  return n === undefined ? dflt : new PyFloat(n);
}

/** Python's round(x, n) on floats: round half to even on the decimal value. */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  if (digits >= 0) return Number(toFixedExact(x, Math.min(digits, 340)));
  const m = 10 ** -digits;
  const y = x / m;
  const fl = Math.floor(y);
  const r = y - fl === 0.5 ? (fl % 2 === 0 ? fl : fl + 1) : Math.round(y);
  return r * m;
}

const numberFilters: Record<string, FilterFn> = {
  abs: (_c, v) => {
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'number') return Math.abs(v);
    if (typeof v === 'bigint') return v < 0n ? -v : v;
    if (v instanceof PyFloat) return new PyFloat(Math.abs(v.value));
    if (v instanceof PyComplex) return new PyFloat(complexAbs(v));
    throw typeError(`bad operand type for abs(): '${typeName(v as Value)}'`);
  },
  int: (_c, v, args, kw) => {
    const [dflt, base] = bindArgs(args, kw, [['default', 0], ['base', 10]]);
    return toInt(v as Value, dflt, Number(num(base) ?? 10)) as PluginValue;
  },
  float: (_c, v, args, kw) => {
    const [dflt] = bindArgs(args, kw, [['default', new PyFloat(0)]]);
    return toFloat(v as Value, dflt) as PluginValue;
  },
  round: (_c, v, args, kw) => {
    const [precision, method] = bindArgs(args, kw, [['precision', 0], ['method', 'common']]);
    const m = str(method);
    if (m !== 'common' && m !== 'ceil' && m !== 'floor') throw typeError('method must be common, ceil or floor');
    const x = num(v as Value);
    if (x === undefined && m === 'common') throw typeError(`type ${typeName(v as Value)} doesn't define __round__ method`);
    const p = Number(num(precision) ?? 0);
    if (x === undefined) {
      // NOTE: Jinja's floor/ceil multiply first (a str repeats), then math.floor refuses the product.
      const factor = p >= 0 && Number.isInteger(p) ? 10 ** p : new PyFloat(10 ** p);
      // A sequence times an int is a sequence of its type: not built, it could be huge.
      const product = (typeof v === 'string' || Array.isArray(v)) && typeof factor === 'number' ? (v as Value) : mul(v as Value, factor);
      // A tagged str repeated is a plain str; a lazy list repeated stays lazy.
      throw typeError(`must be real number, not ${typeof product === 'string' ? 'str' : typeName(product)}`);
    }
    if (m === 'common') {
      // int.__round__ keeps an int: a negative precision rounds it, half to even.
      if (isInt(v as Value)) return p < 0 ? pyRound(x, p) : typeof v === 'bigint' ? v : x;
      return new PyFloat(pyRound(x, p));
    }
    const f = m === 'ceil' ? Math.ceil : Math.floor;
    // math.floor and math.ceil return an int, which has no negative zero.
    return new PyFloat((f(integral(x * 10 ** p)) + 0) / 10 ** p);
  },
  filesizeformat: (_c, v, args, kw) => {
    const [binary] = bindArgs(args, kw, [['binary', false]]);
    const bytes = pyFloat(v as Value);
    const bin = truthy(binary);
    const base = bin ? 1024 : 1000;
    const prefixes = bin ? ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] : ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
    if (bytes === 1) return '1 Byte';
    if (bytes < base) return `${Math.trunc(integral(bytes))} Bytes`;
    let unit = 0;
    let prefix = '';
    for (let i = 0; i < prefixes.length; i++) {
      unit = base ** (i + 2);
      prefix = prefixes[i] as string;
      if (bytes < unit) break;
    }
    return `${formatFloat((base * bytes) / unit, 'f', 1)} ${prefix}`;
  },
};

/** A float Python can make an int of (math.floor, int()): NaN and the infinities it refuses. */
function integral(x: number): number {
  if (Number.isNaN(x)) throw new PyException('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(x)) throw new PyException('OverflowError', 'cannot convert float infinity to integer');
  return x;
}

registerFilters(numberFilters, 'ansible.builtin');
