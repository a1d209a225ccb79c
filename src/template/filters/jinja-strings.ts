/** Jinja2's string filters: case, padding, trimming, replacing, truncating, formatting, wrapping. */
import { registerFilters, type FilterFn, type PluginValue } from '../plugin.js';
import { percentFormat } from '../runtime/py-format.js';
import type { Value } from '../runtime/py-object.js';
import { PyException, typeError } from '../runtime/py-exception.js';
import { markTuple, type Data } from '../../core/data.js';
import { textWrap } from '../../core/text-wrap.js';
import { codePointLength, compare, isInt, length as pyLength, num, repr, str, truthy, typeName } from '../runtime/py-values.js';
import * as arith from '../runtime/py-arith.js';
import { pyCapitalize, splitWhitespace } from '../runtime/str-methods.js';
import { bindArgs } from './filter-args.js';

const s = (v: PluginValue): string => str(v as Value);

function title(value: string): string {
  // NOTE: Jinja's title capitalizes after whitespace and -([{< only, unlike Python's str.title.
  return value
    .split(/([-\s([{<]+)/)
    .map((part) => (part === '' ? part : /^[-\s([{<]+$/.test(part) ? part : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('');
}

function center(value: string, width: number): string {
  const len = codePointLength(value);
  if (len >= width) return value;
  const total = width - len;
  const left = Math.floor(total / 2) + (total & width & 1);
  return ' '.repeat(left) + value + ' '.repeat(total - left);
}

function indent(value: string, width: Value, first: boolean, blank: boolean): string {
  // (a negative width is no indent, as Python's ' ' * -2 is '')
  const pad = typeof width === 'string' ? width : ' '.repeat(Math.max(0, Number(num(width) ?? 4)));
  const nl = '\n';
  let text = value;
  if (text.endsWith(nl)) text += nl;
  let rv: string;
  if (blank) rv = text.split(/\n/).join(nl + pad);
  else {
    const lines = text.split(/\n/);
    rv = lines.shift() as string;
    if (lines.length) rv += nl + lines.map((l) => (l ? pad + l : l)).join(nl);
  }
  if (first) rv = pad + rv;
  if (value.endsWith(nl)) rv = rv.slice(0, -1);
  return rv;
}

/** NOTE: Jinja compares length and leeway as Python does, so a str or list fails in the comparison. */
function truncate(value: Value, length: Value, killwords: boolean, end: string, leeway: Value): Value {
  if (!compare(length, end.length, '>=')) throw typeError(`expected length >= ${end.length}, got ${str(length)}`);
  if (!compare(leeway, 0, '>=')) throw typeError(`expected leeway >= 0, got ${str(leeway)}`);
  // NOTE: Jinja returns anything short enough untouched, even a list.
  if (compare(pyLength(value), arith.add(length, leeway), '<=')) return value;
  if (!isInt(length)) throw typeError('slice indices must be integers or None or have an __index__ method');
  const text = str(value);
  const keep = Number(length) - end.length;
  if (killwords) return text.slice(0, keep) + end;
  const cut = text.slice(0, keep);
  const i = cut.lastIndexOf(' ');
  return (i >= 0 ? cut.slice(0, i) : cut) + end;
}

function requireStr(v: PluginValue, what: string): string {
  if (typeof v === 'string') return v;
  throw new PyException('AttributeError', `'${typeName(v as Value)}' object has no attribute '${what}'`);
}

/** Jinja wraps each line (paragraph) on its own, with textwrap's whitespace kept as it is. */
function wordwrap(value: string, width: number, breakLongWords: boolean, wrapstring: string, breakOnHyphens: boolean): string {
  return pySplitlines(value)
    .map((line) => textWrap(line, width, { breakLongWords, breakOnHyphens }).join(wrapstring))
    .join(wrapstring);
}

/** str.splitlines(): no empty last line for a final line break. */
function pySplitlines(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- the file, group and record separators end lines too
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** textwrap's check of its width, made for each line it wraps. */
function checkWrapWidth(width: Value): number {
  const n = num(width);
  if (n === undefined) throw typeError(`'<=' not supported between instances of '${typeName(width)}' and 'int'`);
  if (Number(n) <= 0) throw new PyException('ValueError', `invalid width ${repr(width)} (must be > 0)`);
  return Number(n);
}

/** Python's str.replace of '' : `new` before each code point and at the end, `count` times at most (all when negative). */
function insertBetween(text: string, insert: string, count: number): string {
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i <= chars.length; i++) {
    if (count < 0 || i < count) out += insert;
    out += chars[i] ?? '';
  }
  return out;
}

const stringFilters: Record<string, FilterFn> = {
  lower: (_c, v) => s(v).toLowerCase(),
  upper: (_c, v) => s(v).toUpperCase(),
  capitalize: (_c, v) => pyCapitalize(s(v)),
  title: (_c, v) => title(s(v)),
  trim: (_c, v, args, kw) => {
    const [chars] = bindArgs(args, kw, [['chars', null]]);
    const text = s(v);
    if (chars === null || chars === undefined) return text.replace(/^\s+|\s+$/g, '');
    const set = str(chars);
    let a = 0;
    let b = text.length;
    while (a < b && set.includes(text[a] as string)) a++;
    while (b > a && set.includes(text[b - 1] as string)) b--;
    return text.slice(a, b);
  },
  center: (_c, v, args, kw) => {
    const [width] = bindArgs(args, kw, [['width', 80]]);
    const text = s(v);
    if (!isInt(width as Value)) throw typeError(`'${typeName(width as Value)}' object cannot be interpreted as an integer`);
    return center(text, Number(num(width)));
  },
  replace: (_c, v, args, kw) => {
    const [old, nw, count] = bindArgs(args, kw, [['old', null], ['new', null], ['count', null]]);
    const text = s(v);
    const o = str(old);
    const n = str(nw);
    if (count !== null && count !== undefined && typeof count !== 'boolean' && !isInt(count)) {
      throw typeError(`'${typeName(count)}' object cannot be interpreted as an integer`);
    }
    // str.replace's count: an int (a bool is one); a negative one replaces all.
    let c = count === null || count === undefined ? -1 : Number(num(count));
    if (o === '') return insertBetween(text, n, c);
    if (c < 0) return text.split(o).join(n);
    let out = '';
    let rest = text;
    while (c-- > 0) {
      const i = rest.indexOf(o);
      if (i < 0) break;
      out += rest.slice(0, i) + n;
      rest = rest.slice(i + o.length);
    }
    return out + rest;
  },
  indent: (_c, v, args, kw) => {
    const [width, first, blank] = bindArgs(args, kw, [['width', 4], ['first', false], ['blank', false]]);
    if (Array.isArray(v)) throw new PyException('AttributeError', `'${typeName(v as Value)}' object has no attribute 'splitlines'`);
    if (typeof v !== 'string') throw typeError(`unsupported operand type(s) for +=: '${typeName(v as Value)}' and 'str'`);
    return indent(v, width, truthy(first), truthy(blank));
  },
  truncate: (_c, v, args, kw) => {
    const [length, killwords, end, leeway] = bindArgs(args, kw, [['length', 255], ['killwords', false], ['end', '...'], ['leeway', null]]);
    return truncate(v as Value, length as Value, truthy(killwords), str(end), leeway === null ? 5 : (leeway as Value)) as PluginValue;
  },
  // NOTE: Python's \w is Unicode's: letters, digits and other numerics, and '_'.
  wordcount: (_c, v) => (s(v).match(/[\p{L}\p{N}_]+/gu) ?? []).length,
  wordwrap: (_c, v, args, kw) => {
    const [width, breakLong, wrapstring, breakHyphens] = bindArgs(args, kw, [['width', 79], ['break_long_words', true], ['wrapstring', null], ['break_on_hyphens', true]]);
    const text = requireStr(v, 'splitlines');
    const w = pySplitlines(text).length > 0 ? checkWrapWidth(width as Value) : 0;
    return wordwrap(text, w, truthy(breakLong), wrapstring === null ? '\n' : str(wrapstring), truthy(breakHyphens));
  },
  format: (_c, v, args, kw) => {
    if (args.length > 0 && kw.size > 0) throw typeError("can't handle positional and keyword arguments at the same time");
    const fmtArgs: Value = kw.size > 0 ? (new Map(kw) as Value) : (markTuple(args.slice() as Data[]) as Value);
    return percentFormat(s(v), fmtArgs);
  },
  string: (_c, v) => s(v),
  safe: (_c, v) => s(v),
  striptags: (_c, v) => {
    const text = s(v).replace(/<!--.*?-->|<[^>]*>/gs, '');
    return splitWhitespace(unescapeHtml(text), -1).join(' ');
  },
};

function unescapeHtml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos|nbsp);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[e] ?? m;
  });
}

registerFilters(stringFilters, 'ansible.builtin');
