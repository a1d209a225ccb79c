/**
 * NOTE: 2.19's values carry their origin tags wherever they go, so a filter that hands on items
 * of its input (or of a list argument) gives them back tagged, and a later error names them so
 * ('_AnsibleTaggedInt' in a with_ lookup's type error, in sort's comparison). Volant keeps
 * origins beside the containers; this carries them from the filter's input to its result.
 */
import type { Data, DataDict } from '../../core/data.js';
import type { SourceLocation } from '../../core/source-location.js';
import { carriedValueOrigins, hasValueOrigins, keyItemOrigins, setValueOriginLookup, valueOrigin } from '../../core/value-origins.js';
import type { Value } from '../runtime/py-object.js';

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
// NOTE: dict2items, dictsort, zip, product … hand on values too, one per small container; a
// WeakMap entry for each of those (~6 µs) would cost more than the filter, for an error's word.

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
  if (!Array.isArray(input) || out.length !== input.length || !hasValueOrigins(input as Data[])) return;
  const items = input as Data[];
  const attribute = kwargs.get('attribute');
  const filter = typeof args[0] === 'string' ? args[0].replace(/^ansible\.builtin\./, '') : undefined;
  let origin: ((item: Data, value: Data, i: number) => SourceLocation | undefined) | undefined;
  if (typeof attribute === 'string' && !attribute.includes('.')) {
    origin = (item, value) => (item instanceof Map && item.get(attribute) === value ? valueOrigin(item, attribute) : undefined);
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
export function carryPassedItemOrigins(name: string, input: Value, args: readonly Value[], kwargs: ReadonlyMap<string, Value>, out: Value): void {
  if (name === 'map' && Array.isArray(out)) return carryMappedOrigins(input, args, kwargs, out as Data[]);
  const passing = PASSING_FILTERS.get(name);
  if (!passing || !Array.isArray(out)) return;
  const sources = sourcesOf(passing, input, args);
  if (!sources.some(hasValueOrigins)) return;
  const results = passing.grouped ? (out as Value[]).filter((x) => Array.isArray(x) || x instanceof Map) : [out];
  carriedValueOrigins(sources, results as Array<Data[] | DataDict>, passing.fromEnd);
}
