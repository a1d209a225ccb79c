/**
 * For tests: ansible-core 2.19's layout of an error or warning block on stderr (header, origin,
 * two lines of context with a caret line, then the hint), so recorded stderr can be compared
 * with what an error object carries. The real formatter lives in callbacks/format.
 */
import type { SourceLocation } from '../../core/source-location.js';

function codeFrame(text: string, loc: SourceLocation): string {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  if (loc.line > lines.length) return '(source not shown: file truncated)';
  const width = String(loc.line).length;
  const out: string[] = [];
  for (let n = Math.max(1, loc.line - 2); n <= loc.line; n++) {
    const line = (lines[n - 1] ?? '').replace(/\t/g, ' ');
    out.push(`${String(n).padStart(width)}${line === '' ? '' : ' '}${line}`);
  }
  out.push(`${' '.repeat(width)} ${' '.repeat(loc.column - 1)}^ column ${loc.column}`);
  return out.join('\n');
}

export function errorBlock(level: 'ERROR' | 'WARNING' | 'DEPRECATION WARNING', message: string, loc: SourceLocation | undefined, hint: string | undefined, text: string): string {
  if (loc === undefined) return `[${level}]: ${message}\n`;
  const origin = `Origin: ${loc.file}:${loc.line}:${loc.column}`;
  // NOTE: Ansible's error hints end with a newline of their own; the warning's does not, and
  // the block still ends with a blank line.
  const tail = hint === undefined ? '' : hint.endsWith('\n') ? `\n${hint}` : `\n${hint}\n`;
  return `[${level}]: ${message}\n${origin}\n\n${codeFrame(text, loc)}\n${tail}\n`;
}
