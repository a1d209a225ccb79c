/**
 * Text as Python's int(), float() and Decimal() read it (CPython's
 * _PyUnicode_TransformDecimalAndSpaceToASCII): each Unicode decimal digit ('٣', '３', '𝟘') is its
 * ASCII digit, each character str.isspace() accepts a space, and any other non-ASCII character
 * '?', which no number's syntax accepts. Callers quote the text as written in their errors.
 */
export function asciiNumeral(text: string): string {
  // eslint-disable-next-line no-control-regex -- ASCII text is read as it is
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (PY_SPACE.test(ch)) out += ' ';
    else if (DECIMAL_DIGIT.test(ch)) out += String(digitValue(cp));
    else out += '?';
  }
  return out;
}

/** The non-ASCII characters Python's str.isspace() accepts. */
const PY_SPACE = /^[\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * A decimal digit's value. NOTE: Unicode writes each script's digits as a run of ten, 0 to 9, and
 * runs that touch (the mathematical digits) are whole runs, so the distance from the first digit
 * of the touching runs, modulo ten, is the value.
 */
function digitValue(cp: number): number {
  let first = cp;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(first - 1))) first--;
  return (cp - first) % 10;
}
