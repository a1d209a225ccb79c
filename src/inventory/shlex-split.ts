/**
 * Python's `shlex.split(text, comments=True)` (POSIX mode), which ansible's INI plugin uses on
 * host lines: whitespace separates, quotes group, `#` outside quotes starts a comment, and a
 * backslash escapes any character outside quotes but only `"` and `\` inside double quotes.
 * With `comments` false (plain `shlex.split(text)`, as the script action splits its command) a
 * `#` is a character like any other.
 */
export class ShlexError extends Error {}

export function shlexSplit(text: string, comments = true): string[] {
  const tokens: string[] = [];
  let token = '';
  let inToken = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      if (inToken) tokens.push(token);
      token = '';
      inToken = false;
      i++;
    } else if (c === '#' && comments) {
      break;
    } else if (c === '\\') {
      if (i + 1 >= text.length) throw new ShlexError('No escaped character');
      token += text[i + 1];
      inToken = true;
      i += 2;
    } else if (c === "'" || c === '"') {
      inToken = true;
      i++;
      for (;;) {
        if (i >= text.length) throw new ShlexError('No closing quotation');
        const d = text[i] as string;
        if (d === c) {
          i++;
          break;
        }
        if (c === '"' && d === '\\' && i + 1 < text.length && (text[i + 1] === '"' || text[i + 1] === '\\')) {
          token += text[i + 1];
          i += 2;
          continue;
        }
        token += d;
        i++;
      }
    } else {
      token += c;
      inToken = true;
      i++;
    }
  }
  if (inToken) tokens.push(token);
  return tokens;
}
