/**
 * A fast path for the YAML most playbooks are written in: one document of block mappings and
 * sequences holding one-line plain or quoted scalars, in printable ASCII. It builds the same
 * located nodes `loadYaml`'s full path builds, about ten times faster, and returns undefined for
 * anything else (anchors, tags, flow collections, block or multi-line scalars, duplicate keys,
 * errors …), which the full path then reads as PyYAML would. `simple-block-yaml.test.ts` checks
 * that both paths agree on every YAML file of the repository.
 */
import { isJsonText } from './json-text.js';
import type { YamlMap, YamlNode, YamlPair, YamlScalar, YamlSeq } from './node.js';
import { constructScalar, resolvePlainTag, type ScalarTag } from './pyyaml-scalar.js';

interface Line {
  /** 0-based line number. */
  readonly no: number;
  readonly text: string;
  readonly indent: number;
}

/** Characters that end a plain scalar inside a flow collection (`:` and `#` send the text to the full path). */
const FLOW_PLAIN_END = new Set([',', '[', ']', '{', '}', ':', '#']);

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 32) i++;
  return i;
}

/** Thrown inside the fast path when the text needs the full parser. */
const NOT_SIMPLE = new Error('not simple block YAML');

/** Printable ASCII and newlines only; a document marker (`---`, `...`) or directive anywhere but a leading `---` sends the text to the full path. */
const UNSUPPORTED_TEXT = /[^\n\x20-\x7e]|^(?:\.\.\.|%)|\n(?:---|\.\.\.|%)/;

/** Characters that cannot start a plain scalar, or make it something else (PyYAML's indicators). */
const PLAIN_START_FORBIDDEN = new Set(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']);

/** Whether a line is longer than `max` characters (a regex for it rescans each line from every character). */
function hasLineLongerThan(text: string, max: number): boolean {
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start > max) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

export function loadSimpleBlockYaml(text: string, file: string): YamlNode | undefined {
  // NOTE: a line past libyaml's 1024-character simple key limit goes to the full path, which checks keys.
  if (UNSUPPORTED_TEXT.test(text) || hasLineLongerThan(text, 1024) || isJsonText(text)) return undefined;
  const lines = contentLines(text);
  if (lines === undefined || lines.length === 0) return undefined;
  try {
    const reader = new BlockReader(text, lines, file);
    const first = lines[0] as Line;
    const root = reader.node(first.indent, -1);
    if (reader.at < lines.length) return undefined;
    return root;
  } catch (error) {
    if (error === NOT_SIMPLE) return undefined;
    throw error;
  }
}

/** Lines that hold content (not blank, not only a comment); undefined when the text starts in a way the fast path leaves alone. */
function contentLines(text: string): Line[] | undefined {
  const out: Line[] = [];
  for (let no = 0, start = 0; start <= text.length; no++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    let indent = 0;
    while (line.charCodeAt(indent) === 32) indent++;
    if (indent === line.length || line.charCodeAt(indent) === 35 /* # */) continue;
    if (line.startsWith('---')) {
      // Only a bare `---` before any content: the document's explicit start.
      if (out.length > 0 || line !== '---') return undefined;
      continue;
    }
    out.push({ no, text: line, indent });
  }
  return out;
}

function fail(): never {
  throw NOT_SIMPLE;
}

/** Where a `key:` that starts at `from` ends (the colon's index), or -1 when the text there is not a mapping entry. */
function keyEnd(text: string, from: number): number {
  const comment = text.indexOf(' #', from);
  for (let i = text.indexOf(':', from); i >= 0; i = text.indexOf(':', i + 1)) {
    if (comment >= 0 && comment < i) return -1;
    if (i + 1 === text.length || text.charCodeAt(i + 1) === 32) return i;
  }
  return -1;
}

/** The text of a plain scalar, up to a comment; undefined when it is not a one-line plain scalar. */
function plainText(rest: string): string | undefined {
  const first = rest[0] as string;
  if (PLAIN_START_FORBIDDEN.has(first)) {
    // `-1`, `-x`: a dash not followed by a space starts a plain scalar.
    if (first !== '-' || rest.length < 2 || rest[1] === ' ') return undefined;
  }
  let end = rest.length;
  const comment = rest.indexOf(' #');
  if (comment >= 0) end = comment;
  const text = rest.slice(0, end).trimEnd();
  if (text.includes(': ') || text.endsWith(':')) return undefined;
  return text;
}

class BlockReader {
  /** Index of the next unread line. */
  at = 0;
  /** Every line of the text, for block scalars (made when the first one is met). */
  private raw: string[] | undefined;

  constructor(
    private readonly text: string,
    private readonly lines: readonly Line[],
    private readonly file: string,
  ) {}

  private line(index: number): Line | undefined {
    return this.lines[index];
  }

  /** The block node starting at column `col` of the current line, inside a parent at column `parent`. */
  node(col: number, parent: number): YamlNode {
    const line = this.line(this.at) ?? fail();
    const text = line.text;
    const first = text[col];
    if (first === '-' && (text.length === col + 1 || text[col + 1] === ' ')) return this.sequence(col);
    if (first !== "'" && first !== '"' && first !== '[' && first !== '{' && keyEnd(text, col) >= 0) return this.mapping(col);
    const scalar = this.inline(line, col, parent);
    const next = this.line(this.at);
    if (next !== undefined && next.indent > parent) fail();
    return scalar;
  }

  private sequence(col: number): YamlSeq {
    const first = this.line(this.at) as Line;
    const items: YamlNode[] = [];
    for (;;) {
      const line = this.line(this.at) as Line;
      let itemCol = col + 1;
      while (line.text.charCodeAt(itemCol) === 32) itemCol++;
      // An item on the following lines (`-` alone) is rare: the full path reads it.
      if (itemCol >= line.text.length || line.text.charCodeAt(itemCol) === 35) fail();
      items.push(this.node(itemCol, col));
      const next = this.line(this.at);
      if (next === undefined || next.indent < col) break;
      if (next.indent > col) fail();
      if (next.text[col] !== '-' || (next.text.length > col + 1 && next.text[col + 1] !== ' ')) break;
    }
    return { kind: 'seq', items, loc: this.loc(first, col) };
  }

  private mapping(col: number): YamlMap {
    const first = this.line(this.at) as Line;
    const pairs: YamlPair[] = [];
    for (;;) {
      const line = this.line(this.at) as Line;
      const first = line.text[col];
      const keyStop = keyEnd(line.text, col);
      if (keyStop <= col || first === "'" || first === '"') fail();
      const colon = keyStop - col;
      // keyEnd saw no ': ' and no ' #' before the colon; the rest of a plain key's rules:
      const last = line.text.charCodeAt(keyStop - 1);
      if (PLAIN_START_FORBIDDEN.has(first as string) || last === 32 || last === 58 || colon > 1000) fail();
      const key = this.scalar(line.text.slice(col, keyStop), 'plain', line, col);
      // Only str keys: Python's 1 == 1.0 == True and `<<` merges are the full path's.
      if (typeof key.value !== 'string' || key.value === '<<') fail();
      for (const pair of pairs) if ((pair.key as YamlScalar).value === key.value) fail();
      let valueCol = col + colon + 1;
      while (line.text.charCodeAt(valueCol) === 32) valueCol++;
      let value: YamlNode;
      if (valueCol < line.text.length && line.text.charCodeAt(valueCol) !== 35) {
        const start = line.text[valueCol];
        if (start === '-' && (line.text.length === valueCol + 1 || line.text[valueCol + 1] === ' ')) fail();
        if (start !== "'" && start !== '"' && start !== '[' && start !== '{' && keyEnd(line.text, valueCol) >= 0) fail();
        value = this.inline(line, valueCol, col);
      } else {
        this.at++;
        const next = this.line(this.at);
        const isItem = next !== undefined && next.text[next.indent] === '-' && (next.text.length === next.indent + 1 || next.text[next.indent + 1] === ' ');
        if (next !== undefined && (next.indent > col || (next.indent === col && isItem))) value = this.node(next.indent, col);
        else value = { kind: 'scalar', value: null, loc: this.loc(line, col + colon + 1), style: 'plain' };
      }
      pairs.push({ key, value });
      const next = this.line(this.at);
      if (next === undefined || next.indent < col) break;
      if (next.indent > col) fail();
      if (next.text[col] === '-') {
        // A sequence at the mapping's own column ends it only when it is an enclosing sequence's next item.
        break;
      }
    }
    return { kind: 'map', pairs, loc: this.loc(first, col) };
  }

  /**
   * A node that starts on this line at `col` and is not a block collection: a scalar, a flow
   * collection or a block scalar (`|`, `>`) inside a parent at column `parent`. Moves past it.
   */
  private inline(line: Line, col: number, parent: number): YamlNode {
    const first = line.text[col];
    if (first === '|' || first === '>') return this.blockScalar(line, col, parent);
    this.at++;
    if (first !== '[' && first !== '{') return this.inlineScalar(line, col);
    const [node, end] = this.flowNode(line, col);
    let at = end;
    while (line.text.charCodeAt(at) === 32) at++;
    if (at < line.text.length && !(line.text[at] === '#' && at > end)) fail();
    return node;
  }

  /**
   * A node inside a one-line flow collection, and where it ends: `[…]`, `{key: …}` with plain
   * str keys, a quoted scalar without escapes, or a plain scalar without `:` or `#` (PyYAML
   * rejects `:` in a flow plain scalar where the `yaml` package does not).
   */
  private flowNode(line: Line, col: number): [YamlNode, number] {
    const text = line.text;
    const c = text[col];
    if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      const items: YamlNode[] = [];
      const pairs: YamlPair[] = [];
      let i = skipSpaces(text, col + 1);
      while (text[i] !== close) {
        i = skipSpaces(text, c === '[' ? this.flowItem(line, i, items) : this.flowPair(line, i, pairs));
        if (text[i] === close) break;
        if (text[i] !== ',') fail();
        i = skipSpaces(text, i + 1);
        // A trailing comma or an empty entry is the full path's.
        if (text[i] === close || text[i] === ',') fail();
      }
      const loc = this.loc(line, col);
      return [c === '[' ? { kind: 'seq', items, loc } : { kind: 'map', pairs, loc }, i + 1];
    }
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, col + 1);
      if (close < 0 || text[close + 1] === c) fail();
      const value = text.slice(col + 1, close);
      if (c === '"' && value.includes('\\')) fail();
      return [{ kind: 'scalar', value, loc: this.loc(line, col), style: c === "'" ? 'single' : 'double' }, close + 1];
    }
    if (c === undefined || PLAIN_START_FORBIDDEN.has(c)) fail();
    let end = col;
    while (end < text.length && !FLOW_PLAIN_END.has(text[end] as string)) end++;
    const plain = text.slice(col, end).trimEnd();
    if (plain.includes(':') || plain.includes('#')) fail();
    return [this.scalar(plain, 'plain', line, col), col + plain.length];
  }

  /** Reads a flow sequence's item at `col` into `items`; returns where it ends. */
  private flowItem(line: Line, col: number, items: YamlNode[]): number {
    const [item, end] = this.flowNode(line, col);
    items.push(item);
    return end;
  }

  /** Reads a flow mapping's `key: value` at `col` into `pairs` (plain str keys only); returns where it ends. */
  private flowPair(line: Line, col: number, pairs: YamlPair[]): number {
    const text = line.text;
    const [key, keyEnd] = this.flowNode(line, col);
    if (key.kind !== 'scalar' || key.style !== 'plain' || typeof key.value !== 'string' || key.value === '<<') fail();
    for (const pair of pairs) if ((pair.key as YamlScalar).value === key.value) fail();
    if (text[keyEnd] !== ':' || text[keyEnd + 1] !== ' ') fail();
    const [value, end] = this.flowNode(line, skipSpaces(text, keyEnd + 1));
    pairs.push({ key, value });
    return end;
  }

  /** A one-line scalar starting at `col`: plain, 'single' or "double" quoted (simple escapes only). */
  private inlineScalar(line: Line, col: number): YamlScalar {
    const rest = line.text.slice(col);
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      const close = rest.indexOf(quote, 1);
      if (close > 0 && rest[close + 1] !== quote && (quote === "'" || !rest.includes('\\'))) {
        // The usual case: no escape inside.
        return this.quotedEnd(rest.slice(1, close), quote, rest, close, line, col);
      }
      let value = '';
      let i = 1;
      for (;;) {
        if (i >= rest.length) fail();
        const c = rest[i] as string;
        if (c === quote) {
          if (quote === "'" && rest[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          break;
        }
        if (c === '\\' && quote === '"') {
          const escaped = DOUBLE_QUOTED_ESCAPES[rest[i + 1] ?? ''];
          if (escaped === undefined) fail();
          value += escaped;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      return this.quotedEnd(value, quote, rest, i, line, col);
    }
    const text = plainText(rest);
    if (text === undefined || text === '') fail();
    return this.scalar(text, 'plain', line, col);
  }

  /**
   * A literal (`|`) or folded (`>`) block scalar, clipped or stripped (`-`), with its indentation
   * taken from its first line. Leading blank lines, `+`, an indentation digit, more-indented
   * folded lines and a last line without a newline are the full path's.
   */
  private blockScalar(line: Line, col: number, parent: number): YamlScalar {
    const header = line.text;
    let i = col + 1;
    const strip = header[i] === '-';
    if (strip) i++;
    const after = skipSpaces(header, i);
    if (after < header.length && !(header[after] === '#' && after > i)) fail();
    this.raw ??= this.text.split('\n');
    const raw = this.raw;
    // With a final newline, split() leaves an empty last element that is no line.
    const limit = this.text.endsWith('\n') ? raw.length - 1 : raw.length;
    const body: string[] = [];
    let blanks = 0;
    let indent = -1;
    let r = line.no + 1;
    for (; r < limit; r++) {
      const text = raw[r] as string;
      let spaces = 0;
      while (text.charCodeAt(spaces) === 32) spaces++;
      if (spaces === text.length) {
        if (indent < 0 || spaces > indent) fail();
        blanks++;
        continue;
      }
      if (indent < 0) {
        if (spaces <= parent) fail();
        indent = spaces;
      } else if (spaces < indent) break;
      const content = text.slice(indent);
      if (header[col] === '>') {
        if (content.charCodeAt(0) === 32) fail();
        body.push(body.length === 0 ? content : blanks === 0 ? ` ${content}` : `${'\n'.repeat(blanks)}${content}`);
      } else {
        body.push(body.length === 0 ? content : `${'\n'.repeat(blanks + 1)}${content}`);
      }
      blanks = 0;
    }
    if (indent < 0 || (r === limit && limit === raw.length)) fail();
    while (this.at < this.lines.length && (this.lines[this.at] as Line).no < r) this.at++;
    const value = body.join('') + (strip ? '' : '\n');
    return { kind: 'scalar', value, loc: this.loc(line, col), style: 'block' };
  }

  /** A quoted scalar whose closing quote is at `close`: only a comment may follow it. */
  private quotedEnd(value: string, quote: string, rest: string, close: number, line: Line, col: number): YamlScalar {
    if (close + 1 < rest.length) {
      const after = rest.slice(close + 1);
      const trimmed = after.trimStart();
      if (trimmed !== '' && !(trimmed.startsWith('#') && trimmed.length < after.length)) fail();
    }
    return { kind: 'scalar', value, loc: this.loc(line, col), style: quote === "'" ? 'single' : 'double' };
  }

  private scalar(text: string, style: 'plain' | 'single' | 'double', line: Line, col: number): YamlScalar {
    const tag: ScalarTag = style === 'plain' ? resolvePlainTag(text) : 'str';
    if (tag === 'merge' || tag === 'value') fail();
    let resolved;
    try {
      resolved = constructScalar(tag, text);
    } catch {
      fail();
    }
    return { kind: 'scalar', value: resolved.value, loc: this.loc(line, col), style };
  }

  private loc(line: Line, col: number): { file: string; line: number; column: number } {
    return { file: this.file, line: line.no + 1, column: col + 1 };
  }
}

/** The escapes of a double-quoted scalar the fast path decodes; any other goes to the full path. */
const DOUBLE_QUOTED_ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', t: '\t' };
