/**
 * Python `re` patterns run on JS RegExp. The syntax is translated once per pattern (and cached):
 * `(?P<n>…)`, `(?P=n)`, `\A`, `\Z`, Python's `$` (end or before a final newline), `.` (only `\n`
 * excluded), Unicode `\w \d \s \b`, inline flags `(?imsx)`, `{`/`}` that are not quantifiers,
 * and escapes JS's `u` mode refuses. Errors use Python's words (`missing ), unterminated
 * subpattern at position 0`).
 */
import { fixedWidth } from './python-regex-width.js';

export interface PyRegexFlags {
  ignorecase?: boolean;
  multiline?: boolean;
  dotall?: boolean;
  verbose?: boolean;
}

export interface PyRegex {
  /** Global ('g') RegExp for searching. */
  readonly search: RegExp;
  /** Sticky ('y') RegExp for re.match at a position. */
  readonly sticky: RegExp;
  readonly groups: number;
  readonly names: ReadonlyMap<string, number>;
  readonly source: string;
}

export class PyRegexError extends Error {}

const WORD = '[\\p{L}\\p{N}_]';
const WORD_CLASS = '\\p{L}\\p{N}_';
const SPACE_CLASS = '\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

function literal(ch: string, inClass: boolean): string {
  if (SYNTAX.has(ch) || (inClass && ch === '-')) return `\\${ch}`;
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  return ch;
}

const cache = new Map<string, PyRegex>();

export function compilePyRegex(pattern: string, flags: PyRegexFlags = {}): PyRegex {
  const key = `${flags.ignorecase ? 'i' : ''}${flags.multiline ? 'm' : ''}${flags.dotall ? 's' : ''}${flags.verbose ? 'x' : ''}:${pattern}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = translate(pattern, flags);
  if (cache.size > 500) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

function translate(pattern: string, initial: PyRegexFlags): PyRegex {
  const chars = [...pattern];
  let ignorecase = Boolean(initial.ignorecase);
  let multiline = Boolean(initial.multiline);
  let dotall = Boolean(initial.dotall);
  let verbose = Boolean(initial.verbose);
  let foldCase = false;
  const both = (ch: string): string => {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    return lower !== upper && [...lower].length === 1 && [...upper].length === 1 ? `${lower}${upper}` : '';
  };
  const names = new Map<string, number>();
  let groups = 0;
  let pos = 0;
  const fail = (msg: string, at = pos): never => {
    throw new PyRegexError(`${msg} at position ${at}`);
  };

  // Global inline flags at the very start, e.g. (?im).
  const lead = /^\(\?([aiLmsux]+)\)/.exec(pattern);
  if (lead) {
    for (const f of lead[1] ?? '') {
      if (f === 'i') ignorecase = true;
      else if (f === 'm') multiline = true;
      else if (f === 's') dotall = true;
      else if (f === 'x') verbose = true;
    }
  }

  const parseEscape = (inClass: boolean): string => {
    const start = pos;
    pos++;
    const c = chars[pos];
    if (c === undefined) return fail('bad escape (end of pattern)', start);
    pos++;
    switch (c) {
      case 'A':
        if (inClass) fail(`bad escape \\${c}`, start);
        return '(?<![\\s\\S])';
      case 'Z':
        if (inClass) fail(`bad escape \\${c}`, start);
        return '(?![\\s\\S])';
      case 'b':
        if (inClass) return '\\x08';
        return `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
      case 'B':
        if (inClass) fail(`bad escape \\${c}`, start);
        return `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`;
      case 'd':
        return inClass ? '\\p{Nd}' : '\\p{Nd}';
      case 'D':
        return inClass ? '\\P{Nd}' : '\\P{Nd}';
      case 'w':
        return inClass ? WORD_CLASS : WORD;
      case 'W':
        return inClass ? '\\W' : `[^${WORD_CLASS}]`;
      case 's':
        return inClass ? SPACE_CLASS : `[${SPACE_CLASS}]`;
      case 'S':
        return inClass ? '\\S' : `[^${SPACE_CLASS}]`;
      case 'a':
        return '\\x07';
      case 'f':
        return '\\f';
      case 'n':
        return '\\n';
      case 'r':
        return '\\r';
      case 't':
        return '\\t';
      case 'v':
        return '\\v';
      case 'x': {
        const hex = chars.slice(pos, pos + 2).join('');
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail(`incomplete escape \\x${hex}`, start);
        pos += 2;
        return `\\x${hex}`;
      }
      case 'u':
      case 'U': {
        const n = c === 'u' ? 4 : 8;
        const hex = chars.slice(pos, pos + n).join('');
        if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) fail(`incomplete escape \\${c}${hex}`, start);
        pos += n;
        return literal(String.fromCodePoint(parseInt(hex, 16)), inClass);
      }
      case '0': {
        let oct = '0';
        while (oct.length < 3 && /[0-7]/.test(chars[pos] ?? '')) oct += chars[pos++];
        return literal(String.fromCodePoint(parseInt(oct, 8)), inClass);
      }
      default:
        break;
    }
    if (/[1-9]/.test(c)) {
      let digits = c;
      if (/[0-9]/.test(chars[pos] ?? '')) digits += chars[pos++];
      if (inClass || (digits.length === 2 && /[0-7]{3}/.test(digits + (chars[pos] ?? '')))) {
        // Octal escape.
        let oct = digits;
        while (oct.length < 3 && /[0-7]/.test(chars[pos] ?? '')) oct += chars[pos++];
        if (/^[0-7]+$/.test(oct)) return literal(String.fromCodePoint(parseInt(oct, 8)), inClass);
        fail(`bad escape \\${c}`, start);
      }
      const n = Number(digits);
      if (n > groups) fail(`invalid group reference ${n}`, start + 1);
      return `(?:\\${n})`;
    }
    if (/[A-Za-z0-9]/.test(c)) fail(`bad escape \\${c}`, start);
    return literal(c, inClass);
  };

  const parseClass = (): string => {
    const start = pos;
    pos++;
    let out = '[';
    if (chars[pos] === '^') {
      out += '^';
      pos++;
    }
    let first = true;
    for (;;) {
      const c = chars[pos];
      if (c === undefined) fail('unterminated character set', start);
      if (c === ']' && !first) {
        pos++;
        break;
      }
      first = false;
      if (c === '\\') out += parseEscape(true);
      else if (c === '[') {
        out += '\\[';
        pos++;
      } else if (c === ']') {
        out += '\\]';
        pos++;
      } else if (c === '-') {
        out += '-';
        pos++;
      } else {
        const next = chars[pos + 1];
        const hi = chars[pos + 2];
        if (next === '-' && hi !== undefined && hi !== ']' && hi !== '\\' && hi !== '[') {
          if ((hi.codePointAt(0) ?? 0) < ((c as string).codePointAt(0) ?? 0)) fail(`bad character range ${c}-${hi}`, pos);
          out += `${literal(c as string, true)}-${literal(hi, true)}`;
          if (foldCase && both(c as string) && both(hi)) {
            const lo = c as string;
            const alt = lo === lo.toLowerCase() ? [lo.toUpperCase(), hi.toUpperCase()] : [lo.toLowerCase(), hi.toLowerCase()];
            out += `${alt[0]}-${alt[1]}`;
          }
          pos += 3;
          continue;
        }
        out += foldCase && both(c as string) ? both(c as string) : literal(c as string, true).replace(/^\\-$/, '-');
        pos++;
      }
    }
    return out + ']';
  };

  const quantifierAt = (i: number): { text: string; length: number } | undefined => {
    const rest = chars.slice(i, i + 40).join('');
    const m = /^\{(\d*)(,?)(\d*)\}/.exec(rest);
    if (!m) return undefined;
    const [, lo = '', comma = '', hi = ''] = m;
    if (lo === '' && comma === '') return undefined;
    if (Number(lo || 0) >= 4294967295 || Number(hi || 0) >= 4294967295) throw new PyRegexError('the repetition number is too large');
    if (lo !== '' && hi !== '' && Number(hi) < Number(lo)) fail('min repeat greater than max repeat', i + 1);
    return { text: `{${lo === '' ? '0' : lo}${comma}${hi}}`, length: m[0].length };
  };

  const parseSequence = (depth: number): string => {
    let out = '';
    let lastAtom = false;
    while (pos < chars.length) {
      const c = chars[pos] as string;
      if (verbose && /\s/.test(c)) {
        pos++;
        continue;
      }
      if (verbose && c === '#') {
        while (pos < chars.length && chars[pos] !== '\n') pos++;
        continue;
      }
      if (c === ')') {
        if (depth === 0) fail('unbalanced parenthesis');
        return out;
      }
      if (c === '|') {
        out += '|';
        pos++;
        lastAtom = false;
        continue;
      }
      if (c === '*' || c === '+' || c === '?' || (c === '{' && quantifierAt(pos))) {
        if (!lastAtom) fail(c === '{' || !/[*+?]/.test(out.slice(-1)) ? 'nothing to repeat' : 'multiple repeat');
        if (c === '{') {
          const q = quantifierAt(pos) as { text: string; length: number };
          out += q.text;
          pos += q.length;
        } else {
          out += c;
          pos++;
        }
        if (chars[pos] === '?') {
          out += '?';
          pos++;
        } else if (chars[pos] === '*' || chars[pos] === '+' || (chars[pos] === '{' && quantifierAt(pos))) {
          fail('multiple repeat');
        }
        lastAtom = false;
        continue;
      }
      lastAtom = true;
      if (c === '(') {
        out += parseGroup(depth);
        continue;
      }
      if (c === '[') {
        out += parseClass();
        continue;
      }
      if (c === '\\') {
        const esc = parseEscape(false);
        if (esc.startsWith('(?<![') || esc.startsWith('(?![') || esc.startsWith('(?:(?<=')) lastAtom = false;
        out += esc;
        continue;
      }
      pos++;
      if (c === '.') out += dotall ? '[\\s\\S]' : '[^\\n]';
      else if (c === '^') {
        out += multiline ? '(?:^|(?<=\\n))' : '^';
        lastAtom = false;
      } else if (c === '$') {
        out += multiline ? '(?=\\n|(?![\\s\\S]))' : '(?=\\n?(?![\\s\\S]))';
        lastAtom = false;
      } else if (foldCase && both(c)) out += `[${both(c)}]`;
      else out += literal(c, false);
    }
    if (depth > 0) fail('missing ), unterminated subpattern', groupStarts[groupStarts.length - 1] ?? 0);
    return out;
  };

  const groupStarts: number[] = [];

  const parseGroup = (depth: number): string => {
    const start = pos;
    pos++;
    let open = '(';
    if (chars[pos] === '?') {
      const rest = chars.slice(pos, pos + 40).join('');
      let m: RegExpExecArray | null;
      if ((m = /^\?P<([^>]*)>/.exec(rest))) {
        const name = m[1] ?? '';
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/u.test(name)) fail(`bad character in group name '${name}'`, pos + 3);
        if (names.has(name)) fail(`redefinition of group name '${name}' as group ${groups + 1}; was group ${names.get(name)}`, pos + 3);
        groups++;
        names.set(name, groups);
        open = `(?<${name}>`;
        pos += m[0].length;
      } else if ((m = /^\?P=([^)]*)\)/.exec(rest))) {
        const name = m[1] ?? '';
        if (!names.has(name)) fail(`unknown group name '${name}'`, pos + 3);
        pos += m[0].length;
        return `\\k<${name}>`;
      } else if (rest.startsWith('?#')) {
        while (pos < chars.length && chars[pos] !== ')') pos++;
        if (pos >= chars.length) fail('missing ), unterminated comment', start);
        pos++;
        return '';
      } else if (rest.startsWith('?:') || rest.startsWith('?=') || rest.startsWith('?!')) {
        open = `(${rest.slice(0, 2)}`;
        pos += 2;
      } else if (rest.startsWith('?<=') || rest.startsWith('?<!')) {
        open = `(${rest.slice(0, 3)}`;
        pos += 3;
      } else if ((m = /^\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest))) {
        // Python 3.13 does not accept (?<name>…); keep its word.
        fail(`unknown extension ?<${m[1]?.[0] ?? ''}`, pos);
      } else if ((m = /^\?([aiLmsux]+)\)/.exec(rest))) {
        if (start !== 0) fail('global flags not at the start of the expression', start);
        pos += m[0].length;
        return '';
      } else if ((m = /^\?([aiLmsux]*)(?:-([imsx]+))?:/.exec(rest))) {
        // Scoped flags: only what JS can express without modifiers is supported.
        const on = m[1] ?? '';
        const off = m[2] ?? '';
        if (off.includes('i') && (ignorecase || foldCase)) {
          throw new PyRegexError('scoped case-sensitive flags (?-i:…) inside an ignorecase pattern are not supported by Volant');
        }
        const saved = { multiline, dotall, verbose, foldCase };
        // JS (Node 20) has no scoped modifiers: letters in the scope match both cases instead.
        if (on.includes('i') && !ignorecase) foldCase = true;
        if (on.includes('m')) multiline = true;
        if (on.includes('s')) dotall = true;
        if (on.includes('x')) verbose = true;
        if (off.includes('m')) multiline = false;
        if (off.includes('s')) dotall = false;
        if (off.includes('x')) verbose = false;
        pos += m[0].length;
        groupStarts.push(start);
        const inner = parseSequence(depth + 1);
        groupStarts.pop();
        ({ multiline, dotall, verbose, foldCase } = saved);
        pos++;
        return `(?:${inner})`;
      } else if ((m = /^\?([aiLmsux]*)(?:(-)([imsx]*))?/.exec(rest)) && (m[1] || m[2])) {
        // Flags that neither close nor open a scope: Python names what follows them.
        const on = (m[1] as string).length;
        const off = m[3]?.length ?? 0;
        const at = pos + 1 + on + (m[2] ? 1 + off : 0);
        const next = chars[at];
        if (next !== undefined && /[A-Za-z]/.test(next)) fail('unknown flag', at);
        if (!m[2]) fail('missing -, : or )', at);
        fail(off === 0 ? 'missing flag' : 'missing :', at);
      } else {
        fail(`unknown extension ?${chars[pos + 1] ?? ''}`, pos);
      }
    } else {
      groups++;
    }
    groupStarts.push(start);
    const bodyStart = pos;
    const inner = parseSequence(depth + 1);
    groupStarts.pop();
    if ((open === '(?<=' || open === '(?<!') && !verbose && fixedWidth(chars.slice(bodyStart, pos).join('')) === undefined) {
      throw new PyRegexError('look-behind requires fixed-width pattern');
    }
    pos++;
    return `${open}${inner})`;
  };

  if (lead) pos = lead[0].length;
  const body = parseSequence(0);
  const jsFlags = `u${ignorecase ? 'i' : ''}`;
  let search: RegExp;
  let sticky: RegExp;
  try {
    search = new RegExp(body, `g${jsFlags}`);
    sticky = new RegExp(body, `y${jsFlags}`);
  } catch (error) {
    throw new PyRegexError(`Volant cannot run this regular expression: ${(error as Error).message}`);
  }
  return { search, sticky, groups, names, source: pattern };
}

/** A match with Python's view: group(n) is undefined when the group did not take part. */
export interface PyMatch {
  index: number;
  end: number;
  group(n: number | string): string | undefined;
}

function wrap(re: PyRegex, m: RegExpExecArray): PyMatch {
  return {
    index: m.index,
    end: m.index + m[0].length,
    group: (n) => {
      const i = typeof n === 'number' ? n : re.names.get(n);
      if (i === undefined || i > re.groups) throw new PyRegexError(typeof n === 'number' ? 'no such group' : 'no such group');
      return m[i];
    },
  };
}

export function pySearch(re: PyRegex, text: string, from = 0): PyMatch | undefined {
  re.search.lastIndex = from;
  const m = re.search.exec(text);
  return m ? wrap(re, m) : undefined;
}

export function pyMatch(re: PyRegex, text: string): PyMatch | undefined {
  re.sticky.lastIndex = 0;
  const m = re.sticky.exec(text);
  return m ? wrap(re, m) : undefined;
}

/**
 * Every non-overlapping match as re.finditer gives them. NOTE: after an empty match at p, Python
 * (3.7+) still accepts a non-empty match starting at p (`a*?` on 'aaa' finds '', 'a', '', …);
 * JS would skip to p+1, so a one-off sticky pattern that must end past p is tried first.
 */
export function pyFinditer(re: PyRegex, text: string): PyMatch[] {
  const out: PyMatch[] = [];
  let from = 0;
  let afterEmpty = false;
  while (from <= text.length) {
    let m: RegExpExecArray | null = null;
    if (afterEmpty) {
      const codePoints = [...text.slice(0, from)].length;
      const nonEmpty = new RegExp(`(?:${re.sticky.source})(?<=^[\\s\\S]{${codePoints + 1},})`, re.sticky.flags);
      nonEmpty.lastIndex = from;
      m = nonEmpty.exec(text);
      if (!m) {
        if (from >= text.length) break;
        const cp = text.codePointAt(from);
        from += cp !== undefined && cp > 0xffff ? 2 : 1;
      }
    }
    if (!m) {
      re.search.lastIndex = from;
      m = re.search.exec(text);
    }
    if (!m) break;
    out.push(wrap(re, m));
    afterEmpty = m[0] === '';
    from = m.index + m[0].length;
  }
  return out;
}

type ReplPart = string | { group: number | string };

/** Parses a Python replacement template (`\1`, `\g<name>`, `\n` …) once. */
export function parseReplacement(re: PyRegex, repl: string): ReplPart[] {
  const parts: ReplPart[] = [];
  let buf = '';
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i] as string;
    if (c !== '\\') {
      buf += c;
      continue;
    }
    const n = repl[i + 1];
    if (n === undefined) throw new PyRegexError(`bad escape (end of pattern) at position ${i}`);
    if (n === 'g') {
      const rest = repl.slice(i + 2);
      if (!rest.startsWith('<')) throw new PyRegexError(`missing < at position ${i + 2}`);
      const m = /^<([^>]*)>/.exec(rest);
      if (!m) throw new PyRegexError(`missing >, unterminated name at position ${i + 3}`);
      const name = m[1] ?? '';
      let group: number | string;
      if (/^\d+$/.test(name)) group = Number(name);
      else {
        if (!re.names.has(name)) throw new PyRegexError(`unknown group name '${name}'`);
        group = name;
      }
      if (typeof group === 'number' && group > re.groups) throw new PyRegexError(`invalid group reference ${group} at position ${i + 3}`);
      parts.push(buf, { group });
      buf = '';
      i += 1 + m[0].length;
      continue;
    }
    if (/[0-9]/.test(n)) {
      if (n === '0' || (/[0-7]/.test(repl[i + 2] ?? '') && /[0-7]/.test(repl[i + 3] ?? '') && /[0-7]/.test(n))) {
        let oct = '';
        let j = i + 1;
        while (oct.length < 3 && /[0-7]/.test(repl[j] ?? '')) oct += repl[j++];
        buf += String.fromCharCode(parseInt(oct, 8));
        i = j - 1;
        continue;
      }
      let digits = n;
      if (/[0-9]/.test(repl[i + 2] ?? '')) digits += repl[i + 2];
      const group = Number(digits);
      if (group > re.groups) throw new PyRegexError(`invalid group reference ${group} at position ${i + 1}`);
      parts.push(buf, { group });
      buf = '';
      i += digits.length;
      continue;
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', b: '\b', '\\': '\\' };
    const s = simple[n];
    if (s !== undefined) buf += s;
    else if (/[A-Za-z]/.test(n)) throw new PyRegexError(`bad escape \\${n} at position ${i}`);
    else buf += `\\${n}`;
    i++;
  }
  parts.push(buf);
  return parts.filter((p) => p !== '');
}

/** re.subn: the new text and the number of replacements; count 0 means all. */
export function pySubn(re: PyRegex, repl: string, text: string, count = 0): [string, number] {
  const parts = parseReplacement(re, repl);
  let out = '';
  let last = 0;
  let n = 0;
  for (const m of pyFinditer(re, text)) {
    if (count > 0 && n >= count) break;
    out += text.slice(last, m.index);
    for (const p of parts) out += typeof p === 'string' ? p : (m.group(p.group) ?? '');
    last = m.end;
    n++;
  }
  return [out + text.slice(last), n];
}

/** Python's re.escape: everything but ASCII letters, digits and `_` gets a backslash. */
export function pyEscape(text: string): string {
  let out = '';
  for (const ch of text) {
    if (/[A-Za-z0-9_]/.test(ch) || (ch.codePointAt(0) ?? 0) >= 128) out += ch;
    else if (ch === '\n') out += '\\\n';
    else if ('()[]{}?*+-|^$\\.&~# \t\n\r\v\f'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}
