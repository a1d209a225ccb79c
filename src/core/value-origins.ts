/**
 * Where a dict's values were written, kept beside the data (Volant's dicts carry no positions)
 * so an error about a variable's value can name its definition, as 2.19's origin tags do
 * ("Conditional result … derived from value of type 'str' at '<file:line:col>'", a recursive
 * template's `Origin:`).
 *
 * A dict made from YAML registers a lookup (positions are read from its node only when asked);
 * merges copy single entries.
 */
import type { DataDict, DictKey } from './data.js';
import type { SourceLocation } from './source-location.js';

type OriginLookup = (key: DictKey) => SourceLocation | undefined;

interface OriginTable {
  lookup?: OriginLookup;
  entries?: Map<DictKey, SourceLocation | null>;
}

const tables = new WeakMap<DataDict, OriginTable>();

function table(dict: DataDict): OriginTable {
  let t = tables.get(dict);
  if (!t) {
    t = {};
    tables.set(dict, t);
  }
  return t;
}

/** Registers how to find the origin of any of the dict's values (a dict loaded from YAML). */
export function setValueOriginLookup(dict: DataDict, lookup: OriginLookup): void {
  table(dict).lookup = lookup;
}

/** Records where one value was written; `null` when it is known to have no origin. */
export function setValueOrigin(dict: DataDict, key: DictKey, origin: SourceLocation | null): void {
  (table(dict).entries ??= new Map()).set(key, origin);
}

export function valueOrigin(dict: DataDict, key: DictKey): SourceLocation | undefined {
  const t = tables.get(dict);
  if (!t) return undefined;
  const entry = t.entries?.get(key);
  if (entry !== undefined) return entry ?? undefined;
  return t.lookup?.(key);
}

/** Carries `key`'s value origin from one dict to another when the value is copied over. */
export function copyValueOrigin(from: DataDict, to: DataDict, key: DictKey): void {
  const origin = valueOrigin(from, key);
  if (origin) setValueOrigin(to, key, origin);
  else if (tables.has(to)) setValueOrigin(to, key, null);
}

/** An origin that is a description, not a file position (`<CLI option '-e'>`). */
export function describedOrigin(description: string): SourceLocation {
  return { file: description, line: 0, column: 0 };
}
