/**
 * Where a dict's values were written, kept beside the data (Volant's dicts carry no positions)
 * so an error about a variable's value can name its definition, as 2.19's origin tags do
 * ("Conditional result … derived from value of type 'str' at '<file:line:col>'", a recursive
 * template's `Origin:`).
 *
 * A dict or list made from YAML registers a lookup (positions are read from its node only when
 * asked; a list's keys are indexes); merges copy single entries.
 */
import type { Data, DataDict, DictKey } from './data.js';
import type { SourceLocation } from './source-location.js';

type OriginLookup = (key: DictKey) => SourceLocation | undefined;

interface OriginTable {
  lookup?: OriginLookup;
  entries?: Map<DictKey, SourceLocation | null>;
  /** Where a dict's keys were written (2.19 tags a key from YAML as it does a value). */
  keys?: OriginLookup;
}

/** A dict, or a list (keyed by index). */
type Container = DataDict | readonly Data[];

const tables = new WeakMap<Container, OriginTable>();

/**
 * How a small container a filter or method made of another's entries (a `(key, value)` tuple of
 * `d.items()`, a dict2items entry, a zip tuple) finds where its items were written: one lookup
 * shared by all the containers one call made, given the container it is asked about, so making
 * them costs a WeakMap entry each and no closure.
 */
export type DerivedOriginLookup = (self: Container, key: DictKey) => SourceLocation | undefined;

const derived = new WeakMap<Container, DerivedOriginLookup>();

/** Gives each of `items` the shared `lookup` for its own items' origins. */
export function setDerivedOriginLookup(items: Iterable<unknown>, lookup: DerivedOriginLookup): void {
  for (const item of items) if (Array.isArray(item) || item instanceof Map) derived.set(item as Container, lookup);
}

function table(dict: Container): OriginTable {
  let t = tables.get(dict);
  if (!t) {
    t = {};
    tables.set(dict, t);
  }
  return t;
}

/** Registers how to find the origin of any of the dict's values (a dict loaded from YAML). */
export function setValueOriginLookup(dict: Container, lookup: OriginLookup): void {
  table(dict).lookup = lookup;
}

/** Registers how to find where a dict's keys were written (a dict loaded from YAML). */
export function setKeyLocationLookup(dict: DataDict, lookup: OriginLookup): void {
  table(dict).keys = lookup;
}

/**
 * Gives a list of a dict's keys (`d | list`, `d.keys()`) the keys' origins as its items' (2.19's
 * YAML loader tags a key as it does a value, and the key goes on tagged). Asked only when needed.
 */
export function keyItemOrigins(dict: DataDict, keys: readonly Data[]): void {
  const lookup = tables.get(dict)?.keys;
  if (!lookup) return;
  setValueOriginLookup(keys, (i) => {
    const key = typeof i === 'number' ? keys[i] : undefined;
    return key !== undefined && (typeof key !== 'object' || key === null) && dict.has(key as DictKey) ? lookup(key as DictKey) : undefined;
  });
}

/** Where `key` was written in the dict's source, when it was loaded from YAML. */
export function keyLocation(dict: DataDict, key: DictKey): SourceLocation | undefined {
  return tables.get(dict)?.keys?.(key);
}

/** Records where one value was written; `null` when it is known to have no origin. */
export function setValueOrigin(dict: Container, key: DictKey, origin: SourceLocation | null): void {
  (table(dict).entries ??= new Map()).set(key, origin);
}

export function valueOrigin(dict: Container, key: DictKey): SourceLocation | undefined {
  const t = tables.get(dict);
  const entry = t?.entries?.get(key);
  if (entry !== undefined) return entry ?? undefined;
  return t?.lookup ? t.lookup(key) : derived.get(dict)?.(dict, key);
}

/** Carries `key`'s value origin from one dict to another when the value is copied over. */
export function copyValueOrigin(from: Container, to: Container, key: DictKey): void {
  const origin = valueOrigin(from, key);
  if (origin) setValueOrigin(to, key, origin);
  else if (tables.has(to)) setValueOrigin(to, key, null);
}

/** Gives `to` every value origin `from` has (a copy of a container, entry for entry). */
export function copyValueOrigins(from: Container, to: Container): void {
  const shared = derived.get(from);
  if (shared) derived.set(to, shared);
  const t = tables.get(from);
  if (!t) return;
  tables.set(to, { ...(t.lookup ? { lookup: t.lookup } : {}), ...(t.entries ? { entries: new Map(t.entries) } : {}), ...(t.keys ? { keys: t.keys } : {}) });
}

/** Gives a list made of `parts` one after another (`a + b`) the value origins their items have. */
export function joinedValueOrigins(parts: ReadonlyArray<readonly Data[]>, to: readonly Data[]): void {
  let offset = 0;
  for (const part of parts) {
    if (hasValueOrigins(part)) {
      for (let i = 0; i < part.length; i++) {
        const origin = valueOrigin(part, i);
        if (origin) setValueOrigin(to, offset + i, origin);
      }
    }
    offset += part.length;
  }
}

/** Gives a list made of `from`'s items at `indexes` (a slice) the value origins those items have. */
export function pickedValueOrigins(from: readonly Data[], indexes: readonly number[], to: readonly Data[]): void {
  if (!hasValueOrigins(from)) return;
  indexes.forEach((index, i) => {
    const origin = valueOrigin(from, index);
    if (origin) setValueOrigin(to, i, origin);
  });
}

/** An origin that is a description, not a file position (`<CLI option '-e'>`). */
export function describedOrigin(description: string): SourceLocation {
  return { file: description, line: 0, column: 0 };
}

/** Whether any origin is known for the container's values. */
export function hasValueOrigins(container: Container): boolean {
  return tables.has(container) || derived.has(container);
}

/**
 * Gives the items of each of `targets` the origins of the items of `sources` they are (a filter
 * that hands items on: unique, sort, select …; a dict's values count as its items). Each source
 * item is matched once, in order, so of equal items from different places the first given back
 * is the first written; `fromEnd` matches from the last (reverse).
 */
export function carriedValueOrigins(sources: ReadonlyArray<Container>, targets: ReadonlyArray<Container>, fromEnd = false): void {
  // NOTE: matched only when an origin is first asked for (an error names a tagged type): the
  // filters run often on long lists, the question is rare.
  let matched: Map<Container, Map<DictKey, readonly [Container, DictKey]>> | undefined;
  const match = (): Map<Container, Map<DictKey, readonly [Container, DictKey]>> => {
    if (matched) return matched;
    matched = new Map();
    const queues = new Map<Data, Array<readonly [Container, DictKey] | undefined>>();
    for (const source of sources) {
      const known = hasValueOrigins(source);
      for (const [key, item] of entriesOf(source)) {
        let queue = queues.get(item);
        if (!queue) queues.set(item, (queue = []));
        queue.push(known ? [source, key] : undefined);
      }
    }
    for (const to of targets) {
      const from = new Map<DictKey, readonly [Container, DictKey]>();
      for (const [key, item] of entriesOf(to)) {
        const queue = queues.get(item);
        const source = fromEnd ? queue?.pop() : queue?.shift();
        if (source) from.set(key, source);
      }
      matched.set(to, from);
    }
    return matched;
  };
  for (const to of targets) {
    setValueOriginLookup(to, (key) => {
      const source = match().get(to)?.get(key);
      return source ? valueOrigin(source[0], source[1]) : undefined;
    });
  }
}

function entriesOf(c: Container): Iterable<[DictKey, Data]> {
  return Array.isArray(c) ? c.entries() : (c as DataDict).entries();
}
