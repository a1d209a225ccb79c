/**
 * Just enough of Python's `decimal` for the junit callback's times: `Decimal(float)` (the float's
 * exact value), addition in the default context (28 digits, round half even) and `str()`.
 */
export interface PyDecimal {
  /** value = coefficient × 10^exponent */
  readonly coefficient: bigint;
  readonly exponent: number;
}

const PRECISION = 28;

/** `Decimal(x)` for a finite float: its exact binary value written in decimal. */
export function decimalFromFloat(x: number): PyDecimal {
  if (Number.isInteger(x)) return { coefficient: BigInt(x), exponent: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exp2 = biased === 0 ? -1074 : biased - 1075;
  if (biased !== 0) mantissa |= 1n << 52n;
  while (mantissa % 2n === 0n && exp2 < 0) {
    mantissa /= 2n;
    exp2++;
  }
  // m / 2^k = m·5^k / 10^k
  const coefficient = mantissa * 5n ** BigInt(-exp2);
  return { coefficient: negative ? -coefficient : coefficient, exponent: exp2 };
}

function digitCount(n: bigint): number {
  return (n < 0n ? -n : n).toString().length;
}

/** `a + b` in Python's default context: exact, then rounded half-even to 28 significant digits. */
export function decimalAdd(a: PyDecimal, b: PyDecimal): PyDecimal {
  const exponent = Math.min(a.exponent, b.exponent);
  let coefficient = a.coefficient * 10n ** BigInt(a.exponent - exponent) + b.coefficient * 10n ** BigInt(b.exponent - exponent);
  let exp = exponent;
  const excess = digitCount(coefficient) - PRECISION;
  if (excess > 0) {
    const unit = 10n ** BigInt(excess);
    const sign = coefficient < 0n ? -1n : 1n;
    const magnitude = coefficient * sign;
    let kept = magnitude / unit;
    const rest = magnitude % unit;
    const half = unit / 2n;
    if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
    exp += excess;
    if (digitCount(kept) > PRECISION) {
      kept /= 10n;
      exp += 1;
    }
    coefficient = kept * sign;
  }
  return { coefficient, exponent: exp };
}

/** `sum(values)` as Python adds Decimals to its starting int 0. */
export function decimalSum(values: readonly PyDecimal[]): PyDecimal {
  return values.reduce(decimalAdd, { coefficient: 0n, exponent: 0 });
}

/** `str(Decimal)`: plain notation, or scientific when the exponent is positive or the value tiny. */
export function decimalString(d: PyDecimal): string {
  const sign = d.coefficient < 0n ? '-' : '';
  const digits = (d.coefficient < 0n ? -d.coefficient : d.coefficient).toString();
  const adjusted = d.exponent + digits.length - 1;
  if (d.exponent <= 0 && adjusted >= -6) {
    if (d.exponent === 0) return sign + digits;
    const point = digits.length + d.exponent;
    return sign + (point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`);
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : '-'}${Math.abs(adjusted)}`;
}
