/**
 * Python's `random.Random(seed)`: the Mersenne Twister with CPython's seeding (ints by absolute
 * value, str seeds through SHA-512 as version 2 does), so `random(seed=inventory_hostname)` and
 * `shuffle(seed=…)` pick what Ansible picks.
 */
import { createHash } from 'node:crypto';
import { isStringLike, numericValue, textOf, type Data } from '../../core/data.js';
import { pluginError } from './ansible-args.js';

const N = 624;
const M = 397;

export class MersenneTwister {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(key: readonly number[]) {
    this.initByArray(key.length > 0 ? key : [0]);
  }

  private initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] as number;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = ((mt[i] as number) ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + (key[j] as number) + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] as number;
      mt[i] = ((mt[i] as number) ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] as number;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  uint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = ((mt[k] as number) & 0x80000000) | ((mt[(k + 1) % N] as number) & 0x7fffffff);
        mt[k] = (mt[(k + M) % N] as number) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++] as number;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  getrandbits(k: number): number {
    if (k <= 32) return this.uint32() >>> (32 - k);
    // Wider values: 32-bit words, least significant first (enough for list sizes).
    let result = 0;
    let shift = 0;
    for (let left = k; left > 0; left -= 32) {
      let word = this.uint32();
      if (left < 32) word >>>= 32 - left;
      result += word * 2 ** shift;
      shift += 32;
    }
    return result;
  }

  /** `_randbelow(n)`: rejection sampling on n.bit_length() bits. */
  randbelow(n: number): number {
    if (n <= 0) return 0;
    const k = Math.floor(Math.log2(n)) + 1;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  random(): number {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

function wordsOf(n: bigint): number[] {
  const words: number[] = [];
  let v = n < 0n ? -n : n;
  while (v > 0n) {
    words.push(Number(v & 0xffffffffn));
    v >>= 32n;
  }
  return words;
}

/** A generator seeded as `random.Random(seed)` would be. */
export function pythonRandom(seed: Data): MersenneTwister {
  if (isStringLike(seed)) {
    const bytes = Buffer.from(textOf(seed), 'utf8');
    const all = Buffer.concat([bytes, createHash('sha512').update(bytes).digest()]);
    return new MersenneTwister(wordsOf(BigInt(`0x${all.toString('hex') || '0'}`)));
  }
  const n = numericValue(seed);
  // NOTE: Python 3.11+ seeds only from None, int, float, str, bytes and bytearray.
  if (n === undefined) throw pluginError('The only supported seed types are:\nNone, int, float, str, bytes, and bytearray.');
  if (Number.isInteger(n) && typeof seed !== 'object') return new MersenneTwister(wordsOf(BigInt(n)));
  // A float seeds with its hash(), taken as an unsigned 64-bit number (CPython's random_seed).
  const hash = pyFloatHash(n);
  return new MersenneTwister(wordsOf(hash < 0n ? hash + (1n << 64n) : hash));
}

/** Python's hash() of a float: its value modulo 2**61 - 1, with the sign (-1 becomes -2). */
function pyFloatHash(x: number): bigint {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 0n : x > 0 ? 314159n : -314159n;
  const P = (1n << 61n) - 1n;
  // x = m * 2**e exactly, m an integer below 2**53.
  let e = 0;
  let m = Math.abs(x);
  while (!Number.isInteger(m)) {
    m *= 2;
    e--;
  }
  let h = BigInt(m) % P;
  // Multiplying by 2**e modulo P is a rotation by e modulo 61 bits.
  const shift = BigInt(((e % 61) + 61) % 61);
  h = ((h << shift) & P) | (h >> (61n - shift));
  h %= P;
  let signed = x < 0 ? -h : h;
  if (signed === -1n) signed = -2n;
  return signed;
}
