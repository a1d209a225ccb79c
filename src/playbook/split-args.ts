/**
 * ansible's `split_args`: splits module argument text on spaces, but keeps together what quotes
 * or Jinja2 blocks (`{{ }}`, `{% %}`, `{# #}`) span, and keeps newlines and runs of spaces.
 */
import { ParseError } from '../core/errors.js';

/** The quote still open after `token`, given the one open before it (a backslash escapes). */
function quoteAfter(token: string, open: string | undefined): string | undefined {
  let quote = open;
  for (let i = 0; i < token.length; i++) {
    const ch = token[i];
    if ((ch === '"' || ch === "'") && (i === 0 || token[i - 1] !== '\\')) {
      if (quote === undefined) quote = ch;
      else if (ch === quote) quote = undefined;
    }
  }
  return quote;
}

function count(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Depth of a Jinja2 block kind after `token`; never below zero. */
function depthAfter(token: string, depth: number, open: string, close: string): number {
  const opened = count(token, open);
  const closed = count(token, close);
  if (opened === closed) return depth;
  return Math.max(0, depth + opened - closed);
}

const JINJA_BLOCKS = [
  ['{{', '}}'],
  ['{%', '%}'],
  ['{#', '#}'],
] as const;

/** Words separated by single spaces, with nothing that quotes, escapes, nests or breaks lines. */
const PLAIN_WORDS = /^[^\s"'\\{}%#]+(?: [^\s"'\\{}%#]+)*$/;

export function splitArgs(args: string): string[] {
  if (args === '') return [];
  // The usual `command: echo hi` / `src=a dest=b`: every word is a param, as the loop below finds.
  if (PLAIN_WORDS.test(args)) return args.split(' ');
  const params: string[] = [];
  const appendToLast = (text: string): void => {
    if (params.length === 0) params.push('');
    params[params.length - 1] += text;
  };
  const lines = args.split('\n');
  let quote: string | undefined;
  let insideQuotes = false;
  let printDepth = 0;
  let blockDepth = 0;
  let commentDepth = 0;
  lines.forEach((line, lineIndex) => {
    const tokens = line.split(' ');
    let continuation = false;
    tokens.forEach((token, index) => {
      // NOTE: an empty token is a doubled space; ansible keeps it on the previous param.
      if (token === '' && index !== 0) {
        appendToLast(' ');
        return;
      }
      if (token === '\\' && !insideQuotes) {
        continuation = true;
        return;
      }
      const wasInsideQuotes = insideQuotes;
      quote = quoteAfter(token, quote);
      insideQuotes = quote !== undefined;
      const inJinja = (): boolean => printDepth > 0 || blockDepth > 0 || commentDepth > 0;
      let appended = false;
      if (insideQuotes && !wasInsideQuotes && !inJinja()) {
        params.push(token);
        appended = true;
      } else if (inJinja() || insideQuotes || wasInsideQuotes) {
        if (index === 0 && wasInsideQuotes) appendToLast(token);
        else appendToLast(`${index > 0 ? ' ' : ''}${token}`);
        appended = true;
      }
      for (const [open, close] of JINJA_BLOCKS) {
        const before = open === '{{' ? printDepth : open === '{%' ? blockDepth : commentDepth;
        const after = depthAfter(token, before, open, close);
        if (open === '{{') printDepth = after;
        else if (open === '{%') blockDepth = after;
        else commentDepth = after;
        if (after !== before && !appended) {
          params.push(token);
          appended = true;
        }
      }
      if (!inJinja() && !insideQuotes && !appended && token !== '') params.push(token);
    });
    if (lines.length > 1 && lineIndex !== lines.length - 1 && !continuation) appendToLast('\n');
  });
  if (printDepth > 0 || blockDepth > 0 || commentDepth > 0 || insideQuotes) {
    throw new ParseError('SPLIT_ARGS', `failed at splitting arguments, either an unbalanced jinja2 block or quotes: ${args}`);
  }
  return params;
}

/** ansible's `join_args`: the inverse, keeping newlines. */
export function joinArgs(parts: readonly string[]): string {
  let out = '';
  for (const part of parts) out += out === '' || out.endsWith('\n') ? part : ` ${part}`;
  return out;
}
