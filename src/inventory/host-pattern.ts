/**
 * Host-pattern syntax (`web:&db:!x`, `a,b[1],c[2:3]`, `~re`, `w*`) as ansible's InventoryManager
 * splits and orders it. Matching against an inventory lives in Inventory.
 */
import { parseAddress } from './parse-address.js';

const PATTERN_WITH_SUBSCRIPT = /^(.+)\[(?:(-?[0-9]+)|([0-9]+)([:-])([0-9]*))\]$/s;

/**
 * Splits `a,b[1], c[2:3] , d` (or a list of such) into single patterns. Without a comma, `:`
 * separates too, unless the whole text is one address (an IPv6 address, `host:port`, a range).
 */
export function splitHostPattern(pattern: string | readonly string[]): string[] {
  if (typeof pattern !== 'string') return pattern.flatMap((p) => splitHostPattern(p));
  let patterns: string[];
  if (pattern.includes(',')) patterns = pattern.split(',');
  else {
    let isAddress = true;
    try {
      parseAddress(pattern, true);
    } catch {
      isAddress = false;
    }
    patterns = isAddress ? [pattern] : (pattern.match(/(?:[^\s:[\]]|\[[^\]]*\])+/g) ?? []);
  }
  return patterns.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** Plain patterns first, then `&` intersections, then `!` exclusions; `all` if only modifiers. */
export function orderPatterns(patterns: readonly string[]): string[] {
  const regular: string[] = [];
  const intersection: string[] = [];
  const exclusion: string[] = [];
  for (const p of patterns) {
    if (!p) continue;
    if (p[0] === '!') exclusion.push(p);
    else if (p[0] === '&') intersection.push(p);
    else regular.push(p);
  }
  if (regular.length === 0) regular.push('all');
  return [...regular, ...intersection, ...exclusion];
}

/** `[i]` or `[start:end]` (end -1 meaning the last); `[x-y]` is the removed form, still read. */
export interface Subscript {
  start: number;
  end: number | undefined;
  /** Written `[x-y]`: ansible warns. */
  dashed: boolean;
}

export function splitSubscript(pattern: string): { expr: string; subscript: Subscript | undefined } {
  if (pattern[0] === '~') return { expr: pattern, subscript: undefined };
  const m = PATTERN_WITH_SUBSCRIPT.exec(pattern);
  if (!m) return { expr: pattern, subscript: undefined };
  const [, expr, idx, start, sep, end] = m as unknown as [string, string, string | undefined, string | undefined, string | undefined, string | undefined];
  if (idx) return { expr, subscript: { start: Number.parseInt(idx, 10), end: undefined, dashed: false } };
  return {
    expr,
    subscript: { start: Number.parseInt(start as string, 10), end: end ? Number.parseInt(end, 10) : -1, dashed: sep === '-' },
  };
}

/** Applies a subscript with Python's list indexing; undefined when the index is out of range. */
export function applySubscript<T>(items: readonly T[], subscript: Subscript | undefined): T[] | undefined {
  if (items.length === 0 || !subscript) return [...items];
  const { start } = subscript;
  let { end } = subscript;
  if (end) {
    if (end === -1) end = items.length - 1;
    return pySlice(items, start, end + 1);
  }
  const index = start < 0 ? items.length + start : start;
  if (index < 0 || index >= items.length) return undefined;
  return [items[index] as T];
}

function pySlice<T>(items: readonly T[], start: number, stop: number): T[] {
  const n = items.length;
  const s = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
  const e = stop < 0 ? Math.max(0, n + stop) : Math.min(stop, n);
  return items.slice(s, Math.max(s, e));
}
