/**
 * Python's `bytes.decode('utf-8', errors='surrogateescape')`, which Ansible's to_text uses:
 * invalid bytes become lone surrogates U+DC80..U+DCFF instead of an error.
 */
export function decodeSurrogateEscape(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    let need = 0;
    let cp = 0;
    let min = 0;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      cp = b & 0x1f;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      cp = b & 0x0f;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      cp = b & 0x07;
      min = 0x10000;
    } else {
      out += String.fromCharCode(0xdc00 + b);
      i++;
      continue;
    }
    let ok = i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    if (!ok || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += String.fromCharCode(0xdc00 + b);
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/** A byte that decoding escaped: a low surrogate U+DC80..U+DCFF with no high one before it. */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])([\uDC80-\uDCFF])/;

/** Whether decoding escaped any byte of the text (it was not UTF-8). */
export function hasEscapedBytes(text: string): boolean {
  return ESCAPED_BYTE.test(text);
}

/**
 * Python's `str.encode(codec, errors='surrogateescape')` given the codec's encoder: each escaped
 * byte is written back as it was, the text between encoded.
 */
export function encodeSurrogateEscape(text: string, encode: (part: string) => Buffer): Buffer {
  const parts = text.split(ESCAPED_BYTE);
  return Buffer.concat(parts.map((part, i) => (i % 2 === 1 ? Buffer.from([part.charCodeAt(0) - 0xdc00]) : encode(part))));
}
