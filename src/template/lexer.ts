/**
 * Jinja2's lexer: template text → a flat token stream (data, `{{ … }}`, `{% … %}`), with
 * whitespace control (`-`, `+`, trim_blocks, lstrip_blocks), `{% raw %}` and comments handled
 * here so the parser only sees meaningful tokens. Every token keeps its offset in the source.
 */
import { TemplateSyntaxError } from './template-syntax-error.js';

export type TokenType =
  | 'data'
  | 'variable_begin'
  | 'variable_end'
  | 'block_begin'
  | 'block_end'
  | 'name'
  | 'string'
  | 'integer'
  | 'float'
  | 'operator'
  | 'eof';

export interface Token {
  readonly type: TokenType;
  /** For `operator`, the operator text; for `integer`/`float` the source digits; strings decoded. */
  readonly value: string;
  readonly pos: number;
}

export interface LexOptions {
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
  newlineSequence?: string;
  keepTrailingNewline?: boolean;
  /** Ansible's escape_backslashes: `{{ }}` string literals keep their backslashes verbatim. */
  rawExpressionStrings?: boolean;
  /** The template module's variable_start_string … comment_end_string; Jinja's by default. */
  delimiters?: Delimiters;
}

export interface Delimiters {
  readonly variableStart: string;
  readonly variableEnd: string;
  readonly blockStart: string;
  readonly blockEnd: string;
  readonly commentStart: string;
  readonly commentEnd: string;
}

export const DEFAULT_DELIMITERS: Delimiters = {
  variableStart: '{{',
  variableEnd: '}}',
  blockStart: '{%',
  blockEnd: '%}',
  commentStart: '{#',
  commentEnd: '#}',
};

type TagKind = 'variable' | 'block' | 'comment';

/** The next tag opening at or after `from`: Jinja's default delimiters take the fast path. */
function findOpen(text: string, from: number, d: Delimiters): { at: number; kind: TagKind } | undefined {
  if (d === DEFAULT_DELIMITERS) {
    let open = text.indexOf('{', from);
    while (open !== -1) {
      const c = text.charCodeAt(open + 1);
      if (c === 123 /* { */) return { at: open, kind: 'variable' };
      if (c === 37 /* % */) return { at: open, kind: 'block' };
      if (c === 35 /* # */) return { at: open, kind: 'comment' };
      open = text.indexOf('{', open + 1);
    }
    return undefined;
  }
  let best: { at: number; kind: TagKind; length: number } | undefined;
  for (const [kind, start] of [['variable', d.variableStart], ['block', d.blockStart], ['comment', d.commentStart]] as const) {
    const at = text.indexOf(start, from);
    // Jinja prefers the longest delimiter when two start at the same place.
    if (at !== -1 && (best === undefined || at < best.at || (at === best.at && start.length > best.length))) best = { at, kind, length: start.length };
  }
  return best;
}

function openerOf(kind: TagKind, d: Delimiters): string {
  return kind === 'variable' ? d.variableStart : kind === 'block' ? d.blockStart : d.commentStart;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const DEFAULT_RAW = { rawMatch: /\s*raw\s*([-+]?)%\}/y, endRe: /\{%([-+]?)\s*endraw\s*([-+]?)%\}/g };

/** `raw` right after a block opening, and the `endraw` tag that closes it. */
function rawPatterns(d: Delimiters): { rawMatch: RegExp; endRe: RegExp } {
  if (d === DEFAULT_DELIMITERS) return DEFAULT_RAW;
  const end = escapeRegExp(d.blockEnd);
  return { rawMatch: new RegExp(`\\s*raw\\s*([-+]?)${end}`, 'y'), endRe: new RegExp(`${escapeRegExp(d.blockStart)}([-+]?)\\s*endraw\\s*([-+]?)${end}`, 'g') };
}

// Longest first so `**` wins over `*`, `//` over `/`.
const OPERATORS = ['//', '**', '==', '!=', '<=', '>=', '+', '-', '/', '*', '%', '~', '[', ']', '(', ')', '{', '}', '<', '>', '=', '.', ':', '|', ',', ';'];

// NOTE: Jinja on Python 3 reads Unicode identifiers (`ünï`); a name never starts with a digit, as numbers are read first.
const NAME_RE = /[\p{ID_Continue}]+/uy;
const FLOAT_RE = /(?:\d+(?:_\d+)*\.\d+(?:_\d+)*(?:[eE][+-]?\d+(?:_\d+)*)?|\d+(?:_\d+)*[eE][+-]?\d+(?:_\d+)*)/y;
const INT_RE = /(?:0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[0-9a-fA-F])+|[1-9](?:_?\d)*|0(?:_?0)*)/y;
const NEWLINE_RE = /\r\n|\r|\n/g;

function describeClose(kind: 'variable' | 'block'): string {
  return kind === 'variable' ? "'end of print statement'" : "'end of statement block'";
}

export function tokenize(source: string, options: LexOptions = {}): Token[] {
  const { tokens, error } = tokenizeLazily(source, options);
  if (error) throw error;
  return tokens;
}

/**
 * The template's tokens up to a lexer error, which comes back beside them. NOTE: Jinja's lexer
 * runs as its parser asks for tokens, so the parser's own error for an earlier token (`{{ bad
 * syntax` wants the print statement's end at `syntax`) is the one shown; the tokens end with an
 * eof where the lexer failed, for the parser to meet there.
 */
export function tokenizeLazily(source: string, options: LexOptions = {}): { tokens: Token[]; error?: TemplateSyntaxError } {
  const tokens: Token[] = [];
  try {
    lexTemplate(source, options, tokens);
  } catch (err) {
    if (!(err instanceof TemplateSyntaxError)) throw err;
    tokens.push({ type: 'eof', value: '', pos: err.pos });
    return { tokens, error: err };
  }
  return { tokens };
}

function lexTemplate(source: string, options: LexOptions, tokens: Token[]): void {
  const nl = options.newlineSequence ?? '\n';
  let text = source;
  // NOTE: Jinja drops one trailing newline unless keep_trailing_newline; Ansible keeps it.
  if (!options.keepTrailingNewline) {
    if (text.endsWith('\r\n')) text = text.slice(0, -2);
    else if (text.endsWith('\n') || text.endsWith('\r')) text = text.slice(0, -1);
  }
  const normalize = (s: string): string => (s.includes('\r') || nl !== '\n' ? s.replace(NEWLINE_RE, nl) : s);
  let pos = 0;
  let stripNextLeading = false;
  let trimNextNewline = false;
  const n = text.length;

  const pushData = (data: string, at: number): void => {
    if (data.length > 0) tokens.push({ type: 'data', value: normalize(data), pos: at });
  };

  const d = options.delimiters ?? DEFAULT_DELIMITERS;
  while (pos < n) {
    const found = findOpen(text, pos, d);
    const open = found === undefined ? -1 : found.at;
    let data = open === -1 ? text.slice(pos) : text.slice(pos, open);
    const dataPos = pos;
    // Whether the data starts a line: trim_blocks' swallowed newline counts (Jinja's line_starting).
    let startsLine = dataPos === 0 || text[dataPos - 1] === '\n' || text[dataPos - 1] === '\r';
    if (stripNextLeading) data = data.replace(/^\s+/, '');
    else if (trimNextNewline) {
      const before = data.length;
      data = data.replace(/^(\r\n|\r|\n)/, '');
      if (data.length !== before) startsLine = true;
    }
    stripNextLeading = false;
    trimNextNewline = false;
    if (found === undefined) {
      pushData(data, dataPos);
      break;
    }
    const tag = found.kind;
    const openLength = openerOf(tag, d).length;
    const modifier = text[open + openLength];
    if (modifier === '-') data = data.replace(/\s+$/, '');
    else if (options.lstripBlocks && modifier !== '+' && tag !== 'variable') {
      // lstrip_blocks: drop spaces/tabs before a block or comment tag when alone on its line.
      const lastNl = Math.max(data.lastIndexOf('\n'), data.lastIndexOf('\r'));
      const lineStart = lastNl >= 0 || startsLine;
      if (lineStart && /^[ \t]*$/.test(data.slice(lastNl + 1))) data = data.slice(0, lastNl + 1);
    }
    pushData(data, dataPos);
    let inner = open + openLength;
    if (modifier === '-' || modifier === '+') inner++;

    if (tag === 'comment') {
      const close = text.indexOf(d.commentEnd, inner);
      if (close === -1) throw new TemplateSyntaxError('Missing end of comment tag', open);
      const endMod = text[close - 1];
      if (endMod === '-' && close - 1 >= inner) stripNextLeading = true;
      else if (options.trimBlocks && endMod !== '+') trimNextNewline = true;
      pos = close + d.commentEnd.length;
      continue;
    }

    const kind = tag;
    // `{% raw %}` swallows everything up to `{% endraw %}` as data.
    if (kind === 'block') {
      const { rawMatch, endRe } = rawPatterns(d);
      rawMatch.lastIndex = inner;
      const rm = rawMatch.exec(text);
      if (rm) {
        const bodyStart = rawMatch.lastIndex;
        endRe.lastIndex = bodyStart;
        const em = endRe.exec(text);
        if (!em) {
          // Jinja's lexer stops quietly when the text ends right after the tag (a `-%}` takes the blanks after it).
          const rest = text.slice(bodyStart);
          if (rest === '' || (rm[1] === '-' && rest.trim() === '')) break;
          throw new TemplateSyntaxError('Missing end of raw directive', open);
        }
        let body = text.slice(bodyStart, em.index);
        if (rm[1] === '-') body = body.replace(/^\s+/, '');
        else if (options.trimBlocks && rm[1] !== '+') body = body.replace(/^(\r\n|\r|\n)/, '');
        if (em[1] === '-') body = body.replace(/\s+$/, '');
        else if (options.lstripBlocks && em[1] !== '+') body = body.replace(/(^|\n|\r)[ \t]*$/, '$1');
        pushData(body, bodyStart);
        pos = em.index + em[0].length;
        if (em[2] === '-') stripNextLeading = true;
        else if (options.trimBlocks && em[2] !== '+') trimNextNewline = true;
        continue;
      }
    }
    tokens.push({ type: kind === 'variable' ? 'variable_begin' : 'block_begin', value: '', pos: open });
    const closer = kind === 'variable' ? d.variableEnd : d.blockEnd;
    pos = lexExpression(text, inner, kind, closer, tokens, { raw: kind === 'variable' && options.rawExpressionStrings === true, nl });
    const endMod = text[pos - closer.length - 1];
    if (endMod === '-') stripNextLeading = true;
    else if (kind === 'block' && options.trimBlocks && endMod !== '+') trimNextNewline = true;
  }
  tokens.push({ type: 'eof', value: '', pos: text.length });
}

/**
 * Jinja's compile_expression: the text lexed as the inside of a print statement that may end
 * anywhere (a `}}` ends it early). Jinja's lexer runs as its parser asks for tokens, so a lexer
 * error comes back beside the tokens before it, for the parser to meet where it gets there.
 */
export function tokenizeExpression(text: string): { tokens: Token[]; error?: TemplateSyntaxError } {
  const tokens: Token[] = [];
  let error: TemplateSyntaxError | undefined;
  try {
    lexExpression(text, 0, 'variable', DEFAULT_DELIMITERS.variableEnd, tokens, { raw: false, nl: '\n' }, true);
  } catch (err) {
    if (!(err instanceof TemplateSyntaxError)) throw err;
    error = err;
  }
  tokens.push({ type: 'eof', value: '', pos: error?.pos ?? text.length });
  return error ? { tokens, error } : { tokens };
}

/** Lexes the inside of `{{ … }}` or `{% … %}`; returns the offset after the closing delimiter. */
function lexExpression(text: string, start: number, kind: 'variable' | 'block', closer: string, tokens: Token[], strings: StringOptions, mayEnd = false): number {
  let pos = start;
  const balance: string[] = [];
  const first = tokens.length;
  const n = text.length;
  while (pos < n) {
    const c = text[pos] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      pos++;
      continue;
    }
    if (balance.length === 0) {
      if ((c === '-' || c === '+') && text.startsWith(closer, pos + 1)) {
        tokens.push({ type: kind === 'variable' ? 'variable_end' : 'block_end', value: '', pos });
        return pos + 1 + closer.length;
      }
      if (text.startsWith(closer, pos)) {
        tokens.push({ type: kind === 'variable' ? 'variable_end' : 'block_end', value: '', pos });
        return pos + closer.length;
      }
    }
    if (c === '"' || c === "'") {
      const [value, end] = lexString(text, pos, strings);
      tokens.push({ type: 'string', value, pos });
      pos = end;
      continue;
    }
    const code = c.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      FLOAT_RE.lastIndex = pos;
      const fm = FLOAT_RE.exec(text);
      if (fm) {
        tokens.push({ type: 'float', value: fm[0].replace(/_/g, ''), pos });
        pos = FLOAT_RE.lastIndex;
        continue;
      }
      INT_RE.lastIndex = pos;
      const im = INT_RE.exec(text);
      if (im) {
        tokens.push({ type: 'integer', value: im[0].replace(/_/g, ''), pos });
        pos = INT_RE.lastIndex;
        continue;
      }
    }
    NAME_RE.lastIndex = pos;
    const nm = NAME_RE.exec(text);
    if (nm) {
      tokens.push({ type: 'name', value: nm[0], pos });
      pos = NAME_RE.lastIndex;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, pos));
    if (op === undefined) throw new TemplateSyntaxError(`unexpected char ${pyCharRepr(c)} at ${pos}`, pos);
    if (op === '(' || op === '[' || op === '{') balance.push(op === '(' ? ')' : op === '[' ? ']' : '}');
    else if (op === ')' || op === ']' || op === '}') {
      const expected = balance.pop();
      if (expected === undefined) throw new TemplateSyntaxError(`unexpected '${op}'`, pos);
      if (expected !== op) throw new TemplateSyntaxError(`unexpected '${op}', expected '${expected}'`, pos);
    }
    tokens.push({ type: 'operator', value: op, pos });
    pos += op.length;
  }
  if (mayEnd) return pos;
  // NOTE: Jinja's lexer ends quietly here; its parser then names what it wanted next.
  if (kind === 'variable') {
    const wanted = wantedAtEnd(tokens[tokens.length - 1]) ?? wantedInOpen(tokens.slice(first));
    if (wanted !== undefined) throw new TemplateSyntaxError(wanted, pos);
  }
  if (balance.length > 0) throw new TemplateSyntaxError(`unexpected end of template, expected '${balance[balance.length - 1]}'.`, pos);
  throw new TemplateSyntaxError(`unexpected end of template, expected ${describeClose(kind)}.`, pos);
}

/** Tokens after which Jinja's parser wants an operand: at the end, an expression is missing. */
const OPERAND_AFTER = new Set(['+', '-', '*', '/', '//', '%', '**', '~', '(', '[', '{', ',', '==', '!=', '<', '>', '<=', '>=', ':']);
const OPERAND_AFTER_WORDS = new Set(['and', 'or', 'not', 'if', 'else', 'in']);

/** What Jinja's parser says when a print statement ends after `last`, unless it wants a closing. */
function wantedAtEnd(last: Token | undefined): string | undefined {
  if (last === undefined || last.type === 'variable_begin') return "unexpected 'end of template'";
  if (last.type === 'operator' && OPERAND_AFTER.has(last.value)) return "unexpected 'end of template'";
  if (last.type === 'operator' && last.value === '|') return "unexpected end of template, expected 'name'.";
  if (last.type === 'operator' && last.value === '.') return 'expected name or number';
  if (last.type === 'name' && OPERAND_AFTER_WORDS.has(last.value)) return "unexpected 'end of template'";
  if (last.type === 'name' && last.value === 'is') return "unexpected end of template, expected 'name'.";
  return undefined;
}

/** Tokens after which `(` is a call (the end of an operand), not a group. */
function endsOperand(t: Token | undefined): boolean {
  if (t === undefined) return false;
  if (t.type === 'operator') return t.value === ')' || t.value === ']' || t.value === '}';
  return t.type !== 'name' || (!OPERAND_AFTER_WORDS.has(t.value) && t.value !== 'is');
}

/**
 * What Jinja's parser wants when the template ends after a whole operand inside an open bracket:
 * the next item's ',' in a list, a subscript, a call's arguments or a dict (':' after a dict key);
 * in a group, its closing (the lexer's own message).
 */
function wantedInOpen(tokens: readonly Token[]): string | undefined {
  const open: { kind: 'items' | 'dict' | 'group'; colon: boolean }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type !== 'operator') continue;
    if (t.value === '(') open.push({ kind: endsOperand(tokens[i - 1]) ? 'items' : 'group', colon: false });
    else if (t.value === '[') open.push({ kind: 'items', colon: false });
    else if (t.value === '{') open.push({ kind: 'dict', colon: false });
    else if (t.value === ')' || t.value === ']' || t.value === '}') open.pop();
    else if (t.value === ':' && open.length > 0) (open[open.length - 1] as { colon: boolean }).colon = true;
    else if (t.value === ',' && open.length > 0) (open[open.length - 1] as { colon: boolean }).colon = false;
  }
  const inner = open[open.length - 1];
  if (inner === undefined) return undefined;
  if (inner.kind === 'items') return "unexpected end of template, expected ','.";
  if (inner.kind === 'dict') return `unexpected end of template, expected '${inner.colon ? ',' : ':'}'.`;
  return undefined;
}

function pyCharRepr(c: string): string {
  return c === "'" ? `"'"` : `'${c}'`;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** How string literals are read: escapes kept as written (`raw`), and the newline sequence. */
interface StringOptions {
  raw: boolean;
  nl: string;
}

/**
 * A Python string literal (Jinja decodes escapes as Python does). NOTE: Jinja first turns the
 * literal's own line breaks (`\r\n`, `\r`, `\n` as characters) into the newline sequence.
 */
function lexString(text: string, start: number, { raw, nl }: StringOptions): [string, number] {
  const quote = text[start];
  let out = '';
  let pos = start + 1;
  while (pos < text.length) {
    const c = text[pos] as string;
    if (c === quote) return [out, pos + 1];
    if (c === '\r' || c === '\n') {
      out += nl;
      pos += c === '\r' && text[pos + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c === '\\') {
      const e = text[pos + 1];
      if (e === undefined) break;
      if (raw) {
        out += c + e;
        pos += 2;
        continue;
      }
      if (e === 'x' || e === 'u' || e === 'U') {
        const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = text.slice(pos + 2, pos + 2 + len);
        out += String.fromCodePoint(parseInt(hex, 16));
        pos += 2 + len;
        continue;
      }
      if (e === '\n' || e === '\r') {
        // A line continuation, whichever line break follows the backslash.
        pos += e === '\r' && text[pos + 2] === '\n' ? 3 : 2;
        continue;
      }
      const simple = SIMPLE_ESCAPES[e];
      if (simple !== undefined) out += simple;
      else out += '\\' + e;
      pos += 2;
      continue;
    }
    out += c;
    pos++;
  }
  throw new TemplateSyntaxError(`unexpected char ${pyCharRepr(quote ?? '')} at ${start}`, start);
}
