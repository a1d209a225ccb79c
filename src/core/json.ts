import { PyDate, PyFloat, UnsafeString, VaultString, floatRepr, intOf, runtimeObjectText, textOf, type Data, type DataDict, type DictKey } from './data.js';

export interface JsonDumpOptions {
  /** Python's `indent`: undefined for one line (`, ` and `: ` separators); a str is the unit itself. */
  indent?: number | string;
  sortKeys?: boolean;
  /** Python's default is true; Ansible's callbacks pass false. */
  ensureAscii?: boolean;
  /** Python's `separators`; defaults follow Python (depend on indent). */
  separators?: readonly [string, string];
  /** How a None key is written: json.dumps writes `null`; Ansible's callbacks show `None`. */
  noneKey?: string;
  /** How vaulted text is written (a filter fails on what no secret opens); its text by default. */
  vaultText?: (vault: VaultString) => string;
}

/** Python's `json.dumps` on Volant data, byte for byte. */
export function dumpJson(value: Data | undefined, options: JsonDumpOptions = {}): string {
  const indent = typeof options.indent === 'number' ? ' '.repeat(Math.max(0, options.indent)) : options.indent;
  const [itemSep, keySep] = options.separators ?? (indent === undefined ? [', ', ': '] : [',', ': ']);
  const ensureAscii = options.ensureAscii ?? true;
  const sortKeys = options.sortKeys ?? false;
  const noneKey = options.noneKey ?? 'null';
  const keyText = (key: DictKey): string => (key === null ? noneKey : plainKeyText(key));

  const encode = (v: Data | undefined, depth: number): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (v instanceof PyFloat) return jsonFloat(v.value);
    if (typeof v === 'string') return jsonString(v, ensureAscii);
    if (v instanceof VaultString && options.vaultText) return jsonString(options.vaultText(v), ensureAscii);
    if (v instanceof UnsafeString || v instanceof VaultString) return jsonString(textOf(v), ensureAscii);
    if (v instanceof PyDate) return jsonString(v.isoformat(), ensureAscii);
    const objectText = runtimeObjectText(v);
    if (objectText !== undefined) return jsonString(objectText, ensureAscii);
    const pad = indent === undefined ? '' : '\n' + indent.repeat(depth + 1);
    const end = indent === undefined ? '' : '\n' + indent.repeat(depth);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return '[' + pad + v.map((item) => encode(item, depth + 1)).join(itemSep + pad) + end + ']';
    }
    if (v.size === 0) return '{}';
    // NOTE: 2.19's encoders rebuild each dict with its keys as text first, so keys that read the
    // same ("1" and 1, None and "null") become one: the first one's place, the last one's value.
    const byText = new Map<string, Data>();
    for (const [k, item] of v) byText.set(keyText(k), item);
    let entries = [...byText.entries()];
    if (sortKeys) entries = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts = entries.map(([k, item]) => jsonString(k, ensureAscii) + keySep + encode(item, depth + 1));
    return '{' + pad + parts.join(itemSep + pad) + end + '}';
  };
  return encode(value, 0);
}

function plainKeyText(key: DictKey): string {
  if (key === null) return 'null';
  if (typeof key === 'boolean') return key ? 'true' : 'false';
  // A float key is stored as a PyFloat (DictKey does not name it).
  if ((key as unknown) instanceof PyFloat) return jsonFloat((key as unknown as PyFloat).value);
  return String(key);
}

function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  return floatRepr(x);
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

// eslint-disable-next-line no-control-regex -- the characters JSON (or ensure_ascii) must escape
const NEEDS_ESCAPE_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;
// eslint-disable-next-line no-control-regex -- the characters JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

const SURROGATE = /[\ud800-\udfff]/;

export function jsonString(text: string, ensureAscii = true): string {
  // Most strings (and every base64 file piece) need no escape: no walk over their characters.
  if (!(ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(text)) return `"${text}"`;
  // NOTE: without ensure_ascii, V8's JSON.stringify escapes what Python's json.dumps does (the same
  // short escapes, \u00xx in lower case) but for surrogates; ~10x faster on module sources.
  if (!ensureAscii && !SURROGATE.test(text)) return JSON.stringify(text);
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = text.charCodeAt(i);
    const esc = ESCAPES[ch];
    if (esc !== undefined) out += esc;
    else if (code < 0x20 || (ensureAscii && code > 0x7e)) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * Python's `json.loads` into Volant data: ints stay numbers, anything with a fraction or exponent
 * becomes a PyFloat, objects become ordered Maps.
 */
export function parseJson(text: string): Data {
  let pos = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${pos}`);
  };
  const ws = (): void => {
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) pos++;
      else break;
    }
  };
  const value = (): Data => {
    ws();
    const c = text[pos];
    if (c === '{') {
      pos++;
      const map: DataDict = new Map();
      ws();
      if (text[pos] === '}') {
        pos++;
        return map;
      }
      let comma = -1;
      for (;;) {
        ws();
        if (text[pos] !== '"') {
          // NOTE: Python 3.13's json names a trailing comma, at the comma.
          if (comma >= 0 && text[pos] === '}') {
            pos = comma;
            fail('Illegal trailing comma before end of object');
          }
          fail('Expecting property name enclosed in double quotes');
        }
        const key = string();
        ws();
        if (text[pos] !== ':') fail("Expecting ':' delimiter");
        pos++;
        map.set(key, value());
        ws();
        if (text[pos] === ',') {
          comma = pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          return map;
        }
        fail("Expecting ',' delimiter");
      }
    }
    if (c === '[') {
      pos++;
      const list: Data[] = [];
      ws();
      if (text[pos] === ']') {
        pos++;
        return list;
      }
      for (;;) {
        list.push(value());
        ws();
        if (text[pos] === ',') {
          const comma = pos++;
          ws();
          if (text[pos] === ']') {
            pos = comma;
            fail('Illegal trailing comma before end of array');
          }
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          return list;
        }
        fail("Expecting ',' delimiter");
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', pos)) return (pos += 4), true;
    if (text.startsWith('false', pos)) return (pos += 5), false;
    if (text.startsWith('null', pos)) return (pos += 4), null;
    if (text.startsWith('NaN', pos)) return (pos += 3), new PyFloat(NaN);
    if (text.startsWith('Infinity', pos)) return (pos += 8), new PyFloat(Infinity);
    if (text.startsWith('-Infinity', pos)) return (pos += 9), new PyFloat(-Infinity);
    const m = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(pos, pos + 400));
    if (!m) return fail('Expecting value');
    pos += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return new PyFloat(Number(m[0]));
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : intOf(BigInt(m[0]));
  };
  const string = (): string => {
    pos++;
    let out = '';
    let start = pos;
    for (;;) {
      if (pos >= text.length) fail('Unterminated string');
      const ch = text[pos];
      if (ch === '"') {
        out += text.slice(start, pos);
        pos++;
        return out;
      }
      if (ch === '\\') {
        out += text.slice(start, pos);
        const e = text[pos + 1];
        pos += 2;
        if (e === 'u') {
          out += String.fromCharCode(parseInt(text.slice(pos, pos + 4), 16));
          pos += 4;
        } else {
          const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"' };
          const r = e === undefined ? undefined : map[e];
          if (r === undefined) fail('Invalid \\escape');
          out += r;
        }
        start = pos;
        continue;
      }
      pos++;
    }
  };
  const result = value();
  ws();
  if (pos !== text.length) fail('Extra data');
  return result;
}

/** Converts plain JS (e.g. JSON.parse output, test literals) to Volant data. Numbers with a fraction become floats. */
export function fromPlain(value: unknown): Data {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? value : new PyFloat(value);
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (value instanceof PyFloat || value instanceof UnsafeString || value instanceof VaultString) return value;
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k as DictKey, fromPlain(v)]));
  return new Map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromPlain(v)]));
}
