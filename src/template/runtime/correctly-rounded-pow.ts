/**
 * x ** y and ln x for doubles as Python gives them: CPython calls the C library's pow and log,
 * which glibc rounds correctly but for rare inputs, while V8's (fdlibm's) are one ulp off for
 * about one input in ten (pow: 8 ** 0.2) or a hundred (log). Computed as exp(y × ln x) in
 * double-double arithmetic (about 2^-94 relative error before the last rounding), then rounded
 * once. NOTE: glibc's pow is not correctly rounded for about one input in 1,300 (its error bound is
 * 0.52 ulp); there Python's result is the other neighbour (test/jinja/pow-table lists them).
 */
import { dd, ddAdd, ddDiv, ddMul, ddNeg, type DD } from './double-double.js';

const LN2 = dd(0.6931471805599453, 2.3190468138462996e-17);
const SQRT_HALF = Math.SQRT1_2;

/** 1/(2k+1): the atanh series of ln. |s| ≤ 0.172, so s^50 is below 2^-127. */
const ODD_INVERSES: readonly DD[] = Array.from({ length: 26 }, (_, k) => ddDiv(dd(1), dd(2 * k + 1)));

/** 1/n!: the Taylor series of exp on |r| ≤ ln2/2, whose 28th term is below 2^-120. */
const FACTORIAL_INVERSES: readonly DD[] = (() => {
  const out: DD[] = [];
  let f = dd(1);
  for (let n = 0; n < 28; n++) {
    out.push(f);
    f = ddDiv(f, dd(n + 1));
  }
  return out;
})();

/** ln x for a finite x > 0: x = m × 2^e with m in [√½, √2), ln m = 2·atanh((m-1)/(m+1)). */
function ddLog(x: number): DD {
  let e = Math.floor(Math.log2(x));
  let m = x / 2 ** e;
  while (m >= 2 * SQRT_HALF) {
    m /= 2;
    e++;
  }
  while (m < SQRT_HALF) {
    m *= 2;
    e--;
  }
  // m - 1 is exact here (Sterbenz)
  const s = ddDiv(dd(m - 1), ddAdd(dd(m), dd(1)));
  const s2 = ddMul(s, s);
  let sum = ODD_INVERSES[ODD_INVERSES.length - 1] as DD;
  for (let k = ODD_INVERSES.length - 2; k >= 0; k--) sum = ddAdd(ddMul(sum, s2), ODD_INVERSES[k] as DD);
  return ddAdd(ddMul(LN2, dd(e)), ddMul(ddMul(s, sum), dd(2)));
}

/** e^t as m × 2^k, m near 1: t = k·ln2 + r with |r| ≤ ln2/2. */
function ddExp(t: DD): { m: DD; k: number } {
  const k = Math.round(t.hi / LN2.hi);
  const r = ddAdd(t, ddNeg(ddMul(LN2, dd(k))));
  let sum = FACTORIAL_INVERSES[FACTORIAL_INVERSES.length - 1] as DD;
  for (let n = FACTORIAL_INVERSES.length - 2; n >= 0; n--) sum = ddAdd(ddMul(sum, r), FACTORIAL_INVERSES[n] as DD);
  return { m: sum, k };
}

/** m × 2^k rounded once to a double (a subnormal result too). */
function scaleRounded(m: DD, k: number): number {
  if (k >= -1021) return k > 1000 ? m.hi * 2 ** (k - 100) * 2 ** 100 : m.hi * 2 ** k;
  // below the normal range the scaled hi is rounded again: correct it by what was left over
  const scaled = m.hi * 2 ** k;
  const rest = m.hi - scaled * 2 ** 600 * 2 ** (-k - 600) + m.lo;
  const halfUlp = 2 ** (-1075 - k);
  if (rest > halfUlp) return scaled + 2 ** -1074;
  if (rest < -halfUlp) return scaled - 2 ** -1074;
  return scaled;
}

/** x ** y for finite x > 0, x ≠ 1. */
function positivePow(x: number, y: number): number {
  const ln = ddLog(x);
  // past these the result overflows, or is below half the least subnormal, however it rounds
  const estimate = y * ln.hi;
  if (estimate > 710) return Infinity;
  if (estimate < -746) return 0;
  const { m, k } = ddExp(ddMul(ln, dd(y)));
  return scaleRounded(m, k);
}

/** C's log for a finite x > 0, correctly rounded (glibc's; V8's Math.log is an ulp off for 1% of inputs). */
export function correctlyRoundedLog(x: number): number {
  if (!(x > 0 && Number.isFinite(x))) return Math.log(x);
  const ln = ddLog(x);
  return ln.hi + ln.lo;
}

/** C's exp for a finite x, correctly rounded (glibc's; V8's Math.exp is an ulp off for some inputs). */
export function correctlyRoundedExp(x: number): number {
  if (!Number.isFinite(x)) return Math.exp(x);
  if (x > 710) return Infinity;
  if (x < -746) return 0;
  const { m, k } = ddExp(dd(x));
  return scaleRounded(m, k);
}

/** C's hypot (glibc's, correctly rounded): √(x² + y²) without overflow or underflow on the way. */
export function correctlyRoundedHypot(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (Number.isNaN(ax) || Number.isNaN(ay)) return NaN;
  const big = Math.max(ax, ay);
  if (big === 0) return 0;
  // scale by a power of two near the larger part, so the squares neither overflow nor vanish
  const e = Math.floor(Math.log2(big));
  // (in two steps: 2^-e alone overflows for a subnormal part)
  const half = Math.trunc(-e / 2);
  const sx = ax * 2 ** half * 2 ** (-e - half);
  const sy = ay * 2 ** half * 2 ** (-e - half);
  const sum = ddAdd(ddMul(dd(sx), dd(sx)), ddMul(dd(sy), dd(sy)));
  const root = Math.sqrt(sum.hi);
  // one Newton step in double-double: root + (sum - root²) / (2·root)
  const fixed = ddAdd(dd(root), ddDiv(ddAdd(sum, ddNeg(ddMul(dd(root), dd(root)))), dd(2 * root)));
  return scaleRounded(fixed, e);
}

/** C99's pow (as glibc gives it), correctly rounded: NaN where C reports a domain error. */
export function correctlyRoundedPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (!Number.isFinite(y)) {
    const ax = Math.abs(x);
    if (ax === 1) return 1;
    return ax > 1 === y > 0 ? Infinity : 0;
  }
  // zeros and infinities have exact results, which Math.pow gives as C does
  if (x === 0 || !Number.isFinite(x)) return Math.pow(x, y);
  if (x > 0) return positivePow(x, y);
  if (!Number.isInteger(y)) return NaN;
  const r = positivePow(-x, y);
  return Math.abs(y) < 2 ** 53 && y % 2 !== 0 ? -r : r;
}
