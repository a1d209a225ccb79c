/**
 * Where libyaml's plain-scalar scanner stops, to place its errors as it does. A plain scalar runs
 * on over following lines indented deeper than its block, and stops at `: ` (a value indicator)
 * or ` #` (a comment).
 */

export interface PlainScalarEnd {
  /** Offset of the `:` that ended the scalar, when one did. */
  readonly colon?: number;
  /** Offset of the next token after the scalar (or the end of the text). */
  readonly next: number;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

export function scanPlainScalar(text: string, start: number, blockIndent: number): PlainScalarEnd {
  let at = start;
  while (at < text.length) {
    const ch = text[at];
    if (ch === ':' && (at + 1 >= text.length || ' \t\r\n'.includes(text[at + 1] ?? ''))) return { colon: at, next: at };
    if (ch === '#' && at > 0 && ' \t'.includes(text[at - 1] ?? '')) return { next: nextToken(text, at) };
    if (ch !== '\n') {
      at++;
      continue;
    }
    // End of a line: continue on the next non-blank line if it is indented deeper than the block.
    let lineStart = at + 1;
    for (;;) {
      const end = text.indexOf('\n', lineStart);
      const line = text.slice(lineStart, end < 0 ? text.length : end);
      if (line.trim() !== '' || end < 0) break;
      lineStart = end + 1;
    }
    const end = text.indexOf('\n', lineStart);
    const line = text.slice(lineStart, end < 0 ? text.length : end);
    const content = line.trimStart();
    if (content === '' || indentOf(line) <= blockIndent || content.startsWith('#') || /^(---|\.\.\.)(\s|$)/.test(line)) {
      return { next: nextToken(text, at) };
    }
    at = lineStart + indentOf(line);
  }
  return { next: text.length };
}

/** The next token from `offset`: whitespace, line breaks and comments skipped. */
export function nextToken(text: string, offset: number): number {
  let at = offset;
  while (at < text.length) {
    const ch = text[at] ?? '';
    if (' \t\r\n'.includes(ch)) at++;
    else if (ch === '#') {
      const eol = text.indexOf('\n', at);
      at = eol < 0 ? text.length : eol;
    } else break;
  }
  return at;
}

/** Where a line's content starts, past its indentation and any `- ` sequence indicators. */
export function contentIndent(line: string): number {
  return /^[ ]*(?:-[ ]+)*/.exec(line)?.[0].length ?? 0;
}

/** Content indent of the nearest line before `offset`'s line that holds something other than a comment. */
export function previousContentIndent(text: string, offset: number): number | undefined {
  let lineEnd = offset > 0 ? text.lastIndexOf('\n', offset - 1) : -1;
  while (lineEnd >= 0) {
    // NOTE: lastIndexOf treats a negative start as 0, so the first line is handled apart.
    const lineStart = lineEnd === 0 ? 0 : text.lastIndexOf('\n', lineEnd - 1) + 1;
    const line = text.slice(lineStart, lineEnd);
    const content = line.trim();
    if (content !== '' && !content.startsWith('#')) return contentIndent(line);
    lineEnd = lineStart - 1;
  }
  return undefined;
}
