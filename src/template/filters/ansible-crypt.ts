/**
 * The crypt(3) hashes password_hash produces, as passlib writes them: sha512_crypt `$6$`,
 * sha256_crypt `$5$` (Drepper's SHA-crypt) and md5_crypt `$1$`. bcrypt is not implemented.
 */
import { createHash, randomInt } from 'node:crypto';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SALT_CHARS = /^[./0-9A-Za-z]*$/;

export class CryptError extends Error {}

function b64From24(b2: number, b1: number, b0: number, n: number): string {
  let w = (b2 << 16) | (b1 << 8) | b0;
  let out = '';
  for (let i = 0; i < n; i++) {
    out += ITOA64[w & 0x3f];
    w >>= 6;
  }
  return out;
}

function repeatTo(source: Buffer, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = source[i % source.length] as number;
  return out;
}

const SHA512_ORDER: readonly (readonly [number, number, number])[] = [
  [0, 21, 42], [22, 43, 1], [44, 2, 23], [3, 24, 45], [25, 46, 4], [47, 5, 26], [6, 27, 48],
  [28, 49, 7], [50, 8, 29], [9, 30, 51], [31, 52, 10], [53, 11, 32], [12, 33, 54], [34, 55, 13],
  [56, 14, 35], [15, 36, 57], [37, 58, 16], [59, 17, 38], [18, 39, 60], [40, 61, 19], [62, 20, 41],
];
const SHA256_ORDER: readonly (readonly [number, number, number])[] = [
  [0, 10, 20], [21, 1, 11], [12, 22, 2], [3, 13, 23], [24, 4, 14], [15, 25, 5], [6, 16, 26], [27, 7, 17], [18, 28, 8], [9, 19, 29],
];

/** SHA-crypt (`$5$`/`$6$`); `rounds` 5000 is left implicit in the output, as passlib does. */
export function shaCrypt(bits: 256 | 512, password: string, salt: string, rounds: number): string {
  const algo = bits === 512 ? 'sha512' : 'sha256';
  const hashLen = bits / 8;
  const p = Buffer.from(password, 'utf8');
  const s = Buffer.from(salt, 'utf8');
  const h = (...parts: Buffer[]): Buffer => {
    const hash = createHash(algo);
    for (const part of parts) hash.update(part);
    return hash.digest();
  };
  const b = h(p, s, p);
  const ctxA = createHash(algo);
  ctxA.update(p).update(s);
  let cnt = p.length;
  for (; cnt > hashLen; cnt -= hashLen) ctxA.update(b);
  ctxA.update(b.subarray(0, cnt));
  for (cnt = p.length; cnt > 0; cnt >>= 1) ctxA.update(cnt & 1 ? b : p);
  let a = ctxA.digest();
  const dp = createHash(algo);
  for (let i = 0; i < p.length; i++) dp.update(p);
  const pBytes = repeatTo(dp.digest(), p.length);
  const ds = createHash(algo);
  for (let i = 0; i < 16 + (a[0] as number); i++) ds.update(s);
  const sBytes = repeatTo(ds.digest(), s.length);
  // The loop is the cost (656,000 rounds by default): one preassembled buffer per round shape,
  // with the previous digest copied in, keeps it to a single hash update per round.
  const layouts = new Map<number, { buf: Buffer; at: number }>();
  for (let shape = 0; shape < 8; shape++) {
    const odd = (shape & 1) !== 0;
    const withS = (shape & 2) !== 0;
    const withP = (shape & 4) !== 0;
    const parts: Buffer[] = [odd ? pBytes : Buffer.alloc(hashLen)];
    if (withS) parts.push(sBytes);
    if (withP) parts.push(pBytes);
    parts.push(odd ? Buffer.alloc(hashLen) : pBytes);
    const buf = Buffer.concat(parts);
    layouts.set(shape, { buf, at: odd ? buf.length - hashLen : 0 });
  }
  for (let i = 0; i < rounds; i++) {
    const layout = layouts.get((i & 1) | (i % 3 ? 2 : 0) | (i % 7 ? 4 : 0)) as { buf: Buffer; at: number };
    a.copy(layout.buf, layout.at);
    a = createHash(algo).update(layout.buf).digest();
  }
  let out = '';
  if (bits === 512) {
    for (const [x, y, z] of SHA512_ORDER) out += b64From24(a[x] as number, a[y] as number, a[z] as number, 4);
    out += b64From24(0, 0, a[63] as number, 2);
  } else {
    for (const [x, y, z] of SHA256_ORDER) out += b64From24(a[x] as number, a[y] as number, a[z] as number, 4);
    out += b64From24(0, a[31] as number, a[30] as number, 3);
  }
  const id = bits === 512 ? '6' : '5';
  const roundsPart = rounds === 5000 ? '' : `rounds=${rounds}$`;
  return `$${id}$${roundsPart}${salt}$${out}`;
}

/** md5-crypt (`$1$`), 1000 fixed rounds. */
export function md5Crypt(password: string, salt: string): string {
  const p = Buffer.from(password, 'utf8');
  const s = Buffer.from(salt, 'utf8');
  const md5 = (...parts: Buffer[]): Buffer => {
    const hash = createHash('md5');
    for (const part of parts) hash.update(part);
    return hash.digest();
  };
  let final = md5(p, s, p);
  const ctx = createHash('md5');
  ctx.update(p).update('$1$').update(s);
  for (let pl = p.length; pl > 0; pl -= 16) ctx.update(final.subarray(0, Math.min(pl, 16)));
  for (let i = p.length; i; i >>= 1) ctx.update(i & 1 ? Buffer.from([0]) : p.subarray(0, 1));
  final = ctx.digest();
  for (let i = 0; i < 1000; i++) {
    const c = createHash('md5');
    c.update(i & 1 ? p : final);
    if (i % 3) c.update(s);
    if (i % 7) c.update(p);
    c.update(i & 1 ? final : p);
    final = c.digest();
  }
  const f = (i: number): number => final[i] as number;
  const out =
    b64From24(f(0), f(6), f(12), 4) +
    b64From24(f(1), f(7), f(13), 4) +
    b64From24(f(2), f(8), f(14), 4) +
    b64From24(f(3), f(9), f(15), 4) +
    b64From24(f(4), f(10), f(5), 4) +
    b64From24(0, 0, f(11), 2);
  return `$1$${salt}$${out}`;
}

function randomSalt(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ITOA64[randomInt(64)];
  return out;
}

export interface CryptOptions {
  salt?: string;
  saltSize?: number;
  rounds?: number;
}

/** passlib's `<algorithm>.using(salt=…, rounds=…).hash(secret)` with Ansible's implicit rounds. */
export function passlibHash(algorithm: string, secret: string, options: CryptOptions): string {
  const spec: Record<string, { max: number; size: number; rounds?: number; min?: number }> = {
    sha512_crypt: { max: 16, size: 16, rounds: 656000, min: 1000 },
    sha256_crypt: { max: 16, size: 16, rounds: 535000, min: 1000 },
    md5_crypt: { max: 8, size: 8 },
  };
  const s = spec[algorithm];
  if (s === undefined) throw new CryptError(`Volant does not implement the '${algorithm}' algorithm`);
  const salt = options.salt ?? randomSalt(options.saltSize ?? s.size);
  if (!SALT_CHARS.test(salt)) throw new CryptError(`invalid characters in ${algorithm} salt`);
  if (salt.length > s.max) throw new CryptError(`salt too large (${algorithm} requires <= ${s.max} chars)`);
  if (algorithm === 'md5_crypt') return md5Crypt(secret, salt);
  const rounds = options.rounds ?? (s.rounds as number);
  if (rounds < (s.min ?? 0) || rounds > 999999999) throw new CryptError(`rounds must be in range ${s.min}..999999999`);
  return shaCrypt(algorithm === 'sha512_crypt' ? 512 : 256, secret, salt, rounds);
}
