/**
 * NOTE: 2.19's values keep their origin tags in the small containers a filter or method builds of
 * them: `d.items()`, `d | dictsort`, `d | items` give `(key, value)` tuples, dict2items
 * `{'key': …, 'value': …}` dicts, zip, product, permutations and combinations tuples of their
 * lists' items, groupby its groupers, so
 * `(d | dict2items)[0].key - 1` or `{% for k, v in d.items() %}{{ v - 'a' }}` name
 * '_AnsibleTaggedStr' / '_AnsibleTaggedInt' when d came from YAML. Volant keeps origins beside
 * its containers: each built container shares one lookup that reads them from the source again,
 * only when an error asks.
 */
import type { Data, DataDict, DictKey } from '../../core/data.js';
import type { SourceLocation } from '../../core/source-location.js';
import { hasValueOrigins, keyLocation, setDerivedOriginLookup, valueOrigin } from '../../core/value-origins.js';

type Slot = DictKey | undefined;

function itemAt(self: readonly Data[] | DataDict, slot: Slot): Data | undefined {
  if (slot === undefined) return undefined;
  return Array.isArray(self) ? (typeof slot === 'number' ? self[slot] : undefined) : (self as DataDict).get(slot);
}

const isKey = (v: Data | undefined): v is DictKey => v === null || (typeof v !== 'object' && v !== undefined && typeof v !== 'bigint');

/**
 * Gives each of `entries` (a pair of one of `dict`'s keys and its value: a tuple, or a dict whose
 * first key names the key and second the value) the origins of that key and value.
 */
export function entryOrigins(dict: DataDict, entries: readonly Data[]): void {
  if (!hasValueOrigins(dict)) return;
  setDerivedOriginLookup(entries, (self, key) => {
    const [keySlot, valueSlot]: Slot[] = Array.isArray(self) ? [0, 1] : [...(self as DataDict).keys()];
    const k = itemAt(self, keySlot);
    // one name for both (dict2items('x', 'x')) holds the value only
    if (!isKey(k) || keySlot === valueSlot || !dict.has(k)) return undefined;
    if (key === keySlot) return keyLocation(dict, k);
    return key === valueSlot && itemAt(self, valueSlot) === dict.get(k) ? valueOrigin(dict, k) : undefined;
  });
}

/** Gives each tuple of `out` (zip's, one item of each of `lists` in turn) those items' origins. */
export function zippedOrigins(lists: ReadonlyArray<readonly Data[]>, out: readonly Data[]): void {
  if (!lists.some(hasValueOrigins)) return;
  setDerivedOriginLookup(out, (self, key) => {
    const i = out.indexOf(self as Data);
    const list = typeof key === 'number' ? lists[key] : undefined;
    return i >= 0 && list !== undefined && i < list.length && list[i] === itemAt(self, key) ? valueOrigin(list, i) : undefined;
  });
}

/**
 * Gives each tuple of `out` (product's, permutations', combinations') the origins of the items it
 * holds: the item at `j` is one of `poolOf(j)`'s. Equal items are told apart by whether any of
 * them has an origin: the question is whether 2.19 holds it tagged.
 */
export function pickedOrigins(poolOf: (j: number) => readonly Data[] | undefined, pools: ReadonlyArray<readonly Data[]>, out: readonly Data[]): void {
  if (!pools.some(hasValueOrigins)) return;
  setDerivedOriginLookup(out, (self, key) => {
    const pool = typeof key === 'number' ? poolOf(key) : undefined;
    if (pool === undefined) return undefined;
    const item = itemAt(self, key);
    const i = pool.findIndex((x, k) => x === item && valueOrigin(pool, k) !== undefined);
    return i < 0 ? undefined : valueOrigin(pool, i);
  });
}

/** The parts of a Jinja attribute path (`'a.0'`: digits are indexes). */
export function attributePath(attribute: string): DictKey[] {
  return attribute.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Where the value at `path` inside `item` was written, when it is still `value`. */
export function pathOrigin(item: Data, path: readonly DictKey[], value: Data): SourceLocation | undefined {
  let container: Data = item;
  for (const [i, part] of path.entries()) {
    if (!(Array.isArray(container) || container instanceof Map)) return undefined;
    const next = itemAt(container as Data[] | DataDict, part);
    if (i === path.length - 1) return next === value ? valueOrigin(container as Data[] | DataDict, part) : undefined;
    container = next ?? null;
  }
  return undefined;
}

/** Gives each of groupby's `(grouper, list)` tuples its grouper's origin: the attribute of its first item. */
export function grouperOrigins(attribute: string, groups: readonly Data[]): void {
  const path = attributePath(attribute);
  setDerivedOriginLookup(groups, (self, key) => {
    const list = itemAt(self, 1);
    return key === 0 && Array.isArray(list) && list.length > 0 ? pathOrigin(list[0] as Data, path, itemAt(self, 0) ?? null) : undefined;
  });
}
