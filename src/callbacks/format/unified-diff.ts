/**
 * Python's `difflib.unified_diff` (SequenceMatcher without a junk function, autojunk on), so a
 * `--diff` shows exactly the hunks ansible shows.
 */

type Opcode = readonly ['equal' | 'replace' | 'delete' | 'insert', number, number, number, number];
type Match = readonly [number, number, number];

function matchingBlocks(a: readonly string[], b: readonly string[]): Match[] {
  const b2j = new Map<string, number[]>();
  b.forEach((line, j) => {
    const list = b2j.get(line);
    if (list) list.push(j);
    else b2j.set(line, [j]);
  });
  // NOTE: difflib's autojunk: in a b of 200+ lines, lines more common than 1% + 1 are "popular"
  // and never start a match (they can still extend one).
  if (b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [line, idxs] of [...b2j]) if (idxs.length > limit) b2j.delete(line);
  }

  const longest = (alo: number, ahi: number, blo: number, bhi: number): Match => {
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let j2len = new Map<number, number>();
    for (let i = alo; i < ahi; i++) {
      const next = new Map<number, number>();
      for (const j of b2j.get(a[i] as string) ?? []) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = (j2len.get(j - 1) ?? 0) + 1;
        next.set(j, k);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      j2len = next;
    }
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return [besti, bestj, bestsize];
  };

  const blocks: Match[] = [];
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop() as [number, number, number, number];
    const m = longest(alo, ahi, blo, bhi);
    const [i, j, k] = m;
    if (k) {
      blocks.push(m);
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
  }
  blocks.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const merged: Match[] = [];
  let [i1, j1, k1] = [0, 0, 0];
  for (const [i2, j2, k2] of blocks) {
    if (i1 + k1 === i2 && j1 + k1 === j2) k1 += k2;
    else {
      if (k1) merged.push([i1, j1, k1]);
      [i1, j1, k1] = [i2, j2, k2];
    }
  }
  if (k1) merged.push([i1, j1, k1]);
  merged.push([a.length, b.length, 0]);
  return merged;
}

function opcodes(a: readonly string[], b: readonly string[]): Opcode[] {
  let i = 0;
  let j = 0;
  const out: Opcode[] = [];
  for (const [ai, bj, size] of matchingBlocks(a, b)) {
    const tag = i < ai && j < bj ? 'replace' : i < ai ? 'delete' : j < bj ? 'insert' : undefined;
    if (tag) out.push([tag, i, ai, j, bj]);
    i = ai + size;
    j = bj + size;
    if (size) out.push(['equal', ai, i, bj, j]);
  }
  return out;
}

function groupedOpcodes(a: readonly string[], b: readonly string[], n: number): Opcode[][] {
  let codes = opcodes(a, b);
  if (codes.length === 0) codes = [['equal', 0, 1, 0, 1]];
  const first = codes[0] as Opcode;
  if (first[0] === 'equal') codes[0] = ['equal', Math.max(first[1], first[2] - n), first[2], Math.max(first[3], first[4] - n), first[4]];
  const last = codes[codes.length - 1] as Opcode;
  if (last[0] === 'equal') codes[codes.length - 1] = ['equal', last[1], Math.min(last[2], last[1] + n), last[3], Math.min(last[4], last[3] + n)];
  const groups: Opcode[][] = [];
  let group: Opcode[] = [];
  for (const code of codes) {
    const [tag, , i2, , j2] = code;
    let [, i1, , j1] = code;
    if (tag === 'equal' && i2 - i1 > n + n) {
      group.push([tag, i1, Math.min(i2, i1 + n), j1, Math.min(j2, j1 + n)]);
      groups.push(group);
      group = [];
      i1 = Math.max(i1, i2 - n);
      j1 = Math.max(j1, j2 - n);
    }
    group.push([tag, i1, i2, j1, j2]);
  }
  if (group.length > 0 && !(group.length === 1 && group[0]?.[0] === 'equal')) groups.push(group);
  return groups;
}

function range(start: number, stop: number): string {
  let beginning = start + 1;
  const length = stop - start;
  if (length === 1) return String(beginning);
  if (!length) beginning -= 1;
  return `${beginning},${length}`;
}

/** The diff lines (each keeping its own line end, as difflib yields them). */
export function unifiedDiff(a: readonly string[], b: readonly string[], fromFile: string, toFile: string, context = 3): string[] {
  const out: string[] = [];
  for (const group of groupedOpcodes(a, b, context)) {
    if (out.length === 0) out.push(`--- ${fromFile}\n`, `+++ ${toFile}\n`);
    const first = group[0] as Opcode;
    const last = group[group.length - 1] as Opcode;
    out.push(`@@ -${range(first[1], last[2])} +${range(first[3], last[4])} @@\n`);
    for (const [tag, i1, i2, j1, j2] of group) {
      if (tag === 'equal') {
        for (const line of a.slice(i1, i2)) out.push(' ' + line);
        continue;
      }
      if (tag === 'replace' || tag === 'delete') for (const line of a.slice(i1, i2)) out.push('-' + line);
      if (tag === 'replace' || tag === 'insert') for (const line of b.slice(j1, j2)) out.push('+' + line);
    }
  }
  return out;
}

// Python's line boundaries: \n \r \v \f, the separators U+001C..U+001E, NEL, LS and PS.
const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);

/** Python's `str.splitlines(True)`. */
export function splitLinesKeepEnds(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!LINE_BREAKS.has(c)) continue;
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
    out.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}
