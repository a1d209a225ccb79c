/**
 * Python's `pprint.pformat(value)` (width 80, dict keys sorted) for the values the task debugger
 * prints: what fits on a line is its repr; a longer dict, list or string is split as pprint does.
 */
import { isDict, isTuple, pyRepr, textOf, UnsafeString, VaultString, type Data, type DictKey } from '../../core/data.js';

const WIDTH = 80;

/** Python's len() of a text: code points, not UTF-16 units. */
function pyLen(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function textValue(value: Data): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof UnsafeString || value instanceof VaultString) return textOf(value);
  return undefined;
}

/** pprint orders keys by value within a type, and types by name (its _safe_key). */
function sortedEntries(dict: Map<DictKey, Data>): [DictKey, Data][] {
  const rank = (k: DictKey): string => (k === null ? 'NoneType' : typeof k === 'boolean' ? 'bool' : typeof k === 'number' ? 'int' : 'str');
  return [...dict].sort(([a], [b]) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra < rb ? -1 : 1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    const sa = String(a);
    const sb = String(b);
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  });
}

/** repr() with pprint's sorted dict keys at every level. */
export function sortedRepr(value: Data): string {
  if (isDict(value)) return `{${sortedEntries(value).map(([k, v]) => `${pyRepr(k)}: ${sortedRepr(v)}`).join(', ')}}`;
  if (Array.isArray(value)) {
    const inner = value.map(sortedRepr).join(', ');
    if (isTuple(value)) return value.length === 1 ? `(${inner},)` : `(${inner})`;
    return `[${inner}]`;
  }
  return pyRepr(value);
}

export function pformat(value: Data): string {
  const out: string[] = [];
  format(value, out, 0, 0, 0);
  return out.join('');
}

function format(value: Data, out: string[], indent: number, allowance: number, level: number): void {
  const rep = sortedRepr(value);
  if (pyLen(rep) <= WIDTH - indent - allowance) {
    out.push(rep);
    return;
  }
  const text = textValue(value);
  if (isDict(value)) formatDict(value, out, indent, allowance, level + 1);
  else if (Array.isArray(value)) formatList(value, out, indent, allowance, level + 1);
  else if (text !== undefined) formatStr(text, rep, out, indent, allowance, level + 1);
  else out.push(rep);
}

function formatDict(dict: Map<DictKey, Data>, out: string[], indent: number, allowance: number, level: number): void {
  out.push('{');
  const items = sortedEntries(dict);
  const inner = indent + 1;
  items.forEach(([key, item], i) => {
    const last = i === items.length - 1;
    const rep = pyRepr(key);
    out.push(rep, ': ');
    format(item, out, inner + pyLen(rep) + 2, last ? allowance + 1 : 1, level);
    if (!last) out.push(`,\n${' '.repeat(inner)}`);
  });
  out.push('}');
}

function formatList(list: Data[], out: string[], indent: number, allowance: number, level: number): void {
  const tuple = isTuple(list);
  out.push(tuple ? '(' : '[');
  const inner = indent + 1;
  list.forEach((item, i) => {
    const last = i === list.length - 1;
    if (i > 0) out.push(`,\n${' '.repeat(inner)}`);
    format(item, out, inner, last ? allowance + 1 : 1, level);
  });
  out.push(tuple ? (list.length === 1 ? ',)' : ')') : ']');
}

/** A long string becomes adjacent literals, one per line, split after whitespace. */
function formatStr(text: string, rep: string, out: string[], indent: number, allowance: number, level: number): void {
  const chunks: string[] = [];
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [text];
  let ind = indent;
  let allow = allowance;
  if (level === 1) {
    ind += 1;
    allow += 1;
  }
  const maxWidth = WIDTH - ind;
  let maxWidth1 = maxWidth;
  lines.forEach((line, i) => {
    const lineRep = pyRepr(line);
    const lastLine = i === lines.length - 1;
    if (lastLine) maxWidth1 -= allow;
    if (pyLen(lineRep) <= maxWidth1) {
      chunks.push(lineRep);
      return;
    }
    const parts = line.match(/\S*\s*/g)?.filter((p) => p !== '') ?? [line];
    let maxWidth2 = maxWidth;
    let current = '';
    parts.forEach((part, j) => {
      const candidate = current + part;
      if (j === parts.length - 1 && lastLine) maxWidth2 -= allow;
      if (pyLen(pyRepr(candidate)) > maxWidth2) {
        if (current) chunks.push(pyRepr(current));
        current = part;
      } else current = candidate;
    });
    if (current) chunks.push(pyRepr(current));
  });
  if (chunks.length === 1) {
    out.push(rep);
    return;
  }
  if (level === 1) out.push('(');
  out.push(chunks.join(`\n${' '.repeat(ind)}`));
  if (level === 1) out.push(')');
}
