/**
 * The version classes Ansible's `version` test compares with: LooseVersion and StrictVersion
 * (distutils), SemanticVersion (ansible.utils.version) and PEP 440 (packaging). Each parses to a
 * key; `compareVersions` orders two keys or throws Python's error words.
 */

export type VersionType = 'loose' | 'strict' | 'semver' | 'pep440';

type LoosePart = number | string;

export class VersionError extends Error {}

function parseLoose(text: string): LoosePart[] {
  return text
    .split(/(\d+|[a-z]+|\.)/)
    .filter((p) => p !== '' && p !== '.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Python list comparison of LooseVersion parts; int against str is a TypeError. */
function compareLoose(a: LoosePart[], b: LoosePart[]): number {
  if (a.length === b.length && a.every((x, i) => x === b[i])) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as LoosePart;
    const y = b[i] as LoosePart;
    if (x === y) continue;
    if (typeof x !== typeof y) {
      // NOTE: LooseVersion._cmp always tries `<` after `==`, whatever the operator asked for.
      throw new VersionError(`'<' not supported between instances of '${typeof x === 'number' ? 'int' : 'str'}' and '${typeof y === 'number' ? 'int' : 'str'}'`);
    }
    return x < y ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

interface StrictKey {
  nums: [number, number, number];
  pre: [string, number] | undefined;
}

function parseStrict(text: string): StrictKey {
  const m = /^(\d+)\.(\d+)(\.(\d+))?([ab](\d+))?$/.exec(text);
  if (!m) throw new VersionError(`invalid version number '${text}'`);
  return {
    nums: [Number(m[1]), Number(m[2]), m[4] === undefined ? 0 : Number(m[4])],
    pre: m[5] === undefined ? undefined : [m[5][0] as string, Number(m[6])],
  };
}

function compareStrict(a: StrictKey, b: StrictKey): number {
  for (let i = 0; i < 3; i++) if (a.nums[i] !== b.nums[i]) return (a.nums[i] as number) < (b.nums[i] as number) ? -1 : 1;
  if (!a.pre && !b.pre) return 0;
  if (!a.pre) return 1;
  if (!b.pre) return -1;
  if (a.pre[0] !== b.pre[0]) return a.pre[0] < b.pre[0] ? -1 : 1;
  return a.pre[1] === b.pre[1] ? 0 : a.pre[1] < b.pre[1] ? -1 : 1;
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

interface SemverKey {
  core: [number, number, number];
  pre: (number | string)[];
}

function parseSemver(text: string): SemverKey {
  const m = SEMVER.exec(text);
  if (!m) throw new VersionError(`invalid semantic version '${text}'`);
  return {
    core: [Number(m[1]), Number(m[2]), Number(m[3])],
    pre: m[4] ? m[4].split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)) : [],
  };
}

function compareSemver(a: SemverKey, b: SemverKey): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return (a.core[i] as number) < (b.core[i] as number) ? -1 : 1;
  if (a.pre.length === 0 && b.pre.length === 0) return 0;
  if (a.pre.length === 0) return 1;
  if (b.pre.length === 0) return -1;
  const n = Math.min(a.pre.length, b.pre.length);
  for (let i = 0; i < n; i++) {
    const x = a.pre[i] as number | string;
    const y = b.pre[i] as number | string;
    if (x === y) continue;
    // Numeric identifiers sort before alphanumeric ones.
    if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return a.pre.length === b.pre.length ? 0 : a.pre.length < b.pre.length ? -1 : 1;
}

const PEP440 =
  /^\s*v?(?:(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d+)?)?(?:(?:-(\d+))|(?:[-_.]?(post|rev|r)[-_.]?(\d+)?))?(?:[-_.]?(dev)[-_.]?(\d+)?)?)(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$/i;

type Pep440Part = number | string;
type Pep440Key = Pep440Part[][];

const INF = Number.POSITIVE_INFINITY;
const NEG = Number.NEGATIVE_INFINITY;

/** packaging.version's comparison key, flattened into nested arrays of numbers/strings. */
function parsePep440(text: string): Pep440Key {
  const m = PEP440.exec(text);
  if (!m) throw new VersionError(`Invalid version: '${text}'`);
  const epoch = Number(m[1] ?? 0);
  const release = (m[2] as string).split('.').map(Number);
  while (release.length > 1 && release[release.length - 1] === 0) release.pop();
  let pre: Pep440Part[] | undefined;
  if (m[3] !== undefined) {
    const l = m[3].toLowerCase();
    const letter = l === 'alpha' ? 'a' : l === 'beta' ? 'b' : ['c', 'pre', 'preview'].includes(l) ? 'rc' : l;
    pre = [letter, Number(m[4] ?? 0)];
  }
  let post: number | undefined;
  if (m[5] !== undefined) post = Number(m[5]);
  else if (m[6] !== undefined) post = Number(m[7] ?? 0);
  const dev = m[8] !== undefined ? Number(m[9] ?? 0) : undefined;
  const local = m[10]?.toLowerCase().split(/[-_.]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  // Sort markers as packaging's _cmpkey does: dev-only releases before pre-releases, etc.
  const preKey: Pep440Part[] = pre === undefined && post === undefined && dev !== undefined ? [NEG] : pre ?? [INF];
  const postKey: Pep440Part[] = post === undefined ? [NEG] : [post];
  const devKey: Pep440Part[] = dev === undefined ? [INF] : [dev];
  const localKey: Pep440Part[] = local === undefined ? [NEG] : local.map((p) => p);
  return [[epoch], release, preKey, postKey, devKey, localKey];
}

function comparePart(x: Pep440Part, y: Pep440Part): number {
  if (x === y) return 0;
  if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
  if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : 1;
  // In local segments numbers sort after strings; ±Infinity markers are numbers.
  if (typeof x === 'number') return x === NEG ? -1 : x === INF ? 1 : 1;
  return y === NEG ? 1 : y === INF ? -1 : -1;
}

function comparePep440(a: Pep440Key, b: Pep440Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Pep440Part[];
    const y = b[i] as Pep440Part[];
    const n = Math.max(x.length, y.length);
    for (let j = 0; j < n; j++) {
      // Release segments compare as if padded with zeros.
      const xp = x[j] ?? (i === 1 ? 0 : NEG);
      const yp = y[j] ?? (i === 1 ? 0 : NEG);
      const c = comparePart(xp, yp);
      if (c !== 0) return c;
    }
  }
  return 0;
}

/** Compares two version strings as `type` does, or throws Python's error words. */
export function compareVersions(a: string, b: string, type: VersionType): number {
  switch (type) {
    case 'loose':
      return compareLoose(parseLoose(a), parseLoose(b));
    case 'strict':
      return compareStrict(parseStrict(a), parseStrict(b));
    case 'semver':
      return compareSemver(parseSemver(a), parseSemver(b));
    case 'pep440':
      return comparePep440(parsePep440(a), parsePep440(b));
  }
}
