/** POSIX shell quoting, as Python's shlex.quote. */
export function shellQuote(text: string): string {
  if (text === '') return "''";
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'"'"'`)}'`;
}

/** Splits a command line as Python's shlex.split (POSIX mode): quotes, escapes, no expansion. */
export function shellSplit(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('No closing quotation');
      cur += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('No closing quotation');
        const d = text[i] as string;
        if (d === '"') break;
        if (d === '\\' && i + 1 < text.length && '\\"$`\n'.includes(text[i + 1] as string)) {
          cur += text[i + 1];
          i += 2;
          continue;
        }
        cur += d;
        i++;
      }
      inWord = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 < text.length) cur += text[i + 1];
      inWord = true;
      i += 2;
    } else if (/\s/.test(c)) {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
      i++;
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
