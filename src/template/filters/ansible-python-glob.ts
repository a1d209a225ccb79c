/**
 * Python's glob.glob (non-recursive): `*`, `?` and `[…]` per path component; a leading dot is
 * only matched by a pattern that starts with a dot.
 */
import { lstatSync, opendirSync } from 'node:fs';

const MAGIC = /[*?[]/;

/** fnmatch.translate for one component, as a JS RegExp. */
export function fnmatchRegExp(pattern: string): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') out += '[\\s\\S]*';
    else if (c === '?') out += '[\\s\\S]';
    else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      if (j >= pattern.length) out += '\\[';
      else {
        let stuff = pattern.slice(i + 1, j).replaceAll('\\', '\\\\');
        if (stuff.startsWith('!')) stuff = '^' + stuff.slice(1);
        else if (stuff.startsWith('^')) stuff = '\\' + stuff;
        out += `[${stuff.replaceAll('[', '\\[').replaceAll(']', '\\]')}]`;
        i = j;
      }
    } else out += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^(?:${out})$`);
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Entries in the directory's own order, as os.scandir gives them (readdirSync sorts). */
function list(dir: string): string[] {
  const names: string[] = [];
  try {
    const handle = opendirSync(dir || '.');
    try {
      for (let entry = handle.readSync(); entry !== null; entry = handle.readSync()) names.push(entry.name);
    } finally {
      handle.closeSync();
    }
  } catch {
    return [];
  }
  return names;
}

export function pythonGlob(pattern: string): string[] {
  const absolute = pattern.startsWith('/');
  const parts = pattern.split('/').filter((p, i) => p !== '' || i === 0);
  let current: string[] = [absolute ? '/' : ''];
  const start = absolute ? 1 : 0;
  for (let i = start; i < parts.length; i++) {
    const part = parts[i] as string;
    const next: string[] = [];
    for (const base of current) {
      const join = (name: string): string => (base === '' ? name : base.endsWith('/') ? base + name : `${base}/${name}`);
      if (!MAGIC.test(part)) {
        const candidate = join(part);
        if (i === parts.length - 1 ? exists(candidate) : exists(candidate)) next.push(candidate);
        continue;
      }
      const re = fnmatchRegExp(part);
      for (const name of list(base)) {
        if (name.startsWith('.') && !part.startsWith('.')) continue;
        if (re.test(name)) next.push(join(name));
      }
    }
    current = next;
  }
  if (pattern.endsWith('/')) return current.map((p) => `${p}/`);
  return current.filter((p) => p !== '' && p !== '/');
}
