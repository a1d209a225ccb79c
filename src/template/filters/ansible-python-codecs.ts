/**
 * Python's str.encode / bytes.decode for the codecs people name in b64encode/b64decode: the
 * UTF family (utf-16 and utf-32 write a byte-order mark, little-endian), latin-1 and ascii, under
 * Python's spellings of their names, failing in Python's words.
 */
import { pluginError } from './ansible-args.js';

type Codec = 'utf-8' | 'utf-16' | 'utf-16-le' | 'utf-16-be' | 'utf-32' | 'utf-32-le' | 'utf-32-be' | 'latin-1' | 'ascii';

const ALIASES: Readonly<Record<string, Codec>> = {
  utf_8: 'utf-8', utf8: 'utf-8', u8: 'utf-8', cp65001: 'utf-8',
  utf_16: 'utf-16', utf16: 'utf-16', u16: 'utf-16',
  utf_16_le: 'utf-16-le', utf_16le: 'utf-16-le', utf_16_be: 'utf-16-be', utf_16be: 'utf-16-be',
  utf_32: 'utf-32', utf32: 'utf-32', u32: 'utf-32',
  utf_32_le: 'utf-32-le', utf_32le: 'utf-32-le', utf_32_be: 'utf-32-be', utf_32be: 'utf-32-be',
  latin_1: 'latin-1', latin1: 'latin-1', latin: 'latin-1', iso_8859_1: 'latin-1', iso8859_1: 'latin-1', l1: 'latin-1', cp819: 'latin-1', '8859': 'latin-1',
  ascii: 'ascii', us_ascii: 'ascii', '646': 'ascii',
};

/** The codec Python finds for a name (case, `-` and spaces do not matter), or its LookupError words. */
export function pyCodec(name: string): Codec {
  const codec = ALIASES[name.toLowerCase().replace(/[- ]/g, '_')];
  if (codec === undefined) throw pluginError(`unknown encoding: ${name}`);
  return codec;
}

function swapPairs(buf: Buffer, width: 2 | 4): Buffer {
  const out = Buffer.from(buf);
  return width === 2 ? out.swap16() : out.swap32();
}

function utf32(text: string): Buffer {
  const points = [...text].map((c) => c.codePointAt(0) as number);
  const out = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => out.writeUInt32LE(p, i * 4));
  return out;
}

export function pyEncode(text: string, codec: Codec): Buffer {
  switch (codec) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'utf-16-le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16-be':
      return swapPairs(Buffer.from(text, 'utf16le'), 2);
    case 'utf-32':
      return Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), utf32(text)]);
    case 'utf-32-le':
      return utf32(text);
    case 'utf-32-be':
      return swapPairs(utf32(text), 4);
    case 'latin-1':
    case 'ascii': {
      const limit = codec === 'ascii' ? 0x80 : 0x100;
      const at = [...text].findIndex((c) => (c.codePointAt(0) as number) >= limit);
      if (at >= 0) {
        const ch = [...text][at] as string;
        throw pluginError(`'${codec === 'ascii' ? 'ascii' : 'latin-1'}' codec can't encode character '${pyCharEscape(ch)}' in position ${at}: ordinal not in range(${limit})`);
      }
      return Buffer.from(text, 'latin1');
    }
  }
}

/** bytes.decode with Ansible's surrogateescape (utf-8 has its own decoder, decodeSurrogateEscape). */
export function pyDecode(bytes: Buffer, codec: Exclude<Codec, 'utf-8'>): string {
  switch (codec) {
    case 'utf-16':
      if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16Decode(bytes, 2, true);
      return utf16Decode(bytes, bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0, false);
    case 'utf-16-le':
      return utf16Decode(bytes, 0, false);
    case 'utf-16-be':
      return utf16Decode(bytes, 0, true);
    case 'utf-32':
      // NOTE: without a byte-order mark CPython reads utf-32 little-endian (and names that codec in errors).
      if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0xfeff) return utf32Decode(bytes, 4, true);
      return utf32Decode(bytes, bytes.length >= 4 && bytes.readUInt32LE(0) === 0xfeff ? 4 : 0, false);
    case 'utf-32-le':
      return utf32Decode(bytes, 0, false);
    case 'utf-32-be':
      return utf32Decode(bytes, 0, true);
    case 'latin-1':
      return bytes.toString('latin1');
    case 'ascii':
      // NOTE: Ansible decodes with surrogateescape: a byte ascii lacks becomes a lone surrogate.
      return String.fromCharCode(...Array.from(bytes, (b) => (b >= 0x80 ? 0xdc00 + b : b)));
  }
}

/**
 * CPython's surrogateescape handler for a decode error over bytes [from, to): the non-ASCII bytes
 * leading the span (at most four) become U+DC80..U+DCFF and decoding resumes after them; when the
 * span starts with an ASCII byte the decode fails naming the span.
 */
function surrogateEscaped(bytes: Buffer, from: number, to: number, reason: string, codec: string): { text: string; resume: number } {
  let text = '';
  let at = from;
  while (at < to && at < from + 4 && (bytes[at] as number) >= 0x80) text += String.fromCharCode(0xdc00 + (bytes[at++] as number));
  if (at === from) {
    const where = to - from === 1 ? `byte 0x${(bytes[from] as number).toString(16).padStart(2, '0')} in position ${from}` : `bytes in position ${from}-${to - 1}`;
    throw pluginError(`'${codec}' codec can't decode ${where}: ${reason}`);
  }
  return { text, resume: at };
}

/** One step of a decoder: the text of the unit at a position and its width, or why it cannot be decoded up to `to`. */
type DecodeStep = { text: string; width: number } | { to: number; reason: string };

/** Runs a decoder's steps over `bytes` from `start`, escaping what a step rejects (surrogateEscaped). */
function decodeEscaping(bytes: Buffer, start: number, codec: string, step: (at: number) => DecodeStep): string {
  let out = '';
  let i = start;
  while (i < bytes.length) {
    const r = step(i);
    if ('reason' in r) {
      const escaped = surrogateEscaped(bytes, i, r.to, r.reason, codec);
      out += escaped.text;
      i = escaped.resume;
    } else {
      out += r.text;
      i += r.width;
    }
  }
  return out;
}

/**
 * CPython's UTF-16 decoder under surrogateescape: a trailing odd byte, a lone low surrogate or a
 * high one without its pair is an error.
 */
function utf16Decode(bytes: Buffer, start: number, bigEndian: boolean): string {
  const unit = (i: number): number => (bigEndian ? bytes.readUInt16BE(i) : bytes.readUInt16LE(i));
  return decodeEscaping(bytes, start, bigEndian ? 'utf-16-be' : 'utf-16-le', (i) => {
    if (i + 1 >= bytes.length) return { to: bytes.length, reason: 'truncated data' };
    const u = unit(i);
    if (u < 0xd800 || u > 0xdfff) return { text: String.fromCharCode(u), width: 2 };
    if (u >= 0xdc00) return { to: i + 2, reason: 'illegal encoding' };
    if (i + 3 >= bytes.length) return { to: bytes.length, reason: 'unexpected end of data' };
    const low = unit(i + 2);
    if (low >= 0xdc00 && low <= 0xdfff) return { text: String.fromCharCode(u, low), width: 4 };
    return { to: i + 2, reason: 'illegal UTF-16 surrogate' };
  });
}

/** CPython's UTF-32 decoder under surrogateescape: a short tail, a code point past U+10FFFF or a surrogate is an error. */
function utf32Decode(bytes: Buffer, start: number, bigEndian: boolean): string {
  return decodeEscaping(bytes, start, bigEndian ? 'utf-32-be' : 'utf-32-le', (i) => {
    if (i + 4 > bytes.length) return { to: bytes.length, reason: 'truncated data' };
    const cp = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i);
    if (cp > 0x10ffff) return { to: i + 4, reason: 'code point not in range(0x110000)' };
    if (cp >= 0xd800 && cp < 0xe000) return { to: i + 4, reason: 'code point in surrogate code point range(0xd800, 0xe000)' };
    return { text: String.fromCodePoint(cp), width: 4 };
  });
}

/** How Python's repr writes one character in an encode error (`\xe9`, `\u20ac`). */
function pyCharEscape(ch: string): string {
  const code = ch.codePointAt(0) as number;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}
