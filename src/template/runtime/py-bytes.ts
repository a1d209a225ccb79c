/**
 * Python's `bytes`, as `'x'.encode()` and `int.to_bytes()` make it in a template: a sequence of
 * ints with its own repr (`b'ab'`), which is also its str() — what `~`, `| string`, `%s` and
 * Jinja's string filters print. A template's output decodes it (UTF-8, surrogateescape); a result
 * that is or holds bytes stores them as they are (set_fact keeps a `bytes`), and Ansible's JSON
 * and YAML encoders write their decoded text when a result is shown (core's runtime-object
 * `toText`).
 */
import { decodeSurrogateEscape } from '../../core/surrogate-escape.js';
import { PyFunction, PyObject, type Kwargs, type Value } from './py-object.js';
import { PyException, typeError } from './py-exception.js';
import { PySlice, sliceIndices } from './py-slice.js';
import { isInt, typeName } from './py-values.js';
import { Undefined, undefinedError } from './undefined.js';
import { pyCodec, pyEncode } from '../filters/ansible-python-codecs.js';

export class PyBytes extends PyObject {
  readonly typeName = 'bytes';
  constructor(readonly bytes: Uint8Array) {
    super();
  }

  get length(): number {
    return this.bytes.length;
  }

  *[Symbol.iterator](): Iterator<number> {
    yield* this.bytes;
  }

  /** What Ansible's to_text (finalize, its JSON and YAML encoders) makes of it. */
  toText(): string {
    return decodeSurrogateEscape(this.bytes);
  }

  override repr(): string {
    const text = Array.from(this.bytes, (b) => String.fromCharCode(b)).join('');
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    let out = `b${quote}`;
    for (const b of this.bytes) {
      const ch = String.fromCharCode(b);
      if (ch === quote || ch === '\\') out += `\\${ch}`;
      else if (b === 0x0a) out += '\\n';
      else if (b === 0x0d) out += '\\r';
      else if (b === 0x09) out += '\\t';
      else if (b < 0x20 || b >= 0x7f) out += `\\x${b.toString(16).padStart(2, '0')}`;
      else out += ch;
    }
    return out + quote;
  }

  /** Bytes order with bytes only, byte by byte. */
  override compare(other: Value): number | undefined {
    if (!(other instanceof PyBytes)) return undefined;
    return Buffer.compare(Buffer.from(this.bytes), Buffer.from(other.bytes));
  }

  getItem(key: Value): Value | undefined {
    if (isInt(key)) {
      let i = Number(key);
      if (i < 0) i += this.bytes.length;
      return i >= 0 && i < this.bytes.length ? (this.bytes[i] as number) : undefined;
    }
    if (key instanceof PySlice) return new PyBytes(Uint8Array.from(sliceIndices(this.bytes.length, key), (i) => this.bytes[i] as number));
    return undefined;
  }

  /** Python's `x in bytes`: a byte's int, or a run of bytes. */
  has(item: Value): boolean {
    if (isInt(item)) {
      const n = Number(item);
      if (n < 0 || n > 255) throw new PyException('ValueError', 'byte must be in range(0, 256)');
      return this.bytes.includes(n);
    }
    return Buffer.from(this.bytes).includes(Buffer.from(bytesArg(item).bytes));
  }

  concat(other: Value): PyBytes {
    if (!(other instanceof PyBytes)) throw typeError(`can't concat ${typeName(other)} to bytes`);
    return new PyBytes(Uint8Array.from([...this.bytes, ...other.bytes]));
  }

  repeat(times: number): PyBytes {
    const out: number[] = [];
    for (let i = 0; i < times; i++) out.push(...this.bytes);
    return new PyBytes(Uint8Array.from(out));
  }

  override getAttr(name: string): Value | undefined {
    const method = Object.hasOwn(BYTES_METHODS, name) ? BYTES_METHODS[name] : undefined;
    return method && new PyFunction(name, (args, kwargs) => method(this, args, kwargs), undefined, 'bytes');
  }
}

/** A bytes-like argument, in Python's words when it is none. */
function bytesArg(v: Value | undefined): PyBytes {
  if (v instanceof PyBytes) return v;
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`a bytes-like object is required, not '${typeName(v ?? null)}'`);
}

type BytesMethod = (self: PyBytes, args: Value[], kwargs: Kwargs) => Value;

const ASCII_UPPER = (b: number): number => (b >= 0x61 && b <= 0x7a ? b - 32 : b);
const ASCII_LOWER = (b: number): number => (b >= 0x41 && b <= 0x5a ? b + 32 : b);
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]);

const BYTES_METHODS: Record<string, BytesMethod> = {
  decode: (self, args, kwargs) => bytesDecode(self, args[0] ?? kwargs.get('encoding'), args[1] ?? kwargs.get('errors')),
  hex: (self) => Array.from(self.bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
  upper: (self) => new PyBytes(self.bytes.map(ASCII_UPPER)),
  lower: (self) => new PyBytes(self.bytes.map(ASCII_LOWER)),
  strip: (self) => {
    let start = 0;
    let end = self.bytes.length;
    while (start < end && WHITESPACE.has(self.bytes[start] as number)) start++;
    while (end > start && WHITESPACE.has(self.bytes[end - 1] as number)) end--;
    return new PyBytes(self.bytes.slice(start, end));
  },
  startswith: (self, args) => Buffer.from(self.bytes).subarray(0, bytesArg(args[0]).length).equals(Buffer.from(bytesArg(args[0]).bytes)),
  endswith: (self, args) => {
    const affix = bytesArg(args[0]);
    return affix.length <= self.length && Buffer.from(self.bytes).subarray(self.length - affix.length).equals(Buffer.from(affix.bytes));
  },
  count: (self, args) => {
    const sub = Buffer.from(bytesArg(args[0]).bytes);
    const hay = Buffer.from(self.bytes);
    if (sub.length === 0) return hay.length + 1;
    let n = 0;
    for (let at = hay.indexOf(sub); at >= 0; at = hay.indexOf(sub, at + sub.length)) n++;
    return n;
  },
  find: (self, args) => Buffer.from(self.bytes).indexOf(Buffer.from(bytesArg(args[0]).bytes)),
};

/** bytes.decode(encoding='utf-8', errors='strict'), for UTF-8, ASCII and Latin-1. */
function bytesDecode(self: PyBytes, encoding: Value | undefined, errors: Value | undefined): string {
  if (encoding !== undefined && typeof encoding !== 'string') throw typeError(`decode() argument 'encoding' must be str, not ${typeName(encoding)}`);
  if (errors !== undefined && typeof errors !== 'string') throw typeError(`decode() argument 'errors' must be str, not ${typeName(errors)}`);
  const codec = (encoding ?? 'utf-8').toLowerCase().replace(/[-_ ]/g, '');
  const mode = errors ?? 'strict';
  if (['latin1', 'latin', 'iso88591', 'l1'].includes(codec)) return Array.from(self.bytes, (b) => String.fromCharCode(b)).join('');
  if (codec === 'ascii' || codec === 'usascii') {
    const bad = self.bytes.findIndex((b) => b >= 0x80);
    if (bad >= 0 && mode === 'strict') throw new PyException('UnicodeDecodeError', `'ascii' codec can't decode byte 0x${(self.bytes[bad] as number).toString(16)} in position ${bad}: ordinal not in range(128)`);
  } else if (codec === 'utf8') {
    const bad = utf8Error(self.bytes);
    if (bad !== undefined && mode === 'strict') throw new PyException('UnicodeDecodeError', `'utf-8' codec can't decode byte 0x${(self.bytes[bad.at] as number).toString(16).padStart(2, '0')} in position ${bad.at}: ${bad.reason}`);
  } else throw new PyException('LookupError', `unknown encoding: ${encoding as string}`);
  if (mode === 'strict' || mode === 'surrogateescape') return self.toText();
  if (mode === 'ignore' || mode === 'replace') return self.toText().replace(/[\udc80-\udcff]/g, mode === 'ignore' ? '' : '\ufffd');
  throw new PyException('LookupError', `unknown error handler name '${mode}'`);
}

/** Where strict UTF-8 decoding fails first, with CPython's reason. */
function utf8Error(bytes: Uint8Array): { at: number; reason: string } | undefined {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const need = b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    if (need < 0) return { at: i, reason: 'invalid start byte' };
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return { at: i, reason: 'unexpected end of data' };
      const low = k === 1 && b === 0xe0 ? 0xa0 : k === 1 && b === 0xf0 ? 0x90 : 0x80;
      const high = k === 1 && b === 0xed ? 0x9f : k === 1 && b === 0xf4 ? 0x8f : 0xbf;
      if (c < low || c > high) return { at: i, reason: 'invalid continuation byte' };
    }
    i += need + 1;
  }
  return undefined;
}

/** str.encode(encoding='utf-8', errors='strict'). */
export function strEncode(self: string, args: Value[], kwargs: Kwargs): PyBytes {
  const encoding = args[0] ?? kwargs.get('encoding') ?? 'utf-8';
  const errors = args[1] ?? kwargs.get('errors') ?? 'strict';
  if (typeof encoding !== 'string') throw typeError(`encode() argument 'encoding' must be str, not ${typeName(encoding)}`);
  if (typeof errors !== 'string') throw typeError(`encode() argument 'errors' must be str, not ${typeName(errors)}`);
  let codec: ReturnType<typeof pyCodec>;
  try {
    codec = pyCodec(encoding);
  } catch {
    throw new PyException('LookupError', `unknown encoding: ${encoding}`);
  }
  try {
    if ((codec === 'ascii' || codec === 'latin-1') && errors !== 'strict') return new PyBytes(Uint8Array.from(pyEncode(replaceUnencodable(self, codec === 'ascii' ? 0x80 : 0x100, errors), codec)));
    return new PyBytes(Uint8Array.from(pyEncode(self, codec)));
  } catch (err) {
    throw new PyException('UnicodeEncodeError', err instanceof Error ? err.message : String(err));
  }
}

/** str.encode's error handlers for a one-byte codec: each character past `limit` dropped or replaced. */
function replaceUnencodable(text: string, limit: number, errors: string): string {
  const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < limit) out += ch;
    else if (errors === 'ignore') continue;
    else if (errors === 'replace') out += '?';
    else if (errors === 'xmlcharrefreplace') out += `&#${code};`;
    else if (errors === 'backslashreplace') out += code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    // (a handler Python does not know is looked up only when a character needs it)
    else throw new PyException('LookupError', `unknown error handler name '${errors}'`);
  }
  return out;
}

/** Whether bytes sit anywhere in a value (serializers that have no form for them refuse it). */
export function containsBytes(value: unknown): boolean {
  if (value instanceof PyBytes) return true;
  if (Array.isArray(value)) return value.some(containsBytes);
  if (value instanceof Map) return [...value.values()].some(containsBytes);
  return false;
}
