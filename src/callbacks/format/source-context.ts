import type { SourceLocation } from '../../core/source-location.js';

/** Reads a source file's text; undefined when it cannot be read. */
export type SourceReader = (file: string) => string | undefined;

const CONTEXT_LINES = 2;
const MAX_LINE_WIDTH = 120;
const TRUNCATION = '...';

/** `Origin: path:line:col`, leaving out what is missing from the right, as ansible's Origin prints. */
export function formatOrigin(loc: SourceLocation): string {
  let text = loc.file;
  if (loc.line > 0) {
    text += `:${loc.line}`;
    if (loc.column > 0) text += `:${loc.column}`;
  }
  return text;
}

/**
 * The source context ansible-core 2.19 prints under an error or warning: `Origin: …`, a blank
 * line, the target line and up to two before it numbered right-aligned, then a `^ column N`
 * marker. A location with column 0 is taken as "no column" and the whole line is underlined.
 */
export function formatSourceContext(loc: SourceLocation, read: SourceReader): string {
  if (loc.untagged !== undefined) return `Origin: <unknown>\n\n${loc.untagged}`;
  if (loc.shown !== undefined) return `Origin: ${formatOrigin(loc)}\n\n${loc.shown}`;
  const lines = annotatedSourceLines(loc, read);
  const head = `Origin: ${formatOrigin(loc)}`;
  return lines.length === 0 ? head : [head, '', ...lines].join('\n');
}

function annotatedSourceLines(loc: SourceLocation, read: SourceReader): string[] {
  const target = loc.line;
  if (!target || target < 1) return [];
  const text = read(loc.file);
  // NOTE: a described origin (`<CLI option '-e'>:1:5`) has no path; 2.19 fails to open None.
  if (text === undefined) return [`(source not shown: ${/^<.*>$/.test(loc.file) ? 'TypeError' : 'FileNotFoundError'})`];
  // NOTE: ansible refuses to show lines of a vault-encrypted file.
  if (text.startsWith('$ANSIBLE_VAULT;')) return ['(source not shown: content encrypted)'];
  const all = splitLines(text);
  const start = Math.max(0, target - 1 - CONTEXT_LINES);
  if (all.length < target) return ['(source not shown: file truncated)'];
  const picked = all.slice(start, target);

  const labelWidth = String(target).length;
  const maxLen = MAX_LINE_WIDTH - labelWidth - 1;
  let usable = maxLen;
  const out: string[] = [];
  picked.forEach((raw, i) => {
    let line = raw.replace(/\t/g, ' ');
    if (line.length > maxLen) {
      line = line.slice(0, maxLen - TRUNCATION.length) + TRUNCATION;
      usable = maxLen - TRUNCATION.length;
    }
    out.push(`${String(start + i + 1).padStart(labelWidth)}${line ? ' ' : ''}${line}`);
  });
  const col = loc.column;
  if (col >= 1 && usable >= col) {
    let marker = `column ${col}`;
    const idx = col - 1;
    marker = idx + 2 + marker.length > maxLen ? `${' '.repeat(Math.max(0, idx - marker.length - 1))}${marker} ^` : `${' '.repeat(idx)}^ ${marker}`;
    out.push(`${' '.repeat(labelWidth)} ${marker}`);
  } else if (col <= 0) {
    const last = out[out.length - 1] ?? '';
    out.push(`${' '.repeat(labelWidth)} ${'^'.repeat(Math.max(0, last.length - labelWidth - 1))}`);
  }
  return out;
}

/** Python's universal-newline line split, without the line ends. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
