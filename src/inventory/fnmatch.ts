/**
 * Python's `fnmatch.translate`: a shell glob (`*`, `?`, `[seq]`, `[!seq]`) as an anchored
 * regular expression. Case-sensitive, as ansible uses it for host patterns.
 */
export function fnmatchToRegExp(pattern: string): RegExp {
  let out = '';
  let i = 0;
  const n = pattern.length;
  while (i < n) {
    const c = pattern[i] as string;
    i++;
    if (c === '*') {
      while (pattern[i] === '*') i++;
      out += '[\\s\\S]*';
    } else if (c === '?') out += '[\\s\\S]';
    else if (c === '[') {
      let j = i;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      while (j < n && pattern[j] !== ']') j++;
      if (j >= n) out += '\\[';
      else {
        let stuff = pattern.slice(i, j).replace(/\\/g, '\\\\');
        i = j + 1;
        if (stuff.startsWith('!')) stuff = '^' + stuff.slice(1);
        else if (stuff.startsWith('^')) stuff = '\\' + stuff;
        out += stuff.length === 0 ? '(?!)' : `[${stuff.replace(/\[/g, '\\[')}]`;
      }
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^(?:${out})$`);
}
