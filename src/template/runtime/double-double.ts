/**
 * Double-double arithmetic: a value as the unevaluated sum hi + lo of two doubles (|lo| ≤ half an
 * ulp of hi), about 106 bits of precision. What correctly-rounded-pow.ts computes in.
 */
export interface DD {
  readonly hi: number;
  readonly lo: number;
}

/** Veltkamp's splitter for doubles: 2^27 + 1. */
const SPLITTER = 134217729;

export function dd(hi: number, lo = 0): DD {
  return { hi, lo };
}

/** a + b exactly, when |a| ≥ |b|. */
function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return { hi: s, lo: b - (s - a) };
}

/** a + b exactly (Knuth). */
function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return { hi: s, lo: a - (s - bb) + (b - bb) };
}

/** a × b exactly (Dekker), for |a|, |b| well below 2^996. */
function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return { hi: p, lo: ah * bh - p + ah * bl + al * bh + al * bl };
}

export function ddAdd(a: DD, b: DD): DD {
  const s = twoSum(a.hi, b.hi);
  const t = twoSum(a.lo, b.lo);
  const u = quickTwoSum(s.hi, s.lo + t.hi);
  return quickTwoSum(u.hi, u.lo + t.lo);
}

export function ddNeg(a: DD): DD {
  return { hi: -a.hi, lo: -a.lo };
}

export function ddMul(a: DD, b: DD): DD {
  const p = twoProd(a.hi, b.hi);
  return quickTwoSum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

export function ddDiv(a: DD, b: DD): DD {
  const q1 = a.hi / b.hi;
  let r = ddAdd(a, ddNeg(ddMul(b, dd(q1))));
  const q2 = r.hi / b.hi;
  r = ddAdd(r, ddNeg(ddMul(b, dd(q2))));
  const q3 = r.hi / b.hi;
  return ddAdd(quickTwoSum(q1, q2), dd(q3));
}

/** a × 2^k for a small |k| (exact unless it leaves the normal range). */
export function ddScale(a: DD, k: number): DD {
  const f = 2 ** k;
  return { hi: a.hi * f, lo: a.lo * f };
}
