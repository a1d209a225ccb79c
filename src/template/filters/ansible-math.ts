/** log, pow, root, human_readable, human_to_bytes. Results are Python floats. */
import { PyFloat, isStringLike, numericValue, textOf, truthy, type Data } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { typeName } from '../runtime/py-values.js';
import { isOmit } from '../runtime/omit.js';
import { PyException } from '../runtime/py-exception.js';
import type { Value } from '../runtime/py-object.js';
import { PlainUndefined } from '../runtime/undefined.js';
import { pyFloat } from './jinja-numbers.js';
import { argument, chainedError, defined, definedOrInlineIf, pluginError, raisedWhileHandling, realNumberError, toText } from './ansible-args.js';
import { formatFixed } from './ansible-python-format.js';
import { correctlyRoundedLog, correctlyRoundedPow } from '../runtime/correctly-rounded-pow.js';

function number(value: Data, message: string): number {
  const n = numericValue(value);
  if (n === undefined) throw chainedError(message, realNumberError(value));
  return n;
}

export const log: FilterFn = (_ctx, value, args, kwargs) => {
  const x = number(defined(value), 'log() can only be used on numbers');
  // NOTE: math.log takes the value's log before it reads the base.
  if (x <= 0) throw pluginError('math domain error');
  const baseArg = argument(args, kwargs, 0, 'base');
  const base = baseArg === undefined ? Math.E : number(baseArg, 'log() can only be used on numbers');
  if (base <= 0) throw pluginError('math domain error');
  if (base === 10) return new PyFloat(Math.log10(x));
  if (base === 1) throw pluginError('float division by zero');
  // NOTE: glibc's log is correctly rounded, V8's an ulp off for 1% of inputs (its log10 is the closer one).
  return new PyFloat(base === Math.E ? correctlyRoundedLog(x) : correctlyRoundedLog(x) / correctlyRoundedLog(base));
};

export const pow: FilterFn = (_ctx, value, args, kwargs) => {
  const x = number(defined(value), 'pow() can only be used on numbers');
  const yArg = argument(args, kwargs, 0, 'y') ?? null;
  const y = number(yArg, 'pow() can only be used on numbers');
  const r = correctlyRoundedPow(x, y);
  // NOTE: math.pow refuses a NaN it makes (a negative base to a fraction), not one it is given.
  if (Number.isNaN(r) && !Number.isNaN(x) && !Number.isNaN(y)) throw pluginError('math domain error');
  // A zero (either sign) to a finite negative power has no value in math.pow.
  if (x === 0 && y < 0 && Number.isFinite(y)) throw pluginError('math domain error');
  // Only finite operands overflow: an infinite one gives its infinite result.
  if (!Number.isFinite(r) && Number.isFinite(x) && Number.isFinite(y)) throw pluginError('math range error');
  return new PyFloat(r);
};

export const root: FilterFn = (_ctx, value, args, kwargs) => {
  const message = 'root() can only be used on numbers';
  const data = defined(value);
  const baseArg = argument(args, kwargs, 0, 'base');
  const baseNumber = baseArg === undefined ? 2 : typeof baseArg === 'boolean' ? undefined : numericValue(baseArg);
  if (baseNumber === 2) {
    const x = number(data, message);
    if (x < 0) throw chainedError(message, 'math domain error');
    return new PyFloat(Math.sqrt(x));
  }
  // NOTE: float(base) comes first, then 1.0 / base, then math.pow on the value.
  let base: number;
  try {
    base = pyFloat(baseArg as Value);
  } catch (error) {
    if (error instanceof PyException && (error.pyType === 'ValueError' || error.pyType === 'TypeError')) throw chainedError(message, error.message);
    throw error;
  }
  if (base === 0) throw pluginError('float division by zero');
  const x = number(data, message);
  const r = correctlyRoundedPow(x, 1 / base);
  if (Number.isNaN(r) && !Number.isNaN(x) && !Number.isNaN(base)) throw chainedError(message, 'math domain error');
  return new PyFloat(r);
};

const RANGES: readonly [string, number][] = [
  ['Y', 2 ** 80],
  ['Z', 2 ** 70],
  ['E', 2 ** 60],
  ['P', 2 ** 50],
  ['T', 2 ** 40],
  ['G', 2 ** 30],
  ['M', 2 ** 20],
  ['K', 2 ** 10],
  ['B', 1],
];

export function bytesToHuman(size: number, isbits: boolean, unit: string | null): string {
  const base = isbits ? 'bits' : 'Bytes';
  let suffix = '';
  let limit = 1;
  for ([suffix, limit] of RANGES) {
    if ((unit === null && size >= limit) || (unit !== null && unit.toUpperCase() === suffix[0])) break;
  }
  suffix = limit !== 1 ? suffix + base[0] : base;
  return `${formatFixed(size / limit, 2)} ${suffix}`;
}

export const human_readable: FilterFn = (_ctx, value, args, kwargs) => {
  const data = definedOrInlineIf(value);
  const isbits = truthy(argument(args, kwargs, 0, 'isbits') ?? false);
  const unit = argument(args, kwargs, 1, 'unit');
  // NOTE: bytes_to_human calls unit.upper() on any unit that is not None, before it reads the size.
  if (unit !== undefined && unit !== null && !isStringLike(unit)) throw chainedError("human_readable() can't interpret the input", `'${typeName(unit)}' object has no attribute 'upper'`);
  // an inline if's Undefined raises its hint as it is compared or divided (no TypeError)
  if (value instanceof PlainUndefined) throw chainedError("human_readable() can't interpret the input", value.hint);
  const size = numericValue(data);
  if (size === undefined) {
    // With a unit the size is only divided, never compared.
    const why = unit === undefined || unit === null ? `'>=' not supported between instances of '${typeName(data)}' and 'int'` : `unsupported operand type(s) for /: '${typeName(data)}' and 'int'`;
    throw chainedError('human_readable() failed on bad input', why);
  }
  return bytesToHuman(size, isbits, unit === undefined || unit === null ? null : toText(unit));
};

const UNIT_NAMES: Record<string, readonly [readonly [string, string], readonly [string, string]]> = {
  B: [['byte', 'B'], ['bit', 'b']],
  K: [['kilobyte', 'KB'], ['kilobit', 'Kb']],
  M: [['megabyte', 'MB'], ['megabit', 'Mb']],
  G: [['gigabyte', 'GB'], ['gigabit', 'Gb']],
  T: [['terabyte', 'TB'], ['terabit', 'Tb']],
  P: [['petabyte', 'PB'], ['petabit', 'Pb']],
  E: [['exabyte', 'EB'], ['exabit', 'Eb']],
  Z: [['zetabyte', 'ZB'], ['zetabit', 'Zb']],
  Y: [['yottabyte', 'YB'], ['yottabit', 'Yb']],
};

/** Python's round() on a float: half to even, an exact int (beyond 2**53 a bigint, as Python's int). */
function roundHalfEven(x: number): number | bigint {
  const r = Math.round(x);
  const even = Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return Number.isSafeInteger(even) || !Number.isFinite(even) ? even : BigInt(even);
}

/** Python raises this one inside an `except` (the unit lookup's KeyError): 2.19 shows it as a cause of its own. */
class ErrorWhileHandling extends Error {}

export function humanToBytes(input: string, defaultUnit: string | null, isbits: boolean): number | bigint {
  const m = /^([0-9]*\.?[0-9]+)(?:\s*([A-Za-z]+))?\s*$/.exec(input);
  if (!m) throw new Error(`human_to_bytes() can't interpret following string: ${input}`);
  const num = Number(m[1]);
  const unit = m[2] ?? defaultUnit;
  if (unit === null) return roundHalfEven(num);
  const key = (unit[0] ?? '').toUpperCase();
  const range = RANGES.find(([k]) => k === key);
  if (!range) throw new ErrorWhileHandling(`human_to_bytes() failed to convert ${input} (unit = ${unit}). The suffix must be one of Y, Z, E, P, T, G, M, K, B`);
  if (unit.length > 1) {
    const group = UNIT_NAMES[key];
    const pair = group?.[isbits ? 1 : 0];
    if (pair === undefined) throw new Error(`human_to_bytes() can't interpret a valid unit for ${key}`);
    if (unit.toLowerCase() !== pair[0] && unit !== pair[1]) {
      const unitClass = isbits ? 'b' : 'B';
      const expect = key === 'B' ? `expect ${unitClass} or ${isbits ? 'bit' : 'byte'}` : `expect ${key}${unitClass} or ${key}`;
      throw new Error(`human_to_bytes() failed to convert ${input}. Value is not a valid string (${expect})`);
    }
  }
  return roundHalfEven(num * range[1]);
}

export const human_to_bytes: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  const defaultUnit = argument(args, kwargs, 0, 'default_unit');
  const isbits = argument(args, kwargs, 1, 'isbits');
  // NOTE: omit is no str in 2.19: it is read as its str(), '<<Omit>>'.
  const text = isStringLike(data) && !isOmit(data) ? textOf(data) : toText(data);
  try {
    return humanToBytes(text, defaultUnit === undefined || defaultUnit === null ? null : toText(defaultUnit), Boolean(numericValue(isbits ?? false) ?? isbits));
  } catch (error) {
    if (error instanceof ErrorWhileHandling) throw pluginError("human_to_bytes() can't interpret the input", raisedWhileHandling(error.message));
    throw chainedError("human_to_bytes() can't interpret the input", (error as Error).message);
  }
};

export const mathFilters: Record<string, FilterFn> = { log, pow, root, human_readable, human_to_bytes };
