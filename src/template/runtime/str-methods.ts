/**
 * Python's `str` methods that templates call (`x.split(',')`, `'{}'.format(y)` …).
 */
import { isTuple, markTuple, type DataDict } from '../../core/data.js';
import type { Kwargs, Value } from './py-object.js';
import { typeError, valueError } from './py-exception.js';
import { strFormat } from './py-format.js';
import { strEncode } from './py-bytes.js';
import { isInt, iterate, mapGet, str, typeName, withinPlugin } from './py-values.js';
import { Undefined, undefinedError } from './undefined.js';

export type MethodImpl<T> = (self: T, args: Value[], kwargs: Kwargs) => Value;

/** A `sep` or `chars` argument: str or None. */
function strArg(v: Value | undefined, method: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Undefined) throw undefinedError(v);
  // NOTE: Python words this differently for split and for strip.
  if (method.endsWith('strip')) throw typeError(`${method} arg must be None or str`);
  throw typeError(`must be str or None, not ${typeName(v)}`);
}

/** A substring argument (find, count …): str only. */
function subArg(v: Value | undefined, method: string): string {
  if (typeof v === 'string') return v;
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`${method}() argument 1 must be str, not ${typeName(v ?? null)}`);
}

function intArg(v: Value | undefined, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (isInt(v)) return Number(v);
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
}

function arg(args: Value[], kwargs: Kwargs, i: number, name: string): Value | undefined {
  return args[i] ?? kwargs.get(name);
}

const WS = ' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

function isWs(c: string): boolean {
  return WS.includes(c);
}

function stripChars(s: string, chars: string | null, left: boolean, right: boolean): string {
  const set = chars ?? WS;
  let a = 0;
  let b = s.length;
  if (left) while (a < b && set.includes(s[a] as string)) a++;
  if (right) while (b > a && set.includes(s[b - 1] as string)) b--;
  return s.slice(a, b);
}

export function splitWhitespace(s: string, maxsplit: number): string[] {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  while (i < n) {
    while (i < n && isWs(s[i] as string)) i++;
    if (i >= n) break;
    if (maxsplit >= 0 && out.length === maxsplit) {
      // NOTE: the rest keeps its trailing whitespace, as CPython's split leaves it.
      out.push(s.slice(i));
      return out;
    }
    let j = i;
    while (j < n && !isWs(s[j] as string)) j++;
    out.push(s.slice(i, j));
    i = j;
  }
  return out;
}

function rsplitWhitespace(s: string, maxsplit: number): string[] {
  const out: string[] = [];
  let j = s.length;
  while (j > 0) {
    while (j > 0 && isWs(s[j - 1] as string)) j--;
    if (j <= 0) break;
    if (maxsplit >= 0 && out.length === maxsplit) {
      // NOTE: the rest keeps its leading whitespace, as CPython's rsplit leaves it.
      out.unshift(s.slice(0, j));
      return out;
    }
    let i = j;
    while (i > 0 && !isWs(s[i - 1] as string)) i--;
    out.unshift(s.slice(i, j));
    j = i;
  }
  return out;
}

export function pySplit(s: string, sep: string | null, maxsplit: number): string[] {
  if (sep === null) return splitWhitespace(s, maxsplit);
  if (sep === '') throw valueError('empty separator');
  const parts = s.split(sep);
  if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
  return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
}

function pyRsplit(s: string, sep: string | null, maxsplit: number): string[] {
  if (sep === null) return rsplitWhitespace(s, maxsplit);
  if (sep === '') throw valueError('empty separator');
  const parts = s.split(sep);
  if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
  const keep = parts.length - maxsplit;
  return [parts.slice(0, keep).join(sep), ...parts.slice(keep)];
}

/** Title-case forms that are not the upper case (digraphs; ŉ keeps its N upper). */
const TITLE_CASE: Record<string, string> = {
  Ǆ: 'ǅ', ǅ: 'ǅ', ǆ: 'ǅ', Ǉ: 'ǈ', ǈ: 'ǈ', ǉ: 'ǈ', Ǌ: 'ǋ', ǋ: 'ǋ', ǌ: 'ǋ', Ǳ: 'ǲ', ǲ: 'ǲ', ǳ: 'ǲ', ŉ: 'ʼN',
};

/** A character's title case, as Python's title() and capitalize() give it (`ß` → `Ss`, `ﬁ` → `Fi`). */
function titleCase(ch: string): string {
  const special = TITLE_CASE[ch];
  if (special !== undefined) return special;
  const upper = ch.toUpperCase();
  const first = String.fromCodePoint(upper.codePointAt(0) as number);
  return first.length === upper.length ? upper : first + upper.slice(first.length).toLowerCase();
}

/** Python's str.title: a letter is title-cased when the previous character is not a letter. */
export function pyTitle(s: string): string {
  let out = '';
  let prevCased = false;
  for (const ch of s) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    const cased = lower !== upper;
    out += cased ? (prevCased ? lower : titleCase(ch)) : ch;
    prevCased = cased;
  }
  return out;
}

export function pyCapitalize(s: string): string {
  if (s === '') return s;
  const first = String.fromCodePoint(s.codePointAt(0) as number);
  return titleCase(first) + s.slice(first.length).toLowerCase();
}

function affixTest(self: string, args: Value[], kwargs: Kwargs, method: string, test: (s: string, affix: string) => boolean): boolean {
  if (kwargs.size > 0) throw typeError(`str.${method}() takes no keyword arguments`);
  if (args.length === 0 || args.length > 3) throw typeError(`${method} expected at ${args.length === 0 ? 'least 1 argument' : 'most 3 arguments'}, got ${args.length}`);
  const prefix = args[0];
  const start = intArg(args[1], 0);
  const end = args[2] === undefined || args[2] === null ? self.length : intArg(args[2], self.length);
  const sub = self.slice(start < 0 ? Math.max(0, self.length + start) : start, end < 0 ? self.length + end : end);
  if (typeof prefix === 'string') return test(sub, prefix);
  if (Array.isArray(prefix) && isTuple(prefix)) {
    return prefix.some((p) => {
      if (typeof p !== 'string') throw typeError(`tuple for ${method} must only contain str, not ${typeName(p)}`);
      return test(sub, p);
    });
  }
  if (prefix instanceof Undefined) throw undefinedError(prefix);
  // NOTE: a list reaches the method as one of Ansible's lazy containers, and is named so.
  throw typeError(`${method} first arg must be str or a tuple of str, not ${withinPlugin(() => typeName(prefix ?? null))}`);
}

function affixArg(v: Value | undefined, method: string): string {
  if (typeof v === 'string') return v;
  if (v instanceof Undefined) throw undefinedError(v);
  throw typeError(`${method}() argument must be str, not ${typeName(v ?? null)}`);
}

function findIn(self: string, args: Value[], method: string): number {
  const reverse = method.startsWith('r');
  const sub = subArg(args[0], method);
  const start = intArg(args[1], 0);
  const end = args[2] === undefined || args[2] === null ? self.length : intArg(args[2], self.length);
  const s = start < 0 ? Math.max(0, self.length + start) : start;
  const e = end < 0 ? self.length + end : Math.min(end, self.length);
  const hay = self.slice(0, e);
  const i = reverse ? hay.lastIndexOf(sub) : hay.indexOf(sub, s);
  return i >= s && i + sub.length <= e ? i : -1;
}

function pad(self: string, args: Value[], method: string, how: 'l' | 'r' | 'c'): string {
  const width = intArg(args[0], 0);
  const fill = args[1] === undefined ? ' ' : args[1];
  if (typeof fill !== 'string' || [...fill].length !== 1) throw typeError(`The fill character must be exactly one character long`);
  const len = [...self].length;
  if (len >= width) return self;
  const total = width - len;
  if (how === 'l') return self + fill.repeat(total);
  if (how === 'r') return fill.repeat(total) + self;
  // NOTE: Python's center puts the odd extra space on the left only when the width is odd.
  let left = Math.floor(total / 2) + (total & width & 1);
  left = Math.min(left, total);
  void method;
  return fill.repeat(left) + self + fill.repeat(total - left);
}

/**
 * str.casefold(): each character's full case folding, here its uppercase lowered (ß → ss, ς → σ,
 * ﬁ → fi); NOTE: dotless ı folds to itself, and Cherokee's small letters to their capitals.
 */
function casefold(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '\u0131') out += ch;
    else if ((code >= 0xab70 && code <= 0xabbf) || (code >= 0x13f8 && code <= 0x13fd)) out += ch.toUpperCase();
    else out += ch.toUpperCase().toLowerCase();
  }
  return out;
}

function charClass(re: RegExp): MethodImpl<string> {
  return (self) => self.length > 0 && re.test(self);
}

export function makeStrMethods(getField: (obj: Value, name: string, isIndex: boolean) => Value): Record<string, MethodImpl<string>> {
  return {
    split: (self, args, kw) => pySplit(self, strArg(arg(args, kw, 0, 'sep'), 'split'), intArg(arg(args, kw, 1, 'maxsplit'), -1)),
    rsplit: (self, args, kw) => pyRsplit(self, strArg(arg(args, kw, 0, 'sep'), 'rsplit'), intArg(arg(args, kw, 1, 'maxsplit'), -1)),
    strip: (self, args) => stripChars(self, strArg(args[0], 'strip'), true, true),
    lstrip: (self, args) => stripChars(self, strArg(args[0], 'lstrip'), true, false),
    rstrip: (self, args) => stripChars(self, strArg(args[0], 'rstrip'), false, true),
    startswith: (self, args, kwargs) => affixTest(self, args, kwargs, 'startswith', (s, a) => s.startsWith(a)),
    endswith: (self, args, kwargs) => affixTest(self, args, kwargs, 'endswith', (s, a) => s.endsWith(a)),
    replace: (self, args, kw) => {
      const old = args[0];
      const repl = args[1];
      if (typeof old !== 'string') throw typeError(`replace() argument 1 must be str, not ${typeName(old)}`);
      if (typeof repl !== 'string') throw typeError(`replace() argument 2 must be str, not ${typeName(repl)}`);
      let count = intArg(arg(args, kw, 2, 'count'), -1);
      if (count < 0) return old === '' ? [...self].join(repl).replace(/^/, repl) + repl : self.split(old).join(repl);
      let out = '';
      let rest = self;
      while (count-- > 0) {
        const i = rest.indexOf(old);
        if (i === -1) break;
        out += rest.slice(0, i) + repl;
        rest = rest.slice(i + old.length);
        if (old === '') {
          out += rest.slice(0, 1);
          rest = rest.slice(1);
        }
      }
      return out + rest;
    },
    lower: (self) => self.toLowerCase(),
    upper: (self) => self.toUpperCase(),
    casefold: (self) => casefold(self),
    swapcase: (self) => [...self].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''),
    title: (self) => pyTitle(self),
    capitalize: (self) => pyCapitalize(self),
    format: (self, args, kw) => strFormat(self, args, kw, getField),
    format_map: (self, args) => {
      const m = args[0];
      if (!(m instanceof Map)) throw typeError(`format_map() argument must be a mapping`);
      return strFormat(self, [], m as unknown as Kwargs, getField);
    },
    join: (self, args) => {
      const parts: string[] = [];
      let i = 0;
      for (const item of iterate(args[0] ?? null)) {
        if (typeof item !== 'string') throw typeError(`sequence item ${i}: expected str instance, ${typeName(item)} found`);
        parts.push(item);
        i++;
      }
      return parts.join(self);
    },
    find: (self, args) => findIn(self, args, 'find'),
    rfind: (self, args) => findIn(self, args, 'rfind'),
    index: (self, args) => {
      const i = findIn(self, args, 'index');
      if (i < 0) throw valueError('substring not found');
      return i;
    },
    rindex: (self, args) => {
      const i = findIn(self, args, 'rindex');
      if (i < 0) throw valueError('substring not found');
      return i;
    },
    count: (self, args) => {
      const sub = subArg(args[0], 'count');
      const start = intArg(args[1], 0);
      const end = args[2] === undefined || args[2] === null ? self.length : intArg(args[2], self.length);
      const s = start < 0 ? Math.max(0, self.length + start) : start;
      const e = end < 0 ? Math.max(0, self.length + end) : Math.min(end, self.length);
      if (s > e) return 0;
      const part = self.slice(s, e);
      if (sub === '') return [...part].length + 1;
      return part.split(sub).length - 1;
    },
    splitlines: (self, args, kw) => {
      const keep = args[0] ?? kw.get('keepends') ?? false;
      const out: string[] = [];
      // eslint-disable-next-line no-control-regex -- Python's line boundaries include these controls.
      const re = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;
      let last = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(self)) !== null) {
        out.push(self.slice(last, keep === true || keep === 1 ? m.index + m[0].length : m.index));
        last = m.index + m[0].length;
      }
      if (last < self.length) out.push(self.slice(last));
      return out;
    },
    zfill: (self, args) => {
      const width = intArg(args[0], 0);
      const sign = self[0] === '-' || self[0] === '+' ? (self[0] as string) : '';
      const body = self.slice(sign.length);
      return sign + body.padStart(width - sign.length, '0');
    },
    center: (self, args) => pad(self, args, 'center', 'c'),
    ljust: (self, args) => pad(self, args, 'ljust', 'l'),
    rjust: (self, args) => pad(self, args, 'rjust', 'r'),
    isprintable: (self) => /^(?:[^\p{C}\p{Z}]| )*$/u.test(self),
    isascii: (self) => [...self].every((ch) => (ch.codePointAt(0) as number) < 0x80),
    // NOTE: Unicode's Numeric_Type (Decimal ⊂ Digit ⊂ Numeric) by its general categories: a digit is a
    // decimal or a superscript, subscript or circled one; numeric adds the other numbers and CJK numerals.
    isdigit: charClass(/^[\p{Nd}\u00b2\u00b3\u00b9\u2070\u2074-\u2079\u2080-\u2089\u2460-\u2468\u2474-\u247c\u2488-\u2490\u24ea\u24f5-\u24fd\u24ff\u2776-\u277e\u2780-\u2788\u278a-\u2792]+$/u),
    isdecimal: charClass(/^\p{Nd}+$/u),
    isnumeric: charClass(/^[\p{N}\u3007\u4e00\u4e03\u4e07\u4e09\u4e5d\u4e8c\u4e94\u516b\u516d\u5341\u5343\u5344\u5345\u56db\u767e\u842c\u5104\u5146\u96f6\u58f9\u8cb3\u53c3\u8086\u4f0d\u9678\u67d2\u634c\u7396\u62fe\u4f70\u4edf]+$/u),
    isalpha: charClass(/^\p{L}+$/u),
    isalnum: charClass(/^[\p{L}\p{N}]+$/u),
    isspace: (self) => self.length > 0 && [...self].every(isWs),
    islower: (self) => /\p{Ll}/u.test(self) && !/\p{Lu}|\p{Lt}/u.test(self),
    isupper: (self) => /\p{Lu}/u.test(self) && !/\p{Ll}|\p{Lt}/u.test(self),
    istitle: (self) => self.length > 0 && pyTitle(self) === self && /\p{L}/u.test(self),
    isidentifier: (self) => /^[\p{L}_][\p{L}\p{N}_]*$/u.test(self),
    partition: (self, args) => {
      const sep = args[0];
      if (typeof sep !== 'string') throw typeError(`must be str, not ${typeName(sep)}`);
      const i = self.indexOf(sep);
      return markTuple(i < 0 ? [self, '', ''] : [self.slice(0, i), sep, self.slice(i + sep.length)]);
    },
    rpartition: (self, args) => {
      const sep = args[0];
      if (typeof sep !== 'string') throw typeError(`must be str, not ${typeName(sep)}`);
      const i = self.lastIndexOf(sep);
      return markTuple(i < 0 ? ['', '', self] : [self.slice(0, i), sep, self.slice(i + sep.length)]);
    },
    translate: (self, args) => {
      const table = args[0];
      if (!(table instanceof Map)) throw typeError(`'${typeName(table ?? null)}' object is not subscriptable`);
      let out = '';
      for (const ch of self) {
        // A code point maps to a code point, a string, or None (deleted); unmapped ones stay.
        const to = mapGet(table, ch.codePointAt(0) as number);
        if (to === undefined) out += ch;
        else if (typeof to === 'number') out += String.fromCodePoint(to);
        else if (to !== null) out += str(to as Value);
      }
      return out;
    },
    removeprefix: (self, args) => {
      const affix = affixArg(args[0], 'removeprefix');
      return self.startsWith(affix) ? self.slice(affix.length) : self;
    },
    removesuffix: (self, args) => {
      const affix = affixArg(args[0], 'removesuffix');
      return affix !== '' && self.endsWith(affix) ? self.slice(0, -affix.length) : self;
    },
    expandtabs: (self, args) => {
      const size = intArg(args[0], 8);
      let col = 0;
      let out = '';
      for (const c of self) {
        if (c === '\t') {
          const n = size > 0 ? size - (col % size) : 0;
          out += ' '.repeat(n);
          col += n;
        } else {
          out += c;
          col = c === '\n' || c === '\r' ? 0 : col + 1;
        }
      }
      return out;
    },
    encode: strEncode,
    // NOTE: a static method, reached through any str (`''.maketrans('ab', 'xy')`).
    maketrans: (_self, args) => makeTrans(args) as DataDict,
  };
}

/**
 * str.maketrans from two equal-length strings (and a third whose characters map to None).
 * NOTE: the one-argument form needs an exact dict, and 2.19's dicts (literals too) are subclasses.
 */
function makeTrans(args: Value[]): Map<number, Value> {
  const [x, y, z] = args;
  if (y === undefined) throw typeError('if you give only one argument to maketrans it must be a dict');
  const table = new Map<number, Value>();
  if (typeof x !== 'string' || typeof y !== 'string') throw typeError(`maketrans() argument 2 must be str, not ${typeName(y)}`);
  const from = [...x];
  const to = [...y];
  if (from.length !== to.length) throw valueError('the first two maketrans arguments must have equal length');
  from.forEach((ch, i) => table.set(ch.codePointAt(0) as number, (to[i] as string).codePointAt(0) as number));
  if (z !== undefined) {
    if (typeof z !== 'string') throw typeError(`maketrans() argument 3 must be str, not ${typeName(z)}`);
    for (const ch of z) table.set(ch.codePointAt(0) as number, null);
  }
  return table;
}
