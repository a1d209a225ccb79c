/** float.as_integer_ratio() and float.hex(): a float's exact value, as Python writes it. */
import { intOf, markTuple, type Data } from '../../core/data.js';
import { PyException, valueError } from './py-exception.js';

/** The float as the lowest-terms fraction it is exactly (its denominator a power of two). */
export function floatIntegerRatio(x: number): Data[] {
  if (Number.isNaN(x)) throw valueError('cannot convert NaN to integer ratio');
  if (!Number.isFinite(x)) throw new PyException('OverflowError', 'cannot convert Infinity to integer ratio');
  let m = x;
  let e = 0;
  // doubling is exact: at most 1074 steps make any float an integer
  while (!Number.isInteger(m)) {
    m *= 2;
    e++;
  }
  let numerator = BigInt(m);
  while (e > 0 && numerator % 2n === 0n) {
    numerator /= 2n;
    e--;
  }
  return markTuple([intOf(numerator), intOf(2n ** BigInt(e))]);
}

/** C's %a as Python's float.hex writes it: `0x1.4000000000000p+1`, 13 hex digits always. */
export function floatHex(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponent = Number(bits >> 52n);
  const fraction = (bits & ((1n << 52n) - 1n)).toString(16).padStart(13, '0');
  if (exponent === 0) return fraction === '0000000000000' ? `${sign}0x0.0p+0` : `${sign}0x0.${fraction}p-1022`;
  const e = exponent - 1023;
  return `${sign}0x1.${fraction}p${e < 0 ? '-' : '+'}${Math.abs(e)}`;
}
