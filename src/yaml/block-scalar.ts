/**
 * A literal (`|`) or folded (`>`) block scalar's text as libyaml scans it. The `yaml` package
 * ends a block scalar before its trailing lines that hold only spaces, even where they are
 * indented deeper than the scalar and so are content (` ` in `|2`) or kept by `+`; libyaml keeps
 * them. This reads the scalar again from its header, libyaml's way.
 */

/**
 * The text of the block scalar whose header (`|` or `>`) is at `header`, in a block collection
 * whose indentation is `parentIndent` (-1 at a document's top).
 */
export function blockScalarText(text: string, header: number, parentIndent: number): string {
  const folded = text[header] === '>';
  let at = header + 1;
  let chomping: '+' | '-' | '' = '';
  let increment = 0;
  // The header's chomping and indentation indicators, either way round (`|2-`, `|-2`).
  for (let i = 0; i < 2; i++) {
    const c = text[at] ?? '';
    if (chomping === '' && (c === '+' || c === '-')) chomping = c;
    else if (increment === 0 && c >= '1' && c <= '9') increment = Number(c);
    else break;
    at++;
  }
  // The rest of the header line (blanks and a comment) holds no text.
  const headerEnd = text.indexOf('\n', at);
  if (headerEnd < 0) return '';
  at = headerEnd + 1;

  // NOTE: libyaml adds an explicit indentation to the parent's, and to none (not -1) at the top.
  let indent = increment === 0 ? 0 : parentIndent >= 0 ? parentIndent + increment : increment;
  let out = '';
  let leadingBreak = '';
  let trailingBreaks = '';
  let leadingBlank = false;

  /** The empty lines from `at` on: each spaces up to the indentation and a line break. */
  const scanBreaks = (): void => {
    let maxIndent = 0;
    for (;;) {
      const lineStart = at;
      while ((indent === 0 || at - lineStart < indent) && text[at] === ' ') at++;
      maxIndent = Math.max(maxIndent, at - lineStart);
      const brk = lineBreakLength(text, at);
      if (brk === 0) break;
      trailingBreaks += '\n';
      at += brk;
    }
    // NOTE: without an indicator the indentation is the deepest of the leading empty lines and
    // the first content line, at least one more than the parent's.
    if (indent === 0) indent = Math.max(maxIndent, parentIndent + 1, 1);
  };

  scanBreaks();
  while (at < text.length && column(text, at) === indent) {
    const trailingBlank = isBlank(text[at]);
    if (folded && leadingBreak === '\n' && !leadingBlank && !trailingBlank) {
      if (trailingBreaks === '') out += ' ';
    } else out += leadingBreak;
    leadingBreak = '';
    out += trailingBreaks;
    trailingBreaks = '';
    leadingBlank = trailingBlank;
    let end = at;
    while (end < text.length && lineBreakLength(text, end) === 0) end++;
    out += text.slice(at, end);
    at = end;
    const brk = lineBreakLength(text, at);
    if (brk > 0) leadingBreak = '\n';
    at += brk;
    scanBreaks();
  }
  if (chomping !== '-') out += leadingBreak;
  if (chomping === '+') out += trailingBreaks;
  return out;
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

function lineBreakLength(text: string, at: number): number {
  if (text[at] === '\n') return 1;
  if (text[at] === '\r') return text[at + 1] === '\n' ? 2 : 1;
  return 0;
}

function column(text: string, at: number): number {
  return at - (text.lastIndexOf('\n', at - 1) + 1);
}

/**
 * What libyaml's scanner says of the block scalar header at `header`, and where: one digit 1-9
 * and one chomping indicator in either order, then blanks and a comment to the line's end.
 */
export function blockScalarHeaderProblem(text: string, header: number): { problem: string; offset: number } | undefined {
  let at = header + 1;
  const chompingFirst = text[at] === '+' || text[at] === '-';
  if (chompingFirst) at++;
  if (text[at] === '0') return { problem: 'found an indentation indicator equal to 0', offset: at };
  if (/[1-9]/.test(text[at] ?? '')) {
    at++;
    if (!chompingFirst && (text[at] === '+' || text[at] === '-')) at++;
  }
  while (isBlank(text[at])) at++;
  if (text[at] === '#') return undefined;
  return at >= text.length || lineBreakLength(text, at) > 0 ? undefined : { problem: 'did not find expected comment or line break', offset: at };
}
