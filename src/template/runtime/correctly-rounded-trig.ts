/**
 * sin, cos and atan2 as glibc gives them to CPython: correctly rounded but for rare inputs, where
 * V8's (fdlibm's) are an ulp off for about one input in five. Computed in double-double
 * arithmetic (Taylor series after reduction by π/2; atan by one Newton step from Math.atan) and
 * rounded once. Complex powers (polar form) are what need them.
 */
import { dd, ddAdd, ddDiv, ddMul, ddNeg, type DD } from './double-double.js';

const HALF_PI = dd(1.5707963267948966, 6.123233995736766e-17);
/** π/2's next 53 bits: a multiple of π/2 near x leaves few significant bits of x - k·π/2. */
const HALF_PI_TAIL = -1.4973849048591698e-33;
const PI = dd(3.141592653589793, 1.2246467991473532e-16);

/** (-1)^n / n!, for the Taylor series on |r| ≤ π/4, whose 27th term is below 2^-110. */
const SIGNED_FACTORIAL_INVERSES: readonly DD[] = (() => {
  const out: DD[] = [];
  let f = dd(1);
  for (let n = 0; n < 28; n++) {
    out.push(n % 4 >= 2 ? ddNeg(f) : f);
    f = ddDiv(f, dd(n + 1));
  }
  return out;
})();

/** Σ c_n r^n over the terms of one parity (sin: odd, cos: even), in Horner's form. */
function series(r: DD, odd: boolean): DD {
  const r2 = ddMul(r, r);
  let n = odd ? 27 : 26;
  let sum = SIGNED_FACTORIAL_INVERSES[n] as DD;
  for (n -= 2; n >= 0; n -= 2) sum = ddAdd(ddMul(sum, r2), SIGNED_FACTORIAL_INVERSES[n] as DD);
  return odd ? ddMul(sum, r) : sum;
}

/** x = k·π/2 + r, |r| ≤ π/4; sin and cos of r. Exact enough for |x| below 2^20. */
function sinCos(x: DD): { sin: DD; cos: DD } {
  const k = Math.round(x.hi / HALF_PI.hi);
  // each part's product with k is exact (the parts' low words are zero)
  const kk = dd(-k);
  const r = ddAdd(ddAdd(ddAdd(x, ddMul(dd(HALF_PI.hi), kk)), ddMul(dd(HALF_PI.lo), kk)), dd(-k * HALF_PI_TAIL));
  const s = series(r, true);
  const c = series(r, false);
  switch (((k % 4) + 4) % 4) {
    case 0:
      return { sin: s, cos: c };
    case 1:
      return { sin: c, cos: ddNeg(s) };
    case 2:
      return { sin: ddNeg(s), cos: ddNeg(c) };
    default:
      return { sin: ddNeg(c), cos: s };
  }
}

/** Past this the reduction by a double-double π/2 loses bits: fdlibm's results are used. */
const REDUCTION_LIMIT = 2 ** 20;

export function correctlyRoundedSin(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > REDUCTION_LIMIT || Math.abs(x) < 2 ** -26) return Math.sin(x);
  const s = sinCos(dd(x)).sin;
  return s.hi + s.lo;
}

export function correctlyRoundedCos(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) > REDUCTION_LIMIT) return Math.cos(x);
  const c = sinCos(dd(x)).cos;
  return c.hi + c.lo;
}

/** atan z for 0 ≤ z ≤ 1: atan z = t + atan((z - tan t)/(1 + z·tan t)), whose second part is tiny. */
function ddAtan(z: DD): DD {
  const t = Math.atan(z.hi);
  const { sin, cos } = sinCos(dd(t));
  const tan = ddDiv(sin, cos);
  const delta = ddDiv(ddAdd(z, ddNeg(tan)), ddAdd(dd(1), ddMul(z, tan)));
  return ddAdd(dd(t), delta);
}

export function correctlyRoundedAtan2(y: number, x: number): number {
  const ay = Math.abs(y);
  const ax = Math.abs(x);
  // zeros, infinities and NaNs have exact results, which Math.atan2 gives as C does
  if (!(ay > 0 && ax > 0 && ay < Infinity && ax < Infinity)) return Math.atan2(y, x);
  const ratio = Math.min(ax, ay) / Math.max(ax, ay);
  if (ratio < 2 ** -500) return Math.atan2(y, x);
  // both scaled by the same power of two near the larger, so the double-double steps stay exact
  const e = Math.floor(Math.log2(Math.max(ax, ay)));
  const half = Math.trunc(-e / 2);
  const sy = ay * 2 ** half * 2 ** (-e - half);
  const sx = ax * 2 ** half * 2 ** (-e - half);
  let t = ay <= ax ? ddAtan(ddDiv(dd(sy), dd(sx))) : ddAdd(HALF_PI, ddNeg(ddAtan(ddDiv(dd(sx), dd(sy)))));
  if (x < 0) t = ddAdd(PI, ddNeg(t));
  const r = t.hi + t.lo;
  return y < 0 ? -r : r;
}
