/** Python's str.splitlines(): the line boundaries Python knows, no trailing empty line. */
// NOTE: \x1c-\x1e (file/group/record separators) are line boundaries for Python's str too.
// eslint-disable-next-line no-control-regex
const BOUNDARY = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

export function pySplitlines(text: string): string[] {
  const lines = text.split(BOUNDARY);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
