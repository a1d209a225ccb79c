/**
 * TOML 1.0 text → data, as Python's tomllib reads it (what 2.19's `toml` inventory plugin uses):
 * tables are dicts in the order their keys first appear, integers ints, floats floats, dates,
 * datetimes and local times Python's date, datetime and time, and an error says what it wanted
 * and where, `… (at line L, column C)` or `… (at end of document)`, in tomllib's words.
 */
import { PyDate, PyFloat, intFromDigits, isDict, strRepr, type Data, type DataDict } from '../core/data.js';

export class TomlError extends Error {}

const BARE_KEY = /[A-Za-z0-9_-]/;
const WS = new Set([' ', '\t']);
const DATETIME =
  /(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})?)?/y;
const LOCAL_TIME = /(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?/y;
const NUMBER = /[+-]?(?:0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*|(?:0|[1-9](?:_?\d)*)(?:\.\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?|inf|nan)/y;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };

/** Keys of tables written with a header, and of values that cannot be extended (inline tables, arrays). */
interface Flags {
  readonly explicit: Set<DataDict>;
  readonly frozen: Set<Data>;
}

export function parseToml(src: string): DataDict {
  return new TomlParser(src).document();
}

class TomlParser {
  private pos = 0;
  private readonly root: DataDict = new Map();
  private readonly flags: Flags = { explicit: new Set(), frozen: new Set() };

  constructor(private readonly src: string) {}

  private fail(message: string, at = this.pos): never {
    if (at >= this.src.length) throw new TomlError(`${message} (at end of document)`);
    const line = this.src.slice(0, at).split('\n').length;
    const column = at - (this.src.lastIndexOf('\n', at - 1) + 1) + 1;
    throw new TomlError(`${message} (at line ${line}, column ${column})`);
  }

  private get ch(): string {
    return this.src[this.pos] ?? '';
  }

  private skipWs(): void {
    while (WS.has(this.ch)) this.pos++;
  }

  private skipComment(): void {
    if (this.ch !== '#') return;
    while (this.pos < this.src.length && this.src[this.pos] !== '\n') {
      const code = this.ch.charCodeAt(0);
      if ((code < 0x20 && code !== 0x09) || code === 0x7f) this.fail('Illegal character');
      this.pos++;
    }
  }

  /** Whitespace, comments and newlines (inside arrays). */
  private skipBlank(): void {
    for (;;) {
      this.skipWs();
      this.skipComment();
      if (this.ch === '\n') this.pos++;
      else if (this.src.startsWith('\r\n', this.pos)) this.pos += 2;
      else return;
    }
  }

  document(): DataDict {
    let table = this.root;
    for (;;) {
      this.skipBlank();
      if (this.pos >= this.src.length) return this.root;
      if (this.ch === '[') table = this.header();
      else if (BARE_KEY.test(this.ch) || this.ch === '"' || this.ch === "'") this.keyValue(table);
      else this.fail('Invalid statement');
      this.skipWs();
      this.skipComment();
      if (this.pos < this.src.length && this.ch !== '\n' && !this.src.startsWith('\r\n', this.pos)) {
        this.fail('Expected newline or end of document after a statement');
      }
    }
  }

  private header(): DataDict {
    const array = this.src.startsWith('[[', this.pos);
    this.pos += array ? 2 : 1;
    this.skipWs();
    const key = this.key();
    this.skipWs();
    const at = this.pos;
    const close = array ? ']]' : ']';
    if (!this.src.startsWith(close, this.pos)) this.fail(`Expected '${close}' at the end of ${array ? 'an array declaration' : 'a table declaration'}`);
    this.pos += close.length;
    const parent = this.descend(this.root, key.slice(0, -1), true, at);
    const last = key[key.length - 1] as string;
    const existing = parent.get(last);
    const twice = `Cannot declare (${key.map(strRepr).join(', ')}${key.length === 1 ? ',' : ''}) twice`;
    if (existing !== undefined && !isDict(existing) && !Array.isArray(existing)) this.fail('Cannot overwrite a value', at);
    if (array) {
      if (existing === undefined) parent.set(last, []);
      else if (!Array.isArray(existing) || this.flags.frozen.has(existing)) this.fail(twice, at);
      const table: DataDict = new Map();
      (parent.get(last) as Data[]).push(table);
      return table;
    }
    if (existing === undefined) {
      const table: DataDict = new Map();
      parent.set(last, table);
      this.flags.explicit.add(table);
      return table;
    }
    if (!isDict(existing) || this.flags.explicit.has(existing) || this.flags.frozen.has(existing)) this.fail(twice, at);
    this.flags.explicit.add(existing);
    return existing;
  }

  /** The table a dotted key leads to, made as needed (`headers`: through arrays of tables, to their last). */
  private descend(table: DataDict, keys: readonly string[], headers: boolean, at = this.pos): DataDict {
    let node = table;
    for (const k of keys) {
      let next = node.get(k);
      if (next === undefined) {
        next = new Map();
        node.set(k, next);
      } else if (headers && Array.isArray(next) && !this.flags.frozen.has(next)) {
        next = next[next.length - 1] as Data;
      }
      if (!isDict(next) && !Array.isArray(next)) this.fail('Cannot overwrite a value', at);
      if (!isDict(next) || this.flags.frozen.has(next)) this.fail('Cannot mutate immutable namespace', at);
      if (!headers && this.flags.explicit.has(next) && node !== table) this.fail('Cannot redefine namespace', at);
      node = next;
    }
    return node;
  }

  private keyValue(table: DataDict): void {
    const key = this.key();
    this.skipWs();
    if (this.ch !== '=') this.fail("Expected '=' after a key in a key/value pair");
    this.pos++;
    this.skipWs();
    const value = this.value();
    const parent = this.descend(table, key.slice(0, -1), false);
    const last = key[key.length - 1] as string;
    if (parent.has(last)) this.fail('Cannot overwrite a value');
    parent.set(last, value);
  }

  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      if (this.ch === '"') parts.push(this.basicString());
      else if (this.ch === "'") parts.push(this.literalString());
      else {
        const start = this.pos;
        while (BARE_KEY.test(this.ch)) this.pos++;
        if (start === this.pos) this.fail('Invalid initial character for a key part');
        parts.push(this.src.slice(start, this.pos));
      }
      this.skipWs();
      if (this.ch !== '.') return parts;
      this.pos++;
      this.skipWs();
    }
  }

  private value(): Data {
    const c = this.ch;
    if (c === '"') return this.src.startsWith('"""', this.pos) ? this.multilineBasic() : this.basicString();
    if (c === "'") return this.src.startsWith("'''", this.pos) ? this.multilineLiteral() : this.literalString();
    if (c === '[') return this.array();
    if (c === '{') return this.inlineTable();
    if (this.src.startsWith('true', this.pos)) return this.word('true', true);
    if (this.src.startsWith('false', this.pos)) return this.word('false', false);
    return this.dateOrNumber();
  }

  private word(text: string, value: boolean): boolean {
    this.pos += text.length;
    return value;
  }

  private dateOrNumber(): Data {
    DATETIME.lastIndex = this.pos;
    const d = DATETIME.exec(this.src);
    if (d) {
      this.pos = DATETIME.lastIndex;
      const [, y, mo, day, h, mi, s, frac, tz] = d;
      if (h === undefined) return new PyDate('date', `${y}-${mo}-${day}`);
      const micros = frac ? `.${frac.padEnd(6, '0').slice(0, 6)}` : '';
      const offset = tz === undefined ? '' : /^[Zz]$/.test(tz) || tz === '-00:00' ? '+00:00' : tz;
      return new PyDate('datetime', `${y}-${mo}-${day} ${h}:${mi}:${s}${micros === '.000000' ? '' : micros}${offset}`);
    }
    LOCAL_TIME.lastIndex = this.pos;
    const t = LOCAL_TIME.exec(this.src);
    if (t) {
      this.pos = LOCAL_TIME.lastIndex;
      const micros = t[4] ? `.${t[4].padEnd(6, '0').slice(0, 6)}` : '';
      return new PyDate('time', `${t[1]}:${t[2]}:${t[3]}${micros === '.000000' ? '' : micros}`);
    }
    NUMBER.lastIndex = this.pos;
    const n = NUMBER.exec(this.src);
    if (!n) this.fail('Invalid value');
    this.pos = NUMBER.lastIndex;
    const text = n[0].replace(/_/g, '');
    const sign = text.startsWith('-') ? -1 : 1;
    const body = text.replace(/^[+-]/, '');
    if (body === 'inf') return new PyFloat(sign * Infinity);
    if (body === 'nan') return new PyFloat(NaN);
    const radix = { '0x': 16, '0o': 8, '0b': 2 }[body.slice(0, 2)] as 16 | 8 | 2 | undefined;
    if (radix !== undefined) {
      if (text !== body) this.fail('Invalid value', this.pos - n[0].length);
      return intFromDigits(body.slice(2), radix);
    }
    if (/[.eE]/.test(body)) return new PyFloat(Number(text));
    const int = intFromDigits(body, 10);
    if (sign > 0 || int === 0) return int;
    return typeof int === 'bigint' ? -int : -int;
  }

  private array(): Data[] {
    this.pos++;
    const items: Data[] = [];
    for (;;) {
      this.skipBlank();
      if (this.ch === ']') break;
      items.push(this.value());
      this.skipBlank();
      if (this.ch === ']') break;
      if (this.ch !== ',') this.fail('Unclosed array');
      this.pos++;
    }
    this.pos++;
    this.flags.frozen.add(items);
    return items;
  }

  private inlineTable(): DataDict {
    this.pos++;
    const table: DataDict = new Map();
    this.skipWs();
    if (this.ch === '}') {
      this.pos++;
      this.flags.frozen.add(table);
      return table;
    }
    for (;;) {
      this.keyValue(table);
      this.skipWs();
      if (this.ch === '}') break;
      if (this.ch !== ',') this.fail('Unclosed inline table');
      this.pos++;
      this.skipWs();
    }
    this.pos++;
    const freeze = (t: DataDict): void => {
      this.flags.frozen.add(t);
      for (const v of t.values()) if (isDict(v)) freeze(v);
    };
    freeze(table);
    return table;
  }

  private basicString(): string {
    this.pos++;
    let out = '';
    for (;;) {
      const c = this.ch;
      if (c === '') this.fail('Unterminated string');
      if (c === '\n' || (c < ' ' && c !== '\t') || c === '\x7f') this.fail(`Illegal character ${strRepr(c)}`);
      this.pos++;
      if (c === '"') return out;
      if (c === '\\') out += this.escape();
      else out += c;
    }
  }

  private escape(): string {
    const c = this.ch;
    this.pos++;
    if (c in ESCAPES) return ESCAPES[c] as string;
    const width = c === 'u' ? 4 : c === 'U' ? 8 : 0;
    const hex = this.src.slice(this.pos, this.pos + width);
    if (width === 0) this.fail("Unescaped '\\' in a string");
    if (!new RegExp(`^[0-9A-Fa-f]{${width}}$`).test(hex)) this.fail('Invalid hex value');
    this.pos += width;
    const code = Number.parseInt(hex, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail('Escaped character is not a Unicode scalar value', this.pos - width - 2);
    return String.fromCodePoint(code);
  }

  private literalString(): string {
    this.pos++;
    const end = this.src.indexOf("'", this.pos);
    if (end < 0) this.fail(`Expected "'"`, this.src.length);
    for (let i = this.pos; i < end; i++) {
      const code = this.src.charCodeAt(i);
      if ((code < 0x20 && code !== 0x09) || code === 0x7f) this.fail(`Found invalid character ${strRepr(this.src[i] as string)}`, i);
    }
    const out = this.src.slice(this.pos, end);
    this.pos = end + 1;
    return out;
  }

  private multilineBasic(): string {
    this.pos += 3;
    if (this.ch === '\n') this.pos++;
    else if (this.src.startsWith('\r\n', this.pos)) this.pos += 2;
    let out = '';
    for (;;) {
      if (this.pos >= this.src.length) this.fail('Unterminated string');
      if (this.src.startsWith('"""', this.pos)) {
        // up to two more quotes belong to the string
        let quotes = 3;
        while (quotes < 5 && this.src[this.pos + quotes] === '"') quotes++;
        out += '"'.repeat(quotes - 3);
        this.pos += quotes;
        return out;
      }
      const c = this.ch;
      if (c === '\\') {
        const rest = /^\\[ \t]*\r?\n[\s]*/.exec(this.src.slice(this.pos));
        if (rest) {
          this.pos += rest[0].length;
          continue;
        }
        this.pos++;
        out += this.escape();
        continue;
      }
      out += c;
      this.pos++;
    }
  }

  private multilineLiteral(): string {
    this.pos += 3;
    if (this.ch === '\n') this.pos++;
    else if (this.src.startsWith('\r\n', this.pos)) this.pos += 2;
    const end = this.src.indexOf("'''", this.pos);
    if (end < 0) this.fail('Unterminated string', this.src.length);
    let close = end + 3;
    while (close < end + 5 && this.src[close] === "'") close++;
    const out = this.src.slice(this.pos, close - 3);
    this.pos = close;
    return out;
  }
}
