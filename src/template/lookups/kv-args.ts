/**
 * Ansible's parse_kv for lookup terms such as `key file=users.csv delimiter=,`: `name=value`
 * pairs (quotes allowed) become options; everything else is `_raw_params`.
 */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | undefined;
  let has = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      current += c;
      if (c === quote && text[i - 1] !== '\\') quote = undefined;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      current += c;
      has = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (has) out.push(current);
      current = '';
      has = false;
      continue;
    }
    current += c;
    has = true;
  }
  if (has) out.push(current);
  return out;
}

function unquote(text: string): string {
  if (text.length >= 2 && (text[0] === '"' || text[0] === "'") && text[text.length - 1] === text[0]) return text.slice(1, -1);
  return text;
}

export function parseKv(text: string): Map<string, string> {
  const options = new Map<string, string>();
  const raw: string[] = [];
  for (const token of splitArgs(text)) {
    const m = /^([A-Za-z_][\w.-]*)=(.*)$/s.exec(token);
    if (m) options.set(m[1] as string, unquote(m[2] ?? ''));
    else raw.push(token);
  }
  if (raw.length > 0) options.set('_raw_params', raw.join(' '));
  return options;
}
