/**
 * NOTE: 2.19's list lookups (items, list, dict, indexed_items, together, nested, subelements,
 * random_choice) hand back the very values of their terms, origin tags and all: a with_items
 * item written in the playbook or read from a variable fails an operator as '_AnsibleTaggedInt',
 * and a conditional on it names where it was written. Volant keeps origins beside the containers
 * (core/value-origins.ts): these give a lookup's result the origins of the term values it holds.
 * The terms list itself holds the origins of terms read straight from variables.
 */
import type { Data, DataDict, DictKey } from '../../core/data.js';
import type { SourceLocation } from '../../core/source-location.js';
import { copyValueOrigins, hasValueOrigins, keyLocation, setValueOrigin, setValueOriginLookup, valueOrigin } from '../../core/value-origins.js';

type Container = Data[] | DataDict;
/** Where an item of a result came from: a container and its key there. */
type Source = readonly [Container, DictKey];

const isContainer = (v: Data): v is Container => Array.isArray(v) || v instanceof Map;

/** Whether any term (or item of a list term) has an origin to hand on. */
export function termsCarryOrigins(terms: readonly Data[]): boolean {
  return hasValueOrigins(terms) || terms.some((t) => isContainer(t) && hasValueOrigins(t));
}

/** Gives `out`'s entries the origins of their sources, found when first asked. */
function originsFrom(out: Container, sources: () => ReadonlyMap<DictKey, Source>): void {
  let known: ReadonlyMap<DictKey, Source> | undefined;
  setValueOriginLookup(out, (key) => {
    const source = (known ??= sources()).get(key);
    return source ? valueOrigin(source[0], source[1]) : undefined;
  });
}

/** Each term's items once flattened (LookupBase._flatten): a list term's items, else the term. */
function flattenedSources(terms: readonly Data[]): Source[] {
  const out: Source[] = [];
  terms.forEach((term, i) => {
    if (Array.isArray(term)) for (let j = 0; j < term.length; j++) out.push([term, j]);
    else out.push([terms as Data[], i]);
  });
  return out;
}

const indexed = (sources: readonly Source[]): ReadonlyMap<DictKey, Source> => new Map(sources.map((s, k) => [k, s]));

/** items, flattened once: item k of the result is source k. */
export function flattenedItemOrigins(terms: readonly Data[], out: Data[]): void {
  if (termsCarryOrigins(terms)) originsFrom(out, () => indexed(flattenedSources(terms)));
}

/** list: item k is term k. */
export function termItemOrigins(terms: readonly Data[], out: Data[]): void {
  if (hasValueOrigins(terms)) originsFrom(out, () => indexed(terms.map((_, i) => [terms as Data[], i] as const)));
}

/** indexed_items: each (index, item) pair holds source k at 1; the index is new. */
export function indexedItemOrigins(terms: readonly Data[], out: Data[]): void {
  if (!termsCarryOrigins(terms)) return;
  const sources = flattenedSources(terms);
  out.forEach((pair, k) => {
    const source = sources[k];
    if (source && Array.isArray(pair)) originsFrom(pair, () => new Map([[1, source]]));
  });
}

/** dict: each {key, value} holds the term's value and its key, where they were written. */
export function dictItemOrigins(term: DataDict, items: readonly DataDict[]): void {
  if (!hasValueOrigins(term)) return;
  for (const item of items) {
    const key = item.get('key') as DictKey;
    setValueOrigin(item, 'key', keyLocation(term, key) ?? null);
    setValueOrigin(item, 'value', valueOrigin(term, key) ?? null);
  }
}

/**
 * together and nested: each row holds, at each place, an item of one term's list (or the padding
 * None); `picks[p]` is the index in term p's items, -1 for padding. A row a nested list widened
 * (flattened once more) is left alone.
 */
export function rowItemOrigins(lists: readonly Data[][], rows: readonly Data[], picks: ReadonlyArray<readonly number[]>): void {
  if (!lists.some(hasValueOrigins)) return;
  rows.forEach((row, r) => {
    const pick = picks[r];
    if (!Array.isArray(row) || !pick || row.length !== pick.length) return;
    originsFrom(row, () => {
      const m = new Map<DictKey, Source>();
      pick.forEach((j, p) => {
        const list = lists[p];
        if (list && j >= 0) m.set(p, [list, j]);
      });
      return m;
    });
  });
}

/** subelements: each (element, item) pair holds the element's copy (its values' origins) and the list's item. */
export function subelementOrigins(element: DataDict, trimmed: DataDict, list: Data[], pairs: readonly Data[][]): void {
  copyValueOrigins(element, trimmed);
  pairedItemOrigins(list, pairs);
}

/** Pair j holds item j of the list at 1 (the subelements filter's and lookup's pairs). */
export function pairedItemOrigins(list: Data[], pairs: readonly Data[][]): void {
  if (!hasValueOrigins(list)) return;
  pairs.forEach((pair, j) => originsFrom(pair, () => new Map([[1, [list, j] as const]])));
}

/** random_choice: the one item is the term picked. */
export function pickedTermOrigin(terms: readonly Data[], index: number, out: Data[]): void {
  const origin: SourceLocation | undefined = valueOrigin(terms, index);
  if (origin) setValueOrigin(out, 0, origin);
}
