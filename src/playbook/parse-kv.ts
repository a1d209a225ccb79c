/**
 * ansible's `parse_kv`: `k=v` module argument text to a dict. Words without `=` (and, for the
 * free-form modules, every `k=v` but a few known options) become `_raw_params`.
 */
import type { DataDict } from '../core/data.js';
import { joinArgs, splitArgs } from './split-args.js';

/** Options the free-form modules (command, shell …) still take as `k=v`. */
const FREE_FORM_OPTIONS = new Set(['creates', 'removes', 'chdir', 'executable', 'warn', 'stdin', 'stdin_add_newline', 'strip_empty_ends']);

const ESCAPES = /\\U[a-fA-F0-9]{8}|\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}|\\[\\'"abfnrtv]/g;
const SIMPLE: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** Python escape sequences in the text decoded (`\n`, `\u00e9` …), others left alone. */
function decodeEscapes(text: string): string {
  return text.replace(ESCAPES, (seq) => {
    const kind = seq[1] ?? '';
    if (kind === 'U' || kind === 'u' || kind === 'x') return String.fromCodePoint(parseInt(seq.slice(2), 16));
    return SIMPLE[kind] ?? seq;
  });
}

/** Strips one pair of matching outer quotes (not when the closing one is escaped). */
export function unquote(text: string): string {
  const first = text[0];
  const quoted = text.length > 1 && (first === '"' || first === "'") && text[text.length - 1] === first && text[text.length - 2] !== '\\';
  return quoted ? text.slice(1, -1) : text;
}

export function parseKv(args: string | null, checkRaw = false): DataDict {
  const options: DataDict = new Map();
  if (args === null) return options;
  const raw: string[] = [];
  for (const original of splitArgs(args)) {
    const token = original.includes('\\') ? decodeEscapes(original) : original;
    if (!token.includes('=')) {
      raw.push(original);
      continue;
    }
    // NOTE: the search starts at index 1, so a token starting with `=` has no key; `\=` is no separator.
    let pos = token.indexOf('=', 1);
    while (pos > 0 && token[pos - 1] === '\\') pos = token.indexOf('=', pos + 1);
    if (pos < 0) {
      raw.push(token.replace(/\\=/g, '='));
      continue;
    }
    const key = token.slice(0, pos);
    if (checkRaw && !FREE_FORM_OPTIONS.has(key)) raw.push(original);
    else options.set(key.trim(), unquote(token.slice(pos + 1).trim()));
  }
  if (raw.length > 0) options.set('_raw_params', joinArgs(raw));
  return options;
}
