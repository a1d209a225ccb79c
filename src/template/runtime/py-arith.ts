/**
 * Python's arithmetic operators with its type rules: int op int stays int, `/` is always float,
 * `//` and `%` floor toward negative infinity, `+`/`*` also work on str and list.
 */
import { PyComplex, complexAdd, complexDiv, complexMul, complexNeg, complexOperands, complexPower, complexSub } from './py-complex.js';
import { PyFloat, intOf, isTuple, markTuple, type Data } from '../../core/data.js';
import { PyObject, type Value } from './py-object.js';
import { PyBytes } from './py-bytes.js';
import { PyException, typeError } from './py-exception.js';
import { percentFormat } from './py-format.js';
import { OMIT_PLACEHOLDER } from './omit.js';
import { correctlyRoundedPow } from './correctly-rounded-pow.js';
import { bigOf, isInt, num, operandTypeName, typeName } from './py-values.js';
import { Undefined, undefinedError } from './undefined.js';
import { joinedValueOrigins } from '../../core/value-origins.js';
import { copiedUnreadItems } from './template-local-copy.js';

function check(v: Value): void {
  if (v instanceof Undefined) throw undefinedError(v);
}

function unsupported(op: string, a: Value, b: Value): PyException {
  return typeError(`unsupported operand type(s) for ${op}: '${operandTypeName(a)}' and '${operandTypeName(b)}'`);
}

function intResult(x: number): number {
  return x === 0 ? 0 : x;
}

type Int = number | bigint | boolean;

/**
 * NOTE: Python ints never overflow. Int arithmetic runs on numbers while the operands and the
 * result are exact, and is redone on bigints otherwise.
 */
function exactInt(a: Int, b: Int, fast: number, big: (x: bigint, y: bigint) => bigint): number | bigint {
  if (typeof a !== 'bigint' && typeof b !== 'bigint' && Number.isSafeInteger(fast)) return intResult(fast);
  return intOf(big(bigOf(a), bigOf(b)));
}

/** Floor division and modulo on bigints (BigInt's `/` and `%` truncate toward zero). */
function bigFloorDiv(x: bigint, y: bigint): bigint {
  const q = x / y;
  return (x % y !== 0n) && (x < 0n) !== (y < 0n) ? q - 1n : q;
}

function bigMod(x: bigint, y: bigint): bigint {
  const r = x % y;
  return r !== 0n && (r < 0n) !== (y < 0n) ? r + y : r;
}

/** Whether Python's error would name the value Ansible's lazy list (a variable's, a filter's result). */
function isLazyList(v: Value): boolean {
  return Array.isArray(v) && typeName(v) === '_AnsibleLazyTemplateList';
}

export function add(a: Value, b: Value): Value {
  check(a);
  check(b);
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    return Number.isSafeInteger(r) ? r : exactInt(a, b, r, (x, y) => x + y);
  }
  // NOTE: the lazy list's __radd__ wraps what `a.__add__(list)` gives, and a number's gives
  // NotImplemented, which the wrapper then fails to iterate.
  if ((num(a) !== undefined || a instanceof PyComplex) && isLazyList(b)) throw typeError("'NotImplementedType' object is not iterable");
  if (typeof a === 'string') {
    if (typeof b === 'string') return a + b;
    throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  }
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return isInt(a) && isInt(b) ? exactInt(a, b, na + nb, (x, y) => x + y) : new PyFloat(na + nb);
  if (Array.isArray(a)) {
    if (Array.isArray(b) && isTuple(a) === isTuple(b)) {
      const r = (a as Data[]).concat(b as Data[]);
      // items read from variables stay tagged with where they were written
      joinedValueOrigins([a as Data[], b as Data[]], r);
      copiedUnreadItems([a as Data[], b as Data[]], r);
      return isTuple(a) ? markTuple(r) : r;
    }
    const t = isTuple(a) ? 'tuple' : 'list';
    throw typeError(`can only concatenate ${t} (not "${typeName(b)}") to ${t}`);
  }
  if (a instanceof PyBytes) return a.concat(b);
  const complex = complexOperands(a, b, num);
  if (complex) return complexAdd(complex);
  throw unsupported('+', a, b);
}

export function sub(a: Value, b: Value): Value {
  check(a);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return isInt(a) && isInt(b) ? exactInt(a, b, na - nb, (x, y) => x - y) : new PyFloat(na - nb);
  const difference = a instanceof PyObject ? a.subtract(b) : undefined;
  if (difference !== undefined) return difference;
  const complex = complexOperands(a, b, num);
  if (complex) return complexSub(complex);
  throw unsupported('-', a, b);
}

function repeat(seq: Value, times: number): Value {
  const n = Math.max(0, times);
  if (typeof seq === 'string') return seq.repeat(n);
  const arr = seq as Data[];
  const out: Data[] = [];
  for (let i = 0; i < n; i++) out.push(...arr);
  joinedValueOrigins(new Array<Data[]>(n).fill(arr), out);
  copiedUnreadItems([arr], out);
  return isTuple(arr) ? markTuple(out) : out;
}

export function mul(a: Value, b: Value): Value {
  check(a);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return isInt(a) && isInt(b) ? exactInt(a, b, na * nb, (x, y) => x * y) : new PyFloat(na * nb);
  if (a instanceof PyBytes && isInt(b)) return a.repeat(Number(b));
  if (b instanceof PyBytes && isInt(a)) return b.repeat(Number(a));
  // NOTE: Ansible's lazy list repeats itself through list.__mul__ called as a method, which asks
  // Python for an index; its __rmul__ comes first even on the right of a str or another list.
  if (isLazyList(a) && !isInt(b)) throw typeError(`'${typeName(b)}' object cannot be interpreted as an integer`);
  if (isLazyList(b) && !isInt(a)) throw typeError(`'${typeName(a)}' object cannot be interpreted as an integer`);
  if ((typeof a === 'string' || Array.isArray(a)) && nb !== undefined) {
    if (!isInt(b)) throw typeError(`can't multiply sequence by non-int of type '${typeName(b)}'`);
    return repeat(a, nb);
  }
  if ((typeof b === 'string' || Array.isArray(b)) && na !== undefined) {
    if (!isInt(a)) throw typeError(`can't multiply sequence by non-int of type '${typeName(a)}'`);
    return repeat(b, na);
  }
  if (typeof a === 'string' || Array.isArray(a)) throw typeError(`can't multiply sequence by non-int of type '${typeName(b)}'`);
  if (typeof b === 'string' || Array.isArray(b)) throw typeError(`can't multiply sequence by non-int of type '${typeName(a)}'`);
  const complex = complexOperands(a, b, num);
  if (complex) return complexMul(complex);
  throw unsupported('*', a, b);
}

export function truediv(a: Value, b: Value): Value {
  check(a);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na === undefined || nb === undefined) {
    const complex = complexOperands(a, b, num);
    if (complex) return complexDiv(complex);
    throw unsupported('/', a, b);
  }
  if (nb === 0) throw new PyException('ZeroDivisionError', isInt(a) && isInt(b) ? 'division by zero' : 'float division by zero');
  if (isInt(a) && isInt(b) && (typeof a === 'bigint' || typeof b === 'bigint')) return new PyFloat(bigTrueDiv(bigOf(a), bigOf(b)));
  return new PyFloat(na / nb);
}

/**
 * int / int past 2**53, as Python computes it: the exact quotient rounded once (floats of the
 * operands would lose digits), or OverflowError when it is beyond a float.
 */
function bigTrueDiv(x: bigint, y: bigint): number {
  const negative = x < 0n !== y < 0n;
  const n = x < 0n ? -x : x;
  const d = y < 0n ? -y : y;
  if (n === 0n) return negative ? -0 : 0;
  // a quotient of 65 bits or more, and a last bit that says whether anything was left over
  const shift = 65 - (n.toString(2).length - d.toString(2).length);
  const num = shift >= 0 ? n << BigInt(shift) : n;
  const den = shift >= 0 ? d : d << BigInt(-shift);
  const q = (num / den) * 2n + (num % den === 0n ? 0n : 1n);
  const e = -(shift + 1);
  const half = Math.trunc(e / 2);
  const r = Number(q) * 2 ** half * 2 ** (e - half);
  if (r === Infinity) throw new PyException('OverflowError', 'integer division result too large for a float');
  return negative ? -r : r;
}

export function floordiv(a: Value, b: Value): Value {
  check(a);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na === undefined || nb === undefined) throw unsupported('//', a, b);
  const ints = isInt(a) && isInt(b);
  if (nb === 0) throw new PyException('ZeroDivisionError', ints ? 'integer division or modulo by zero' : 'float floor division by zero');
  const q = Math.floor(na / nb);
  return ints ? exactInt(a as Int, b as Int, q, bigFloorDiv) : new PyFloat(q);
}

export function pyMod(na: number, nb: number): number {
  const r = na % nb;
  return r !== 0 && r < 0 !== nb < 0 ? r + nb : r;
}

export function mod(a: Value, b: Value): Value {
  check(a);
  // NOTE: omit is an object of its own in 2.19, with no % of its own.
  if (typeof a === 'string' && a !== OMIT_PLACEHOLDER) return percentFormat(a, b);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na === undefined || nb === undefined) throw unsupported('%', a, b);
  const ints = isInt(a) && isInt(b);
  if (nb === 0) throw new PyException('ZeroDivisionError', ints ? 'integer modulo by zero' : 'float modulo by zero');
  const r = pyMod(na, nb);
  if (ints) return exactInt(a as Int, b as Int, r, bigMod);
  // NOTE: a float remainder of zero takes the divisor's sign in Python (2.5 % -2.5 == -0.0).
  return new PyFloat(r === 0 ? (nb < 0 ? -0 : 0) : r);
}

export function pow(a: Value, b: Value): Value {
  check(a);
  check(b);
  const na = num(a);
  const nb = num(b);
  if (na === undefined || nb === undefined) {
    const complex = complexOperands(a, b, num);
    if (complex) return complexPower(complex);
    throw unsupported('** or pow()', a, b);
  }
  if (isInt(a) && isInt(b) && nb >= 0) return exactInt(a, b, na ** nb, (x, y) => x ** y);
  // (an int to a negative power is a float power in Python)
  if (na === 0 && nb < 0) throw new PyException('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  // NOTE: a negative base to a fractional (finite) power is a complex number in Python.
  if (na < 0 && Number.isFinite(nb) && !Number.isInteger(nb)) return complexPower([new PyComplex(na, 0), new PyComplex(nb, 0)]);
  // NOTE: CPython calls C's pow, which glibc rounds correctly; V8's ** is an ulp off for some inputs.
  const r = correctlyRoundedPow(na, nb);
  // NOTE: a float power that overflows raises in Python (ERANGE), where `*` gives inf.
  if (!Number.isFinite(r) && Number.isFinite(na) && Number.isFinite(nb)) throw new PyException('OverflowError', "(34, 'Numerical result out of range')");
  return new PyFloat(r);
}

export function neg(a: Value): Value {
  check(a);
  if (typeof a === 'number') return intResult(-a);
  if (typeof a === 'bigint') return intOf(-a);
  if (typeof a === 'boolean') return intResult(a ? -1 : 0);
  if (a instanceof PyFloat) return new PyFloat(-a.value);
  if (a instanceof PyComplex) return complexNeg(a);
  throw typeError(`bad operand type for unary -: '${typeName(a)}'`);
}

export function pos(a: Value): Value {
  check(a);
  if (typeof a === 'boolean') return a ? 1 : 0;
  if (typeof a === 'number' || typeof a === 'bigint' || a instanceof PyFloat || a instanceof PyComplex) return a;
  throw typeError(`bad operand type for unary +: '${typeName(a)}'`);
}
