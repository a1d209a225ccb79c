/**
 * The width a Python regex (a look-behind's body) always matches, or undefined when it varies.
 * NOTE: Python's `re` refuses a look-behind that is not fixed-width; JS runs any, so Volant checks.
 */
const ZERO_WIDTH_ESCAPES = new Set(['b', 'B', 'A', 'Z']);

export function fixedWidth(source: string): number | undefined {
  const chars = [...source];
  let pos = 0;

  // One alternative after another, up to `)` or the end: all must have the same width.
  const alternatives = (): number | undefined => {
    let width: number | undefined = sequence();
    while (chars[pos] === '|') {
      pos++;
      const next = sequence();
      if (next === undefined || next !== width) width = undefined;
    }
    return width;
  };

  const sequence = (): number | undefined => {
    let total: number | undefined = 0;
    while (pos < chars.length && chars[pos] !== '|' && chars[pos] !== ')') {
      const atom = atomWidth();
      const times = quantifier();
      if (total === undefined || atom === undefined) total = undefined;
      else if (times === undefined) total = atom === 0 ? total : undefined;
      else total += atom * times;
    }
    return total;
  };

  const atomWidth = (): number | undefined => {
    const c = chars[pos++] as string;
    if (c === '\\') {
      const e = chars[pos++] ?? '';
      if (/[1-9]/.test(e)) return undefined;
      if (e === 'x') pos += 2;
      else if (e === 'u') pos += 4;
      else if (e === 'U') pos += 8;
      else if (e === '0') while (/[0-7]/.test(chars[pos] ?? '') && pos < chars.length) pos++;
      return ZERO_WIDTH_ESCAPES.has(e) ? 0 : 1;
    }
    if (c === '[') {
      if (chars[pos] === '^') pos++;
      if (chars[pos] === ']') pos++;
      while (pos < chars.length && chars[pos] !== ']') pos += chars[pos] === '\\' ? 2 : 1;
      pos++;
      return 1;
    }
    if (c === '^' || c === '$') return 0;
    if (c !== '(') return 1;
    let zero = false;
    if (chars[pos] === '?') {
      const rest = chars.slice(pos, pos + 4).join('');
      if (/^\?P=/.test(rest)) return undefined;
      if (/^\?(=|!|<=|<!)/.test(rest)) zero = true;
      if (/^\?[aiLmsux-]*\)/.test(rest)) {
        while (chars[pos] !== ')') pos++;
        pos++;
        return 0;
      }
      if (rest.startsWith('?P<')) while (chars[pos] !== '>') pos++;
      else while (pos < chars.length && !/[:=!>]/.test(chars[pos] as string)) pos++;
      pos++;
    }
    const inner = alternatives();
    pos++;
    return zero ? 0 : inner;
  };

  // How many times the atom repeats: 1 without a quantifier, undefined when that varies.
  const quantifier = (): number | undefined => {
    const c = chars[pos];
    let times: number | undefined = 1;
    if (c === '*' || c === '+' || c === '?') {
      pos++;
      times = undefined;
    } else if (c === '{') {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(chars.slice(pos).join(''));
      if (m) {
        pos += [...m[0]].length;
        const low = m[1] === '' ? 0 : Number(m[1]);
        const high = m[2] === '' ? low : m[3] === '' ? Infinity : Number(m[3]);
        times = low === high ? low : undefined;
      }
    }
    if (chars[pos] === '?' || chars[pos] === '+') pos++;
    return times;
  };

  return alternatives();
}
