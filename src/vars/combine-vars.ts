/**
 * ansible's combine_vars for one name, as `[defaults] hash_behaviour` says: `replace` (the
 * default) keeps the higher value; `merge` merges two dicts recursively (lists replaced).
 */
import type { Data, DataDict } from '../core/data.js';
import { copyKeyOrigin } from '../inventory/key-origins.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { mergeHash } from '../template/filters/ansible-structures.js';

export type HashBehaviour = 'replace' | 'merge';

/** The value `higher` gives `name` over `lower`'s, as combine_vars does. */
export function combinedValue(lower: Data | undefined, higher: Data, merge: boolean): Data {
  return merge && lower instanceof Map && higher instanceof Map ? mergeHash(lower, higher, true, 'replace') : higher;
}

/**
 * Copies `source`'s names into `target` (mutated), each combined with the value already there.
 * `keepKeyOrigin` keeps where a name was first written (Python's `dict | dict` keeps the key).
 */
export function combineInto(target: DataDict, source: DataDict, merge: boolean, keepKeyOrigin = false): void {
  for (const [k, v] of source) {
    if (keepKeyOrigin && !target.has(k)) copyKeyOrigin(source, target, k);
    target.set(k, combinedValue(target.get(k), v, merge));
    copyValueOrigin(source, target, k);
  }
}
