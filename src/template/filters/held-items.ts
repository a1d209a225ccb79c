/**
 * NOTE: 2.19 hands a filter its input as a lazy container, and reading an item that holds an
 * undefined value or a held failure (a marker) trips it, unless the filter accepts markers
 * (map, select …). A filter that walks every item therefore fails on the first such item, even
 * when its result would not show it (`[1, nope] | list | length`, `{'a': nope} | dict2items |
 * length`); one that only counts or picks (length, first, shuffle's caught failure) does not.
 * These tables name the filters that walk, and what they walk.
 */
import { Undefined, undefinedError } from '../runtime/undefined.js';
import type { Value } from '../runtime/py-object.js';

/** Filters iterating a list input's items (a dict input yields only its keys). */
const LIST_WALKERS = new Set([
  'list', 'reverse', 'batch', 'slice', 'flatten', 'items2dict', 'groupby',
  'zip', 'zip_longest', 'product', 'combinations', 'permutations',
  'union', 'intersect', 'difference', 'symmetric_difference',
]);

/** Filters reading a dict input's values too. */
const VALUE_WALKERS = new Set(['dict2items', 'items', 'combine', 'dictsort']);

/** Filters that refuse a list input (not a mapping) before they read any of its items. */
const MAPPING_ONLY = new Set(['dict2items', 'items', 'dictsort']);

/** Filters iterating their positional arguments as they iterate their input. */
const ARGUMENT_WALKERS = new Set(['zip', 'zip_longest', 'product', 'union', 'intersect', 'difference', 'symmetric_difference', 'combine']);

/** Filters whose walk goes down into nested lists. */
const DEEP_WALKERS = new Set(['flatten']);

function firstHeld(v: Value, values: boolean, deep: boolean): Undefined | undefined {
  if (Array.isArray(v)) {
    for (const item of v as Value[]) {
      if (item instanceof Undefined) return item;
      if (deep && Array.isArray(item)) {
        const inner = firstHeld(item, values, deep);
        if (inner) return inner;
      }
    }
  } else if (values && v instanceof Map) {
    for (const item of (v as Map<unknown, Value>).values()) if (item instanceof Undefined) return item;
  }
  return undefined;
}

/** Throws what using the first held item the filter walks raises, as 2.19's lazy containers do. */
export function tripHeldItems(filter: string, input: Value, args: readonly Value[]): void {
  const name = filter.startsWith('ansible.builtin.') ? filter.slice('ansible.builtin.'.length) : filter;
  const values = VALUE_WALKERS.has(name);
  if (!values && !LIST_WALKERS.has(name)) return;
  if (MAPPING_ONLY.has(name) && Array.isArray(input)) return;
  const deep = DEEP_WALKERS.has(name);
  const walked = ARGUMENT_WALKERS.has(name) ? [input, ...args] : [input];
  for (const v of walked) {
    const held = firstHeld(v, values, deep);
    if (held) throw undefinedError(held);
  }
}
