/**
 * NOTE: 2.19's values carry their origin tags wherever they go, so a filter that hands on items
 * of its input (or of a list argument) gives them back tagged, and a later error names them so
 * ('_AnsibleTaggedInt' in a with_ lookup's type error, in sort's comparison). Volant keeps
 * origins beside the containers; this carries them from the filter's input to its result.
 */
import type { Data, DataDict, DictKey } from '../../core/data.js';
import type { SourceLocation } from '../../core/source-location.js';
import { carriedValueOrigins, hasValueOrigins, keyItemOrigins, setKeyLocationLookup, setValueOriginLookup, valueOrigin } from '../../core/value-origins.js';
import type { Value } from '../runtime/py-object.js';
import { attributePath, entryOrigins, grouperOrigins, pathOrigin, pickedOrigins, zippedOrigins } from '../runtime/entry-origins.js';

/** How a filter's result holds the items it hands on. */
interface Passing {
  /** Its first argument's items are handed on too (union …). */
  readonly argument?: 'first';
  /** Items of nested lists are handed on (flatten). */
  readonly nested?: boolean;
  /** The result is a list of lists of the items (batch, slice). */
  readonly grouped?: boolean;
  /** The items come back last first (reverse). */
  readonly fromEnd?: boolean;
}

const GROUPED: Passing = { grouped: true };
const PASSING_FILTERS = new Map<string, Passing>([
  ['unique', {}], ['sort', {}], ['select', {}], ['reject', {}], ['selectattr', {}], ['rejectattr', {}],
  ['shuffle', {}], ['reverse', { fromEnd: true }], ['flatten', { nested: true }],
  ['union', { argument: 'first' }], ['intersect', { argument: 'first' }], ['difference', { argument: 'first' }],
  ['symmetric_difference', { argument: 'first' }], ['batch', GROUPED], ['slice', GROUPED],
]);
// NOTE: dict2items, dictsort, items, zip and zip_longest hand on keys and values in a small
// container each: those share one lookup (entry-origins.ts), one WeakMap entry apiece.
const ENTRY_FILTERS: ReadonlySet<string> = new Set(['dict2items', 'dictsort', 'items']);
const ZIPPING_FILTERS: ReadonlySet<string> = new Set(['zip', 'zip_longest']);
const PICKING_COMBINATORICS: ReadonlySet<string> = new Set(['product', 'permutations', 'combinations']);

/** product's tuples hold an item of each list in turn (`repeat` times over); the others' of the input's. */
function combinedOrigins(name: string, input: Value, args: readonly Value[], out: Data[]): void {
  if (name !== 'product') {
    const pool = itemsOf(input);
    return pickedOrigins(() => pool, [pool], out);
  }
  const pools = [input, ...args].map(itemsOf);
  return pickedOrigins((j) => pools[j % pools.length], pools, out);
}

/** groupby's groupers are the attribute of each group's first item (a variable's, tagged). */
function groupedOrigins(input: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>, out: Data[]): void {
  const attribute = args[0] ?? kwargs.get('attribute');
  if (typeof attribute !== 'string' || !Array.isArray(input) || !input.some(isContainerWithOrigins)) return;
  grouperOrigins(attribute, out);
}

/** items2dict's keys and values are each item's key and value fields, tagged as those are. */
function pairedOrigins(input: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>, out: DataDict): void {
  if (!Array.isArray(input) || !input.some(isContainerWithOrigins)) return;
  const named = (i: number, kw: string, dflt: string): Value => args[i] ?? kwargs.get(kw) ?? dflt;
  const [keyName, valueName] = [named(0, 'key_name', 'key'), named(1, 'value_name', 'value')];
  if (!isKeyValue(keyName) || !isKeyValue(valueName)) return;
  const items = input as Data[];
  // the last item of a key gives its value, the first its key (a dict keeps the key it has)
  const itemOf = (key: DictKey, last: boolean): Data | undefined => {
    const found = items.filter((item) => item instanceof Map && item.get(keyName) === key);
    return last ? found[found.length - 1] : found[0];
  };
  setValueOriginLookup(out, (key) => {
    const item = itemOf(key, true);
    return item instanceof Map && item.get(valueName) === out.get(key) ? valueOrigin(item as DataDict, valueName) : undefined;
  });
  setKeyLocationLookup(out, (key) => {
    const item = itemOf(key, false);
    return item instanceof Map ? valueOrigin(item as DataDict, keyName) : undefined;
  });
}

const isKeyValue = (v: Value): v is DictKey => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function isContainerWithOrigins(item: Value): boolean {
  return (Array.isArray(item) || item instanceof Map) && hasValueOrigins(item as Data[]);
}

/** The lists (or dict) whose items a filter may hand on: the input, its nested lists, a list argument. */
function sourcesOf(passing: Passing, input: Value, args: readonly Value[]): Array<Data[] | DataDict> {
  const sources: Array<Data[] | DataDict> = [];
  const add = (v: Value, nested: boolean): void => {
    // a dict hands on its keys, as iterating it gives them
    if (v instanceof Map) sources.push(keysOf(v as DataDict));
    if (!Array.isArray(v)) return;
    sources.push(v as Data[]);
    if (nested) for (const item of v) add(item as Value, true);
  };
  add(input, passing.nested === true);
  if (passing.argument === 'first' && args.length > 0) add(args[0] as Value, false);
  return sources;
}

/** The items iterating a value gives, with their origins when it has any. */
function itemsOf(v: Value): readonly Data[] {
  return Array.isArray(v) ? (v as Data[]) : v instanceof Map ? keysOf(v as DataDict) : [];
}

function keysOf(dict: DataDict): Data[] {
  const keys = [...dict.keys()];
  keyItemOrigins(dict, keys);
  return keys;
}

/** Filters that hand on their input itself, or one item of their input list. */
const SELF_FILTERS: ReadonlySet<string> = new Set(['default', 'd', 'mandatory']);
const PICKING_FILTERS: ReadonlySet<string> = new Set(['first', 'last', 'min', 'max']);

/**
 * map hands on what it reads for each item: the item itself (default, mandatory), an item of it
 * (first, last, min, max) or its attribute (`attribute=`); what any other filter makes is new.
 */
function carryMappedOrigins(input: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>, out: Data[]): void {
  if (!Array.isArray(input) || out.length !== input.length) return;
  // an attribute or an item of an item is read from the item's own origins
  if (!hasValueOrigins(input as Data[]) && !input.some(isContainerWithOrigins)) return;
  const items = input as Data[];
  const attribute = kwargs.get('attribute');
  const filter = typeof args[0] === 'string' ? args[0].replace(/^ansible\.builtin\./, '') : undefined;
  let origin: ((item: Data, value: Data, i: number) => SourceLocation | undefined) | undefined;
  if (typeof attribute === 'string') {
    const path = attributePath(attribute);
    origin = (item, value) => pathOrigin(item, path, value);
  } else if (filter !== undefined && SELF_FILTERS.has(filter)) {
    origin = (item, value, i) => (item === value ? valueOrigin(items, i) : undefined);
  } else if (filter !== undefined && PICKING_FILTERS.has(filter)) {
    origin = (item, value) => {
      if (!Array.isArray(item)) return undefined;
      const k = item.findIndex((x, j) => x === value && valueOrigin(item, j) !== undefined);
      return k < 0 ? undefined : valueOrigin(item, k);
    };
  }
  const found = origin;
  // read only when asked, as carriedValueOrigins does
  if (found) setValueOriginLookup(out, (i) => (typeof i === 'number' && i < out.length ? found(items[i] as Data, out[i] as Data, i) : undefined));
}

/** Gives a filter's result the origins of the input items it holds, when the input has any. */
export function carryPassedItemOrigins(filterName: string, input: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>, out: Value): void {
  const name = filterName.replace(/^ansible\.builtin\./, '');
  if (ENTRY_FILTERS.has(name) && input instanceof Map && Array.isArray(out)) return entryOrigins(input as DataDict, out as Data[]);
  if (ZIPPING_FILTERS.has(name) && Array.isArray(out)) return zippedOrigins([input, ...args].map(itemsOf), out as Data[]);
  if (PICKING_COMBINATORICS.has(name) && Array.isArray(out)) return combinedOrigins(name, input, args, out as Data[]);
  if (name === 'groupby' && Array.isArray(out)) return groupedOrigins(input, args, kwargs, out as Data[]);
  if (name === 'items2dict' && out instanceof Map) return pairedOrigins(input, args, kwargs, out as DataDict);
  if (name === 'map' && Array.isArray(out)) return carryMappedOrigins(input, args, kwargs, out as Data[]);
  const passing = PASSING_FILTERS.get(name);
  if (!passing || !Array.isArray(out)) return;
  const sources = sourcesOf(passing, input, args);
  if (!sources.some(hasValueOrigins)) return;
  const results = passing.grouped ? (out as Value[]).filter((x) => Array.isArray(x) || x instanceof Map) : [out];
  carriedValueOrigins(sources, results as Array<Data[] | DataDict>, passing.fromEnd);
}
