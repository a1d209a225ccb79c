/**
 * Where the names of a dict's keys were written, kept beside the data (Volant's dicts carry no
 * positions) so warnings about a variable can point at it as ansible's do.
 */
import type { DataDict, DictKey } from './data.js';
import type { SourceLocation } from './source-location.js';

/** A file position, or a description ansible prints instead (`<CLI option '-e'>`). */
export type KeyOrigin = SourceLocation | { readonly description: string };

const origins = new WeakMap<DataDict, Map<DictKey, KeyOrigin>>();

export function setKeyOrigin(dict: DataDict, key: DictKey, origin: KeyOrigin): void {
  let map = origins.get(dict);
  if (!map) {
    map = new Map();
    origins.set(dict, map);
  }
  map.set(key, origin);
}

export function keyOrigin(dict: DataDict, key: DictKey): KeyOrigin | undefined {
  return origins.get(dict)?.get(key);
}

/** Copies `key`'s origin from one dict to another (when a merge keeps the key). */
export function copyKeyOrigin(from: DataDict, to: DataDict, key: DictKey): void {
  const origin = origins.get(from)?.get(key);
  if (origin) setKeyOrigin(to, key, origin);
}

/**
 * Sets `from`'s entries into `into` as Python's dict update does: a name already there keeps its
 * place and where it was first written (the first key object stays); a new one brings its origin.
 */
export function updateKeepingKeyOrigins(into: DataDict, from: DataDict): void {
  for (const [key, value] of from) {
    if (!into.has(key)) copyKeyOrigin(from, into, key);
    into.set(key, value);
  }
}
