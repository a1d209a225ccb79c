/**
 * Python's string formatting: `'%s' % x` (printf style) and `str.format` with the format-spec
 * mini-language, enough for what playbooks write.
 */
import { PyFloat, floatRepr, isTuple } from '../../core/data.js';
import type { Kwargs, Value } from './py-object.js';
import { PyException, typeError, valueError } from './py-exception.js';
import { toFixedExact } from './exact-decimal.js';
import { isInt, mapGet, num, repr, str, typeName } from './py-values.js';
import { Undefined, undefinedError } from './undefined.js';

/** Python's fixed/exponent/general float formatting. */
export function formatFloat(x: number, type: string, precision: number | undefined, alt = false): string {
  if (!Number.isFinite(x)) {
    const s = Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
    return type === type.toUpperCase() && type !== '%' ? s.toUpperCase() : s;
  }
  const p = precision ?? 6;
  switch (type) {
    case 'f':
    case 'F':
      return toFixed(x, p);
    case 'e':
    case 'E': {
      const s = expForm(x, p);
      return type === 'E' ? s.toUpperCase() : s;
    }
    case '%':
      return toFixed(x * 100, p) + '%';
    case 'g':
    case 'G': {
      const P = p === 0 ? 1 : p;
      if (x === 0) return alt ? '0.' + '0'.repeat(P - 1) : Object.is(x, -0) ? '-0' : '0';
      const exp = Number(x.toExponential(P - 1).split('e')[1]);
      let s: string;
      if (exp >= -4 && exp < P) s = toFixed(x, P - 1 - exp);
      else s = expForm(x, P - 1);
      if (!alt) {
        // Trailing zeros go only after a decimal point (`100000` keeps its own).
        const [mantissa, exponent] = s.split('e') as [string, string | undefined];
        const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
        s = exponent === undefined ? trimmed : `${trimmed}e${exponent}`;
      }
      return type === 'G' ? s.toUpperCase() : s;
    }
  }
  return floatRepr(x);
}

function toFixed(x: number, p: number): string {
  return toFixedExact(x, p);
}

function expForm(x: number, p: number): string {
  const [m, e] = x.toExponential(p).split('e') as [string, string];
  const sign = e.startsWith('-') ? '-' : '+';
  return `${m}e${sign}${e.replace(/^[-+]/, '').padStart(2, '0')}`;
}

/** An integral number's digits (String gives 1e+21 from 10 ** 21 on). */
function intText(x: number): string {
  return Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
}

function intOf(v: Value, spec: string): number {
  const n = num(v);
  if (n === undefined) {
    if (v instanceof Undefined) throw undefinedError(v);
    throw typeError(`%${spec} format: a real number is required, not ${typeName(v)}`);
  }
  return Math.trunc(n);
}

/** `fmt % args`. */
export function percentFormat(fmt: string, args: Value): string {
  const isMapping = args instanceof Map;
  const list: Value[] = Array.isArray(args) && isTuple(args) ? (args as Value[]) : [args];
  let index = 0;
  const re = /%(?:\(([^)]*)\))?([-+ #0]*)(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])?/g;
  const out = fmt.replace(re, (whole, key: string | undefined, flags: string, width: string | undefined, prec: string | undefined, type: string | undefined, offset: number) => {
    if (type === '%' && whole === '%%') return '%';
    const next = (): Value => {
      if (key !== undefined) {
        if (!isMapping) throw typeError('format requires a mapping');
        const v = mapGet(args, key);
        if (v === undefined) throw new PyException('KeyError', repr(key));
        return v as Value;
      }
      if (index >= list.length) throw typeError('not enough arguments for format string');
      return list[index++] as Value;
    };
    if (type === undefined) {
      const at = offset + whole.length;
      const bad = fmt.codePointAt(at);
      if (bad === undefined) throw valueError('incomplete format');
      // Python takes the conversion's argument before it looks at the character.
      if (width === '*') next();
      if (prec === '*') next();
      next();
      throw valueError(`unsupported format character '${String.fromCodePoint(bad)}' (0x${bad.toString(16)}) at index ${at}`);
    }
    const w = width === '*' ? Number(num(next())) : width === undefined ? 0 : Number(width);
    const p = prec === '*' ? Number(num(next())) : prec === undefined ? undefined : Number(prec);
    const v = next();
    let body: string;
    let numeric = false;
    switch (type) {
      case 's':
        body = str(v);
        if (p !== undefined) body = body.slice(0, p);
        break;
      case 'r':
      case 'a':
        body = type === 'a' ? asciiRepr(v) : repr(v);
        if (p !== undefined) body = body.slice(0, p);
        break;
      case 'c':
        body = typeof v === 'string' ? v : String.fromCodePoint(intOf(v, 'c'));
        break;
      case 'd':
      case 'i':
      case 'u': {
        const n = num(v);
        if (n === undefined) {
          if (v instanceof Undefined) throw undefinedError(v);
          throw typeError(`%${type} format: a real number is required, not ${typeName(v)}`);
        }
        body = typeof v === 'bigint' ? v.toString() : intText(Math.trunc(n));
        if (p !== undefined) body = body.replace(/\d+/, (d) => d.padStart(p, '0'));
        numeric = true;
        break;
      }
      case 'x':
      case 'X':
      case 'o': {
        if (!isInt(v)) throw typeError(`%${type} format: an integer is required, not ${typeName(v)}`);
        const n = typeof v === 'bigint' ? v : intOf(v, type);
        const base = type === 'o' ? 8 : 16;
        let digits = (n < 0 ? -n : n).toString(base);
        if (type === 'X') digits = digits.toUpperCase();
        if (flags.includes('#')) digits = (type === 'o' ? '0o' : type === 'x' ? '0x' : '0X') + digits;
        body = (n < 0 ? '-' : '') + digits;
        numeric = true;
        break;
      }
      default: {
        const n = num(v);
        if (n === undefined) {
          if (v instanceof Undefined) throw undefinedError(v);
          throw typeError(`must be real number, not ${typeName(v)}`);
        }
        body = formatFloat(n, type, p, flags.includes('#'));
        numeric = true;
      }
    }
    if (numeric && !body.startsWith('-')) {
      if (flags.includes('+')) body = '+' + body;
      else if (flags.includes(' ')) body = ' ' + body;
    }
    if (body.length < w) {
      if (flags.includes('-')) body = body.padEnd(w);
      else if (flags.includes('0') && numeric) {
        const sign = /^[-+ ]/.test(body) ? body.charAt(0) : '';
        body = sign + body.slice(sign.length).padStart(w - sign.length, '0');
      } else body = body.padStart(w);
    }
    return body;
  });
  // NOTE: Python treats any non-tuple object with __getitem__ (list, dict) as a mapping argument.
  const mappingLike = isMapping || (Array.isArray(args) && !isTuple(args));
  if (!mappingLike && index < list.length) throw typeError('not all arguments converted during string formatting');
  return out;
}

/** Applies a format spec (`>10`, `.2f`, `,d`, `05`) to a value, as Python's `format()`. */
export function formatSpec(v: Value, spec: string): string {
  if (spec === '') return str(v);
  const m = /^(?:(.)?([<>=^]))?([-+ ])?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/s.exec(spec);
  if (!m) throw valueError(`Invalid format specifier '${spec}' for object of type '${typeName(v)}'`);
  let [, fill, align] = m;
  const [, , , sign, alt, zero, width, grouping, precision, type] = m;
  const w = width === undefined ? 0 : Number(width);
  const p = precision === undefined ? undefined : Number(precision);
  let body: string;
  const n = num(v);
  const numeric = n !== undefined && typeof v !== 'string';
  if (zero && fill === undefined) {
    fill = '0';
    align = align ?? '=';
  }
  if (typeof v === 'string' || (!numeric && type === undefined)) {
    if (type !== undefined && type !== 's') throw valueError(`Unknown format code '${type}' for object of type 'str'`);
    body = str(v);
    if (p !== undefined) body = body.slice(0, p);
    align = align ?? '<';
  } else {
    if (n === undefined) throw valueError(`Unknown format code '${type}' for object of type '${typeName(v)}'`);
    const t = type ?? (v instanceof PyFloat ? '' : 'd');
    if (t === 's') throw valueError(`Unknown format code 's' for object of type '${typeName(v)}'`);
    if (t === 'n' && v instanceof PyFloat) {
      body = formatFloat(Math.abs(n), 'g', p, alt !== undefined);
    } else if (t === 'd' || t === 'n') {
      if (v instanceof PyFloat) throw valueError(`Unknown format code 'd' for object of type 'float'`);
      body = typeof v === 'bigint' ? (v < 0n ? -v : v).toString() : intText(Math.abs(n));
    } else if (t === 'x' || t === 'X' || t === 'o' || t === 'b') {
      body = (typeof v === 'bigint' ? (v < 0n ? -v : v) : Math.abs(n)).toString(t === 'o' ? 8 : t === 'b' ? 2 : 16);
      if (t === 'X') body = body.toUpperCase();
      if (alt) body = '0' + t + body;
    } else if (t === 'c') {
      body = String.fromCodePoint(n);
    } else if (t === '') {
      body = p === undefined ? floatRepr(Math.abs(n)) : formatFloat(Math.abs(n), 'g', p);
    } else {
      body = formatFloat(Math.abs(n), t, p, alt !== undefined);
    }
    if (grouping) {
      // binary, octal and hex digits go in fours, and only with '_'
      const radix = t === 'x' || t === 'X' || t === 'o' || t === 'b';
      if (radix && grouping === ',') throw valueError(`Cannot specify ',' with '${t}'.`);
      const prefix = radix && alt ? body.slice(0, 2) : '';
      const [intPart, frac] = body.slice(prefix.length).split('.') as [string, string | undefined];
      const groups = radix ? /\B(?=([0-9a-fA-F]{4})+(?![0-9a-fA-F]))/g : /\B(?=(\d{3})+(?!\d))/g;
      body = prefix + intPart.replace(groups, grouping) + (frac !== undefined ? '.' + frac : '');
    }
    const negative = n < 0 || Object.is(n, -0);
    const signText = negative ? '-' : (sign as string | undefined) === '+' ? '+' : (sign as string | undefined) === ' ' ? ' ' : '';
    align = align ?? '>';
    if (align === '=') {
      const padLen = Math.max(0, w - signText.length - body.length);
      return signText + (fill ?? ' ').repeat(padLen) + body;
    }
    body = signText + body;
  }
  const f = fill ?? ' ';
  const pad = Math.max(0, w - body.length);
  if (pad === 0) return body;
  if (align === '<') return body + f.repeat(pad);
  if (align === '^') return f.repeat(Math.floor(pad / 2)) + body + f.repeat(pad - Math.floor(pad / 2));
  return f.repeat(pad) + body;
}

/** `str.format(*args, **kwargs)`. `getField` resolves `{0.attr}` / `{0[key]}`. */
export function strFormat(fmt: string, args: Value[], kwargs: Kwargs, getField: (obj: Value, name: string, isIndex: boolean) => Value): string {
  return formatFields(fmt, args, kwargs, getField, { auto: 0, numbering: undefined });
}

/** Field numbering across a format string and the fields nested in its specs (`{:{}}`). */
interface Numbering {
  auto: number;
  numbering: 'auto' | 'manual' | undefined;
}

function formatFields(fmt: string, args: Value[], kwargs: Kwargs, getField: (obj: Value, name: string, isIndex: boolean) => Value, state: Numbering): string {
  // NOTE: Python refuses to mix `{}` and `{0}` in one format string (nested specs included).
  const useNumbering = (kind: 'auto' | 'manual'): void => {
    if (state.numbering !== undefined && state.numbering !== kind) {
      throw valueError(kind === 'auto' ? 'cannot switch from manual field specification to automatic field numbering' : 'cannot switch from automatic field numbering to manual field specification');
    }
    state.numbering = kind;
  };
  let out = '';
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i] as string;
    if (c === '{') {
      if (fmt[i + 1] === '{') {
        out += '{';
        i += 2;
        continue;
      }
      const end = findClose(fmt, i);
      if (end === -1) throw valueError("Single '{' encountered in format string");
      const field = fmt.slice(i + 1, end);
      i = end + 1;
      const colon = findSpecColon(field);
      let ref = colon === -1 ? field : field.slice(0, colon);
      let spec = colon === -1 ? '' : field.slice(colon + 1);
      let conv = '';
      const bang = ref.indexOf('!');
      if (bang !== -1) {
        conv = ref.slice(bang + 1);
        ref = ref.slice(0, bang);
        if (conv === '') throw valueError("unmatched '{' in format spec");
        if (conv.length > 1) throw valueError("expected ':' after conversion specifier");
        if (!'rsa'.includes(conv)) throw valueError(`Unknown conversion specifier ${conv}`);
      }
      const m = /^([^.[]*)(.*)$/s.exec(ref) as RegExpExecArray;
      const head = m[1] as string;
      let v: Value;
      if (head === '') {
        useNumbering('auto');
        const idx = state.auto++;
        if (idx >= args.length) throw new PyException('IndexError', `Replacement index ${idx} out of range for positional args tuple`);
        v = args[idx] as Value;
      } else if (/^\d+$/.test(head)) {
        useNumbering('manual');
        const idx = Number(head);
        if (idx >= args.length) throw new PyException('IndexError', `Replacement index ${idx} out of range for positional args tuple`);
        v = args[idx] as Value;
      } else {
        if (!kwargs.has(head)) throw new PyException('KeyError', repr(head));
        v = kwargs.get(head) as Value;
      }
      const rest = m[2] as string;
      const partRe = /\.([^.[]+)|\[([^\]]+)\]/gy;
      let pm: RegExpExecArray | null;
      while ((pm = partRe.exec(rest)) !== null) {
        if (pm[1] !== undefined) v = getField(v, pm[1], false);
        else v = getField(v, pm[2] as string, true);
      }
      // The spec's own fields come after the field's (Python numbers them so).
      if (spec.includes('{')) spec = formatFields(spec, args, kwargs, getField, state);
      if (conv === 'r') v = repr(v);
      else if (conv === 'a') v = asciiRepr(v);
      else if (conv === 's') v = str(v);
      out += formatSpec(v, spec);
      continue;
    }
    if (c === '}') {
      if (fmt[i + 1] === '}') {
        out += '}';
        i += 2;
        continue;
      }
      throw valueError("Single '}' encountered in format string");
    }
    out += c;
    i++;
  }
  return out;
}

/** Python's `ascii()`: the repr with every non-ASCII character escaped. */
function asciiRepr(v: Value): string {
  let out = '';
  for (const ch of repr(v)) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x80) out += ch;
    else if (code < 0x100) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (code < 0x10000) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += '\\U' + code.toString(16).padStart(8, '0');
  }
  return out;
}

function findClose(fmt: string, open: number): number {
  let depth = 0;
  for (let i = open; i < fmt.length; i++) {
    if (fmt[i] === '{') depth++;
    else if (fmt[i] === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function findSpecColon(field: string): number {
  let inBracket = false;
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    if (c === '[') inBracket = true;
    else if (c === ']') inBracket = false;
    else if (c === ':' && !inBracket) return i;
  }
  return -1;
}
