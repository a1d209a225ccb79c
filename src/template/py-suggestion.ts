/**
 * CPython 3.13's "Did you mean …?" choice (Python/suggestions.c): the candidate nearest by an
 * edit distance where a case change costs half a substitution, within a third of the characters.
 */
const MOVE_COST = 2;
const CASE_COST = 1;
const MAX_STRING_SIZE = 40;

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return a.toLowerCase() === b.toLowerCase() && /^[A-Za-z]$/.test(a) ? CASE_COST : MOVE_COST;
}

function distance(aIn: string, bIn: string, maxCost: number): number {
  let a = aIn;
  let b = bIn;
  while (a.length > 0 && b.length > 0 && a[0] === b[0]) {
    a = a.slice(1);
    b = b.slice(1);
  }
  while (a.length > 0 && b.length > 0 && a.at(-1) === b.at(-1)) {
    a = a.slice(0, -1);
    b = b.slice(0, -1);
  }
  if (a.length === 0 || b.length === 0) return (a.length + b.length) * MOVE_COST;
  if (a.length > MAX_STRING_SIZE || b.length > MAX_STRING_SIZE) return maxCost + 1;
  if (b.length < a.length) [a, b] = [b, a];
  if ((b.length - a.length) * MOVE_COST > maxCost) return maxCost + 1;
  const row = Array.from({ length: a.length }, (_, i) => (i + 1) * MOVE_COST);
  let result = 0;
  for (let bi = 0; bi < b.length; bi++) {
    let diagonal = bi * MOVE_COST;
    result = diagonal;
    let minimum = Number.MAX_SAFE_INTEGER;
    for (let ai = 0; ai < a.length; ai++) {
      const substitute = diagonal + substitutionCost(b[bi] as string, a[ai] as string);
      diagonal = row[ai] as number;
      result = Math.min(Math.min(result, diagonal) + MOVE_COST, substitute);
      row[ai] = result;
      minimum = Math.min(minimum, result);
    }
    if (minimum > maxCost) return maxCost + 1;
  }
  return result;
}

/** The name Python would suggest for `name` among `candidates`, if any is near enough. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.MAX_SAFE_INTEGER;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const maxDistance = Math.min(Math.floor(((name.length + candidate.length + 3) * MOVE_COST) / 6), bestDistance - 1);
    const d = distance(name, candidate, maxDistance);
    if (d > maxDistance) continue;
    if (best === undefined || d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
