/**
 * Python's textwrap.wrap with `expand_tabs` and `replace_whitespace` off (argparse hands it text
 * whose whitespace is already single spaces; Jinja's `wordwrap` asks for them off), with
 * `drop_whitespace` on and no indents. Lengths and cuts count code points, as Python's do.
 */
export interface WrapOptions {
  /** Cut a word longer than the line (`break_long_words`, default on). */
  breakLongWords?: boolean;
  /** Break after a hyphen inside a word, and cut long words after one (`break_on_hyphens`, default on). */
  breakOnHyphens?: boolean;
}

// NOTE: textwrap's whitespace is ASCII's six; Python's `\w` is letters, numbers and '_' (no
// combining marks), and its `letter` is a `\w` that is not a decimal digit.
const WS = '[\\t\\n\\x0b\\x0c\\r ]';
const NWS = '[^\\t\\n\\x0b\\x0c\\r ]';
const WORD = '[\\p{L}\\p{N}_]';
const LETTER = '[\\p{L}\\p{Nl}\\p{No}_]';
const WORD_PUNCT = `(?:${WORD}|[!"'&.,?])`;

/** textwrap's wordsep_re: whitespace, an em-dash between words, or a word up to a hyphen it may break at. */
const WORD_SEPARATOR = new RegExp(
  `(${WS}+` +
    `|(?<=${WORD_PUNCT})-{2,}(?=${WORD})` +
    `|${NWS}+?(?:-(?:(?<=${LETTER}{2}-)|(?<=${LETTER}-${LETTER}-))(?=${LETTER}-?${LETTER})|(?=${WS}|$)|(?<=${WORD_PUNCT})(?=-{2,}${WORD})))`,
  'u',
);
const WHITESPACE_RUN = new RegExp(`(${WS}+)`);
/** str.strip() == '': Python's str.isspace() characters only. */
// eslint-disable-next-line no-control-regex -- str.isspace() counts the \x1c-\x1f separators
const PY_BLANK = /^[\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** A line's pieces as code points, so lengths and cuts match Python's. */
type Chunk = string[];

export function textWrap(text: string, width: number, options: WrapOptions = {}): string[] {
  const breakLong = options.breakLongWords ?? true;
  const breakOnHyphens = options.breakOnHyphens ?? true;
  const pieces = text.split(breakOnHyphens ? WORD_SEPARATOR : WHITESPACE_RUN).filter((c) => c !== '');
  const pending: Chunk[] = pieces.reverse().map((c) => Array.from(c));
  const isBlank = (chunk: Chunk): boolean => PY_BLANK.test(chunk.join(''));
  const lines: string[] = [];
  while (pending.length > 0) {
    const line: Chunk[] = [];
    let length = 0;
    // NOTE: only a line after the first loses its leading whitespace chunk.
    if (lines.length > 0 && isBlank(pending[pending.length - 1]!)) pending.pop();
    while (pending.length > 0 && length + pending[pending.length - 1]!.length <= width) {
      const chunk = pending.pop()!;
      line.push(chunk);
      length += chunk.length;
    }
    if (pending.length > 0 && pending[pending.length - 1]!.length > width) {
      handleLongWord(pending, line, length, width, breakLong, breakOnHyphens);
    }
    // NOTE: textwrap drops one whitespace chunk at a line's end (not a run of them).
    if (line.length > 0 && isBlank(line[line.length - 1]!)) line.pop();
    if (line.length > 0) lines.push(line.map((c) => c.join('')).join(''));
  }
  return lines;
}

/** textwrap's _handle_long_word: a word too long for any line. */
function handleLongWord(pending: Chunk[], line: Chunk[], length: number, width: number, breakLong: boolean, breakOnHyphens: boolean): void {
  if (!breakLong) {
    // Kept whole: alone on its line, or on the next one.
    if (line.length === 0) line.push(pending.pop()!);
    return;
  }
  const left = width < 1 ? 1 : width - length;
  const chunk = pending[pending.length - 1]!;
  let end = left;
  if (breakOnHyphens && chunk.length > left) {
    // After the last hyphen that fits, when something other than hyphens comes before it.
    const hyphen = left > 0 ? chunk.lastIndexOf('-', left - 1) : -1;
    if (hyphen > 0 && chunk.slice(0, hyphen).some((c) => c !== '-')) end = hyphen + 1;
  }
  line.push(chunk.slice(0, end));
  pending[pending.length - 1] = chunk.slice(end);
}
