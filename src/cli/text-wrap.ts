/**
 * Python's textwrap.wrap as argparse uses it for help texts: words break after a hyphen inside a
 * word (`ansible-` / `playbook`), and a word longer than the line is cut at the width (after its
 * last hyphen that fits, when there is one).
 */
const WS = '[\\t\\n\\x0b\\x0c\\r ]';
const NWS = '[^\\t\\n\\x0b\\x0c\\r ]';
const LETTER = '[\\p{L}\\p{M}_]';
const WORD = '[\\p{L}\\p{M}\\p{N}_]';
const WORD_PUNCT = `(?:${WORD}|[!"'&.,?])`;

/** textwrap's word separator: whitespace, an em-dash between words, or a word up to a hyphen it may break at. */
const WORD_SEPARATOR = new RegExp(
  `(${WS}+` +
    `|(?<=${WORD_PUNCT})-{2,}(?=${WORD})` +
    `|${NWS}+?(?:-(?:(?<=${LETTER}{2}-)|(?<=${LETTER}-${LETTER}-))(?=${LETTER}-?${LETTER})|(?=${WS}|$)|(?<=${WORD_PUNCT})(?=-{2,}${WORD})))`,
  'u',
);

export function textWrap(text: string, width: number): string[] {
  const chunks = text.split(WORD_SEPARATOR).filter((c) => c !== '');
  const reversed = chunks.reverse();
  const lines: string[] = [];
  while (reversed.length > 0) {
    const line: string[] = [];
    let length = 0;
    if (lines.length > 0 && reversed[reversed.length - 1]!.trim() === '') reversed.pop();
    while (reversed.length > 0) {
      const size = reversed[reversed.length - 1]!.length;
      if (length + size > width) break;
      line.push(reversed.pop()!);
      length += size;
    }
    if (reversed.length > 0 && reversed[reversed.length - 1]!.length > width) length += cutLongWord(reversed, line, length, width);
    if (line.length > 0 && line[line.length - 1]!.trim() === '') length -= line.pop()!.length;
    if (line.length > 0) lines.push(line.join(''));
  }
  return lines;
}

/** A word too long for any line: as much as fits goes on this one, the rest stays for the next. */
function cutLongWord(reversed: string[], line: string[], length: number, width: number): number {
  const left = width < 1 ? 1 : width - length;
  const chunk = reversed[reversed.length - 1]!;
  let end = left;
  if (chunk.length > left) {
    const hyphen = chunk.lastIndexOf('-', left - 1);
    if (hyphen > 0 && /[^-]/.test(chunk.slice(0, hyphen))) end = hyphen + 1;
  }
  line.push(chunk.slice(0, end));
  reversed[reversed.length - 1] = chunk.slice(end);
  return end;
}
