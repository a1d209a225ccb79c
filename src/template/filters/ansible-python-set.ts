/**
 * The order `list(set(a) | set(b))` has in CPython, for members whose hash is deterministic
 * (ints, bools, floats but NaN): an open-addressing table walked slot by slot. Sets holding
 * anything else (strings hash differently in every Python process) keep first-seen order.
 */
import { isStringLike, isTuple, numericValue, PyFloat, textOf, type Data } from '../../core/data.js';

const LINEAR_PROBES = 9;
const PERTURB_SHIFT = 5n;
const MASK64 = (1n << 64n) - 1n;
const MODULUS = (1n << 61n) - 1n;

interface Entry {
  key: Data;
  hash: bigint;
  id: string;
}

type Slot = Entry | null | 'dummy';

const HASH_BITS = 61n;
const HASH_INF = 314159n;

/** Python's hash() of an int, as an unsigned 64-bit number. */
function hashOfInt(n: bigint): bigint {
  let h = (n < 0n ? -n : n) % MODULUS;
  if (n < 0n) h = -h;
  if (h === -1n) h = -2n;
  return h & MASK64;
}

/** NOTE: CPython hashes a float by folding its mantissa 28 bits at a time modulo 2**61 - 1, so
 * that equal ints and floats hash alike; NaN hashes by identity (not simulated). */
function hashOfFloat(v: number): bigint | undefined {
  if (Number.isNaN(v)) return undefined;
  if (!Number.isFinite(v)) return (v > 0 ? HASH_INF : -HASH_INF) & MASK64;
  if (Number.isInteger(v)) return hashOfInt(BigInt(v));
  let m = Math.abs(v);
  let e = 0;
  while (m >= 1) {
    m /= 2;
    e++;
  }
  while (m < 0.5) {
    m *= 2;
    e--;
  }
  let x = 0n;
  while (m !== 0) {
    x = ((x << 28n) & MODULUS) | (x >> (HASH_BITS - 28n));
    m *= 268435456;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    x += BigInt(y);
    if (x >= MODULUS) x -= MODULUS;
  }
  const shift = BigInt(e >= 0 ? e % 61 : 60 - ((-1 - e) % 61));
  x = ((x << shift) & MODULUS) | (x >> (HASH_BITS - shift));
  if (v < 0) x = -x & MASK64;
  if (x === MASK64) x = MASK64 - 1n;
  return x;
}

/** hash() of a number (bool, int, float) as an unsigned 64-bit number, or undefined when not simulated. */
function numberHash(value: Data): bigint | undefined {
  if (typeof value === 'bigint') return hashOfInt(value);
  if (value instanceof PyFloat) return hashOfFloat(value.value);
  const n = numericValue(value);
  if (n === undefined || !Number.isSafeInteger(n)) return undefined;
  return hashOfInt(BigInt(n));
}

class SimSet {
  mask = 7;
  table: Slot[] = new Array<Slot>(8).fill(null);
  fill = 0;
  used = 0;

  private slotOf(hash: bigint, id: string): { index: number; found: boolean } {
    let perturb = hash;
    let i = Number(hash & BigInt(this.mask));
    let freeslot = -1;
    for (;;) {
      let probes = i + LINEAR_PROBES <= this.mask ? LINEAR_PROBES : 0;
      let j = i;
      for (;;) {
        const e = this.table[j] ?? null;
        if (e === null) return { index: freeslot >= 0 ? freeslot : j, found: false };
        if (e === 'dummy') {
          if (freeslot < 0) freeslot = j;
        } else if (e.hash === hash && e.id === id) return { index: j, found: true };
        if (probes-- === 0) break;
        j++;
      }
      perturb >>= PERTURB_SHIFT;
      i = Number((BigInt(i) * 5n + 1n + perturb) & BigInt(this.mask));
    }
  }

  has(entry: Entry): boolean {
    return this.slotOf(entry.hash, entry.id).found;
  }

  add(entry: Entry): void {
    const { index, found } = this.slotOf(entry.hash, entry.id);
    if (found) return;
    if (this.table[index] === null) this.fill++;
    this.table[index] = entry;
    this.used++;
    if (this.fill * 5 < this.mask * 3) return;
    this.resize(this.used > 50000 ? this.used * 2 : this.used * 4);
  }

  discard(entry: Entry): void {
    const { index, found } = this.slotOf(entry.hash, entry.id);
    if (!found) return;
    this.table[index] = 'dummy';
    this.used--;
  }

  insertClean(entry: Entry): void {
    let perturb = entry.hash;
    let i = Number(entry.hash & BigInt(this.mask));
    for (;;) {
      if (this.table[i] === null) break;
      let placed = false;
      if (i + LINEAR_PROBES <= this.mask) {
        for (let j = 1; j <= LINEAR_PROBES; j++) {
          if (this.table[i + j] === null) {
            i += j;
            placed = true;
            break;
          }
        }
      }
      if (placed) break;
      perturb >>= PERTURB_SHIFT;
      i = Number((BigInt(i) * 5n + 1n + perturb) & BigInt(this.mask));
    }
    this.table[i] = entry;
    this.fill++;
    this.used++;
  }

  resize(minused: number): void {
    let size = 8;
    while (size <= minused) size *= 2;
    const old = this.entries();
    this.mask = size - 1;
    this.table = new Array<Slot>(size).fill(null);
    this.fill = 0;
    this.used = 0;
    for (const e of old) this.insertClean(e);
  }

  entries(): Entry[] {
    return this.table.filter((e): e is Entry => e !== null && e !== 'dummy');
  }

  /** set_merge: what `set(other)` copying and `|=` do. */
  merge(other: SimSet): void {
    if (other.used === 0) return;
    if ((this.fill + other.used) * 5 >= this.mask * 3) this.resize((this.used + other.used) * 2);
    if (this.fill === 0 && this.mask === other.mask && other.fill === other.used) {
      this.table = [...other.table];
      this.fill = other.fill;
      this.used = other.used;
      return;
    }
    if (this.fill === 0) {
      for (const e of other.entries()) this.insertClean(e);
      return;
    }
    for (const e of other.entries()) this.add(e);
  }

  static of(items: readonly Entry[]): SimSet {
    const s = new SimSet();
    for (const e of items) s.add(e);
    return s;
  }

  copy(): SimSet {
    const s = new SimSet();
    s.merge(this);
    return s;
  }
}

function identity(value: Data): string {
  if (typeof value === 'bigint') return `n${value}`;
  const n = numericValue(value);
  if (n !== undefined) return `n${n}`;
  if (isStringLike(value)) return `s${textOf(value)}`;
  if (value === null) return 'None';
  if (Array.isArray(value) && isTuple(value)) return `t${value.map(identity).join('\u0000')}`;
  return `?${String(value)}`;
}

function firstSeen(op: string, a: readonly Data[], b: readonly Data[]): Data[] {
  const seenB = new Set(b.map(identity));
  const seenA = new Set(a.map(identity));
  const out = new Map<string, Data>();
  const push = (x: Data): void => {
    const id = identity(x);
    if (!out.has(id)) out.set(id, x);
  };
  if (op === 'union') [...a, ...b].forEach(push);
  else if (op === 'intersect') a.filter((x) => seenB.has(identity(x))).forEach(push);
  else if (op === 'difference') a.filter((x) => !seenB.has(identity(x))).forEach(push);
  else {
    a.filter((x) => !seenB.has(identity(x))).forEach(push);
    b.filter((x) => !seenA.has(identity(x))).forEach(push);
  }
  return [...out.values()];
}

/** `list(set(a) OP set(b))` with CPython's order when it is deterministic. */
export function pySetOperation(op: 'union' | 'intersect' | 'difference' | 'symmetric_difference', a: readonly Data[], b: readonly Data[]): Data[] {
  const toEntries = (list: readonly Data[]): Entry[] | undefined => {
    const out: Entry[] = [];
    for (const key of list) {
      const hash = numberHash(key);
      if (hash === undefined) return undefined;
      out.push({ key, hash, id: identity(key) });
    }
    return out;
  };
  const ea = toEntries(a);
  const eb = toEntries(b);
  if (ea === undefined || eb === undefined) return firstSeen(op, a, b);
  const sa = SimSet.of(ea);
  const sb = SimSet.of(eb);
  let result: SimSet;
  if (op === 'union') {
    result = sa.copy();
    result.merge(sb);
  } else if (op === 'intersect') {
    let big = sa;
    let small = sb;
    if (sb.used > sa.used) {
      big = sb;
      small = sa;
    }
    result = new SimSet();
    for (const e of small.entries()) if (big.has(e)) result.add(e);
  } else if (op === 'difference') {
    if (sa.used >> 2 > sb.used) {
      result = sa.copy();
      for (const e of sb.entries()) result.discard(e);
    } else {
      result = new SimSet();
      for (const e of sa.entries()) if (!sb.has(e)) result.add(e);
    }
  } else {
    // NOTE: CPython 3.13 copies `b` first, then toggles each member of `a` in table order.
    result = sb.copy();
    for (const e of sa.entries()) {
      if (result.has(e)) result.discard(e);
      else result.add(e);
    }
  }
  return result.entries().map((e) => e.key);
}

/** `list(set(a))` order, as `unique` would not give it but set-based tests compare. */
export function pySetOrder(items: readonly Data[]): Data[] {
  return pySetOperation('union', items, []);
}
