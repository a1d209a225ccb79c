/**
 * Python's `repr()` of bytes (`b'...'`), a text's as UTF-8: what ansible-core prints where it
 * formats a path it turned into bytes (the --limit @file errors) or shows the bytes an error
 * read (vault's format errors).
 */
export function pyBytesRepr(text: string | Buffer): string {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
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
