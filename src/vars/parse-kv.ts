/**
 * ansible's `parse_kv` and `split_args`: `k=v` strings as `-e`, free-form module args and
 * include parameters write them. Quotes and Jinja blocks keep spaces inside one argument.
 */
import type { DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';

/** Options the command/shell family keep as options in free-form text (ansible's list). */
const RAW_OPTIONS = new Set(['creates', 'removes', 'chdir', 'executable', 'warn', 'stdin', 'stdin_add_newline', 'strip_empty_ends']);

export function parseKv(args: string, checkRaw = false): DataDict {
  const options: DataDict = new Map();
  const rawParams: string[] = [];
  for (const original of splitArgs(args)) {
    const x = decodeEscapes(original);
    if (!x.includes('=')) {
      rawParams.push(original);
      continue;
    }
    let pos = 0;
    let found = -1;
    for (;;) {
      pos = x.indexOf('=', pos + 1);
      if (pos < 0) break;
      if (pos > 0 && x[pos - 1] !== '\\') {
        found = pos;
        break;
      }
    }
    if (found < 0) {
      rawParams.push(x.replace(/\\=/g, '='));
      continue;
    }
    const k = x.slice(0, found);
    const v = x.slice(found + 1);
    if (checkRaw && !RAW_OPTIONS.has(k)) rawParams.push(original);
    else options.set(k.trim(), unquote(v.trim()));
  }
  if (rawParams.length > 0) options.set('_raw_params', joinArgs(rawParams));
  return options;
}

/** Removes one level of matching quotes, unless the closing quote is escaped. */
export function unquote(data: string): string {
  if (data.length >= 2 && data[0] === data[data.length - 1] && (data[0] === '"' || data[0] === "'") && data[data.length - 2] !== '\\') {
    return data.slice(1, -1);
  }
  return data;
}

const ESCAPE_RE = /\\U[a-fA-F0-9]{8}|\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}|\\N\{[^}]+\}|\\[\\'"abfnrtv]/g;
const SIMPLE: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function decodeEscapes(s: string): string {
  return s.replace(ESCAPE_RE, (m) => {
    const kind = m[1] as string;
    if (kind === 'U' || kind === 'u' || kind === 'x') return String.fromCodePoint(Number.parseInt(m.slice(2), 16));
    if (kind === 'N') return m; // Unicode names are not resolved here.
    return SIMPLE[kind] ?? m;
  });
}

function joinArgs(parts: readonly string[]): string {
  let result = '';
  for (const p of parts) result += result.length === 0 || result.endsWith('\n') ? p : ' ' + p;
  return result;
}

function quoteState(token: string, quoteChar: string | undefined): string | undefined {
  let prev: string | undefined;
  for (let i = 0; i < token.length; i++) {
    const c = token[i] as string;
    if (i > 0) prev = token[i - 1];
    if ((c === '"' || c === "'") && prev !== '\\') {
      if (quoteChar) {
        if (c === quoteChar) quoteChar = undefined;
      } else quoteChar = c;
    }
  }
  return quoteChar;
}

function countBlocks(token: string, depth: number, open: string, close: string): number {
  const opens = token.split(open).length - 1;
  const closes = token.split(close).length - 1;
  if (opens !== closes) depth = Math.max(0, depth + opens - closes);
  return depth;
}

/** ansible's split_args: whitespace-separated, but quotes and `{{ }}`/`{% %}`/`{# #}` hold together. */
export function splitArgs(args: string): string[] {
  if (!args) return [];
  const params: string[] = [];
  const items = args.split('\n');
  let quoteChar: string | undefined;
  let insideQuotes = false;
  let printDepth = 0;
  let blockDepth = 0;
  let commentDepth = 0;
  const appendLast = (text: string): void => {
    params[params.length - 1] = (params[params.length - 1] ?? '') + text;
  };
  items.forEach((item, itemIdx) => {
    const tokens = item.split(' ');
    let lineContinuation = false;
    tokens.forEach((token, idx) => {
      if (token.length === 0 && idx !== 0) {
        if (params.length === 0) params.push('');
        appendLast(' ');
        return;
      }
      if (token === '\\' && !insideQuotes) {
        lineContinuation = true;
        return;
      }
      const wasInsideQuotes = insideQuotes;
      quoteChar = quoteState(token, quoteChar);
      insideQuotes = quoteChar !== undefined;
      let appended = false;
      const inBlock = printDepth > 0 || blockDepth > 0 || commentDepth > 0;
      if (insideQuotes && !wasInsideQuotes && !inBlock) {
        params.push(token);
        appended = true;
      } else if (inBlock || insideQuotes || wasInsideQuotes) {
        if (idx === 0 && wasInsideQuotes) appendLast(token);
        else appendLast((idx > 0 ? ' ' : '') + token);
        appended = true;
      }
      const prevPrint = printDepth;
      printDepth = countBlocks(token, printDepth, '{{', '}}');
      if (printDepth !== prevPrint && !appended) {
        params.push(token);
        appended = true;
      }
      const prevBlock = blockDepth;
      blockDepth = countBlocks(token, blockDepth, '{%', '%}');
      if (blockDepth !== prevBlock && !appended) {
        params.push(token);
        appended = true;
      }
      const prevComment = commentDepth;
      commentDepth = countBlocks(token, commentDepth, '{#', '#}');
      if (commentDepth !== prevComment && !appended) {
        params.push(token);
        appended = true;
      }
      if (!(printDepth || blockDepth || commentDepth) && !insideQuotes && !appended && token !== '') params.push(token);
    });
    if (items.length > 1 && itemIdx !== items.length - 1 && !lineContinuation) {
      if (params.length === 0) params.push('');
      appendLast('\n');
    }
  });
  if (printDepth || blockDepth || commentDepth || insideQuotes) {
    throw new ParseError('split-args', `failed at splitting arguments, either an unbalanced jinja2 block or quotes: ${args}`);
  }
  return params;
}
