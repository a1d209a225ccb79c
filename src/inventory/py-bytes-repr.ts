/**
 * Python's `repr()` of a text's UTF-8 bytes (`b'...'`): what ansible-core prints where it formats
 * a path it turned into bytes, as the --limit @file errors do.
 */
export function pyBytesRepr(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const quote = bytes.includes(0x27) && !bytes.includes(0x22) ? '"' : "'";
  let out = `b${quote}`;
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}
