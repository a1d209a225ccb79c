/**
 * Python's `ast.literal_eval` for the values of INI inventories: numbers, strings (with
 * prefixes, escapes and implicit concatenation), True/False/None, lists, tuples, dicts and sets.
 * Anything else is not a literal and the caller keeps the text.
 *
 * NOTE: ansible turns tuples and sets into lists, bytes into str, `...` and complex numbers into
 * their text. A set keeps the written order here; Python's would follow hashing.
 */
import { PyFloat, type Data, type DataDict, type DictKey } from '../core/data.js';

class NotLiteral extends Error {}

type Token =
  | { kind: 'num'; value: Data }
  | { kind: 'str'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'op'; value: string };

/** The literal's value, or undefined when `text` is not a Python literal. */
export function literalEval(text: string): Data | undefined {
  try {
    const tokens = tokenize(text.replace(/^[ \t]+/, ''));
    const parser = new Parser(tokens);
    const value = parser.expressionList(true);
    if (!parser.done()) throw new NotLiteral();
    return value;
  } catch (error) {
    if (error instanceof NotLiteral) return undefined;
    throw error;
  }
}

const NUMBER_RE =
  /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:[0-9](?:_?[0-9])*\.(?:[0-9](?:_?[0-9])*)?|\.[0-9](?:_?[0-9])*)(?:[eE][-+]?[0-9](?:_?[0-9])*)?[jJ]?|[0-9](?:_?[0-9])*(?:[eE][-+]?[0-9](?:_?[0-9])*)?[jJ]?)/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\f') {
      i++;
      continue;
    }
    if (c === '#') break;
    if (c === '\n' || c === '\r') throw new NotLiteral();
    const strStart = /^([rRbBuU]|[rR][bB]|[bB][rR])?(['"])/.exec(text.slice(i, i + 3));
    if (strStart) {
      const prefix = (strStart[1] ?? '').toLowerCase();
      const quote = strStart[2] as string;
      i += strStart[0].length;
      const triple = text.startsWith(quote.repeat(2), i);
      const close = triple ? quote.repeat(3) : quote;
      if (triple) i += 2;
      let raw = '';
      for (;;) {
        if (i >= text.length) throw new NotLiteral();
        if (text.startsWith(close, i)) {
          i += close.length;
          break;
        }
        const d = text[i] as string;
        if (d === '\\') {
          raw += d + (text[i + 1] ?? '');
          i += 2;
          continue;
        }
        if (!triple && (d === '\n' || d === '\r')) throw new NotLiteral();
        raw += d;
        i++;
      }
      tokens.push({ kind: 'str', value: prefix.includes('r') ? raw : unescape(raw, prefix.includes('b')) });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const m = NUMBER_RE.exec(text.slice(i));
      if (!m) throw new NotLiteral();
      const lexeme = m[0];
      i += lexeme.length;
      if (/^[\p{L}\p{N}_]/u.test(text.slice(i))) throw new NotLiteral();
      tokens.push({ kind: 'num', value: parseNumber(lexeme) });
      continue;
    }
    const name = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(text.slice(i));
    if (name) {
      tokens.push({ kind: 'name', value: name[0] });
      i += name[0].length;
      continue;
    }
    if (text.startsWith('...', i)) {
      tokens.push({ kind: 'op', value: '...' });
      i += 3;
      continue;
    }
    if ('[](){},:+-'.includes(c)) {
      tokens.push({ kind: 'op', value: c });
      i++;
      continue;
    }
    throw new NotLiteral();
  }
  return tokens;
}

function parseNumber(lexeme: string): Data {
  const text = lexeme.replace(/_/g, '');
  if (/[jJ]$/.test(text)) {
    // NOTE: a complex number becomes its Python str(); only the pure imaginary form is kept.
    const body = text.slice(0, -1);
    return `${body.includes('.') || /e/i.test(body) ? String(Number(body)) : body}j`;
  }
  const lower = text.toLowerCase();
  if (lower.startsWith('0x')) return Number.parseInt(lower.slice(2), 16);
  if (lower.startsWith('0o')) return Number.parseInt(lower.slice(2), 8);
  if (lower.startsWith('0b')) return Number.parseInt(lower.slice(2), 2);
  if (lower.includes('.') || lower.includes('e')) return new PyFloat(Number(lower));
  // NOTE: Python 3 rejects leading zeros in a decimal int ("03"), except all zeros ("00").
  if (lower.length > 1 && lower.startsWith('0') && /[1-9]/.test(lower)) throw new NotLiteral();
  return Number.parseInt(lower, 10);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
};

function unescape(raw: string, bytes: boolean): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = raw[i + 1] ?? '';
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i++;
    } else if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(raw.slice(i + 1)) as RegExpExecArray;
      out += String.fromCodePoint(Number.parseInt(m[0], 8));
      i += m[0].length;
    } else if (e === 'x' && /^[0-9a-fA-F]{2}/.test(raw.slice(i + 2))) {
      out += String.fromCodePoint(Number.parseInt(raw.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (!bytes && e === 'u' && /^[0-9a-fA-F]{4}/.test(raw.slice(i + 2))) {
      out += String.fromCodePoint(Number.parseInt(raw.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (!bytes && e === 'U' && /^[0-9a-fA-F]{8}/.test(raw.slice(i + 2))) {
      out += String.fromCodePoint(Number.parseInt(raw.slice(i + 2, i + 10), 16));
      i += 9;
    } else if (e === 'x' || (!bytes && (e === 'u' || e === 'U' || e === 'N'))) {
      throw new NotLiteral();
    } else {
      out += c;
    }
  }
  return out;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.pos >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(value: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === 'op' && t.value === value;
  }

  private expect(value: string): void {
    if (!this.isOp(value)) throw new NotLiteral();
    this.pos++;
  }

  /** `a, b` (a bare tuple, only at top level or inside parentheses) or a single value. */
  expressionList(top: boolean): Data {
    const first = this.value();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.pos++;
      if (this.done() || this.isOp(')')) break;
      items.push(this.value());
    }
    if (!top && !this.isOp(')')) throw new NotLiteral();
    return items;
  }

  private value(): Data {
    const t = this.peek();
    if (!t) throw new NotLiteral();
    if (t.kind === 'op' && (t.value === '-' || t.value === '+')) {
      this.pos++;
      // NOTE: literal_eval takes a sign only directly on a number (`--1` is not a literal).
      if (this.peek()?.kind !== 'num') throw new NotLiteral();
      const operand = this.value();
      if (t.value === '+') {
        if (typeof operand === 'number' || operand instanceof PyFloat) return operand;
        throw new NotLiteral();
      }
      if (typeof operand === 'number') return operand === 0 ? 0 : -operand;
      if (operand instanceof PyFloat) return new PyFloat(-operand.value);
      throw new NotLiteral();
    }
    this.pos++;
    if (t.kind === 'num') {
      if (typeof t.value === 'string') return t.value;
      return t.value;
    }
    if (t.kind === 'str') {
      let text = t.value;
      while (this.peek()?.kind === 'str') text += (this.tokens[this.pos++] as { value: string }).value;
      return text;
    }
    if (t.kind === 'name') {
      if (t.value === 'True') return true;
      if (t.value === 'False') return false;
      if (t.value === 'None') return null;
      if (t.value === 'set' && this.isOp('(')) {
        this.pos++;
        this.expect(')');
        return [];
      }
      throw new NotLiteral();
    }
    switch (t.value) {
      case '...':
        return '...';
      case '[':
        return this.sequence(']');
      case '(': {
        if (this.isOp(')')) {
          this.pos++;
          return [];
        }
        const inner = this.expressionList(false);
        this.expect(')');
        return inner;
      }
      case '{':
        return this.braces();
      default:
        throw new NotLiteral();
    }
  }

  private sequence(close: string): Data[] {
    const items: Data[] = [];
    while (!this.isOp(close)) {
      items.push(this.value());
      if (this.isOp(',')) this.pos++;
      else if (!this.isOp(close)) throw new NotLiteral();
    }
    this.pos++;
    return items;
  }

  private braces(): Data {
    if (this.isOp('}')) {
      this.pos++;
      return new Map();
    }
    const first = this.value();
    if (!this.isOp(':')) {
      // a set
      const items = [first];
      while (this.isOp(',')) {
        this.pos++;
        if (this.isOp('}')) break;
        items.push(this.value());
      }
      this.expect('}');
      return items.filter((item, i) => items.findIndex((other) => other === item) === i);
    }
    const dict: DataDict = new Map();
    let key = first;
    for (;;) {
      this.expect(':');
      dict.set(asKey(key), this.value());
      if (this.isOp(',')) this.pos++;
      if (this.isOp('}')) {
        this.pos++;
        return dict;
      }
      key = this.value();
    }
  }
}

function asKey(value: Data): DictKey {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof PyFloat) return value.value;
  throw new NotLiteral();
}
