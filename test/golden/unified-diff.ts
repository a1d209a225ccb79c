// A small line diff in unified format, so a failing golden case shows what differs.
// Outputs here are at most a few thousand lines: a plain LCS table is fast enough.

type Op = readonly [' ' | '-' | '+', string];

function diffOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..]
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i]!;
    const next = lcs[i + 1]!;
    for (let j = m - 1; j >= 0; j--) {
      row[j] = a[i] === b[j] ? next[j + 1]! + 1 : Math.max(next[j]!, row[j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push([' ', a[i]!]);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      ops.push(['-', a[i]!]);
      i++;
    } else {
      ops.push(['+', b[j]!]);
      j++;
    }
  }
  while (i < n) ops.push(['-', a[i++]!]);
  while (j < m) ops.push(['+', b[j++]!]);
  return ops;
}

/** Unified diff of two texts (empty string when equal), `context` lines around each change. */
export function unifiedDiff(expected: string, actual: string, labels: readonly [string, string], context = 3): string {
  if (expected === actual) return '';
  const a = expected.split('\n');
  const b = actual.split('\n');
  const ops = diffOps(a, b);
  const out = [`--- ${labels[0]}`, `+++ ${labels[1]}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]![0] === ' ') {
      k++;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change
    // that is separated from the next by no more than 2 * context unchanged lines.
    let start = Math.max(0, k - context);
    while (start < k && ops[start]![0] !== ' ') start++;
    let end = k;
    let unchanged = 0;
    for (let q = k; q < ops.length; q++) {
      if (ops[q]![0] === ' ') {
        unchanged++;
        if (unchanged > 2 * context) break;
      } else {
        unchanged = 0;
        end = q;
      }
    }
    const stop = Math.min(ops.length, end + 1 + context);
    let aLine = 1;
    let bLine = 1;
    for (let q = 0; q < start; q++) {
      if (ops[q]![0] !== '+') aLine++;
      if (ops[q]![0] !== '-') bLine++;
    }
    const hunk = ops.slice(start, stop);
    const aCount = hunk.filter((o) => o[0] !== '+').length;
    const bCount = hunk.filter((o) => o[0] !== '-').length;
    out.push(`@@ -${aLine},${aCount} +${bLine},${bCount} @@`);
    // Trailing spaces matter in Ansible output (`skipping: [h] => (item=x) `): make them visible.
    for (const [tag, line] of hunk) out.push(`${tag}${line.replace(/ +$/, (s) => '·'.repeat(s.length))}`);
    k = stop;
  }
  return out.join('\n');
}
