/**
 * NOTE: 2.19's values carry their origin tags wherever they go, so a filter that hands on items
 * of its input (or of a list argument) gives them back tagged, and a later error names them so
 * ('_AnsibleTaggedInt' in a with_ lookup's type error, in sort's comparison). Volant keeps
 * origins beside the containers; this carries them from the filter's input to its result.
 */
import type { Data } from '../../core/data.js';
import { carriedValueOrigins, hasValueOrigins } from '../../core/value-origins.js';
import type { Value } from '../runtime/py-object.js';

/** How a filter's result holds the items it hands on. */
interface Passing {
  /** Its first argument's items are handed on too (union …). */
  readonly argument?: boolean;
  /** Items of nested lists are handed on (flatten). */
  readonly nested?: boolean;
  /** The result is a list of lists of the items (batch, slice). */
  readonly grouped?: boolean;
  /** The items come back last first (reverse). */
  readonly fromEnd?: boolean;
}

const PASSING_FILTERS = new Map<string, Passing>([
  ['unique', {}], ['sort', {}], ['select', {}], ['reject', {}], ['selectattr', {}], ['rejectattr', {}],
  ['map', {}], ['shuffle', {}], ['reverse', { fromEnd: true }], ['flatten', { nested: true }],
  ['union', { argument: true }], ['intersect', { argument: true }], ['difference', { argument: true }],
  ['symmetric_difference', { argument: true }], ['batch', { grouped: true }], ['slice', { grouped: true }],
]);

/** The lists whose items a filter may hand on: the input, its nested lists, a list argument. */
function sourcesOf(passing: Passing, input: Value, args: readonly Value[]): Data[][] {
  const sources: Data[][] = [];
  const add = (v: Value, nested: boolean): void => {
    if (!Array.isArray(v)) return;
    sources.push(v as Data[]);
    if (nested) for (const item of v) add(item as Value, true);
  };
  add(input, passing.nested === true);
  if (passing.argument && args.length > 0) add(args[0] as Value, false);
  return sources;
}

/** Gives a filter's result the origins of the input items it holds, when the input has any. */
export function carryPassedItemOrigins(name: string, input: Value, args: readonly Value[], out: Value): void {
  const passing = PASSING_FILTERS.get(name);
  if (!passing || !Array.isArray(out)) return;
  const sources = sourcesOf(passing, input, args);
  if (!sources.some(hasValueOrigins)) return;
  const results = passing.grouped ? (out as Value[]).filter(Array.isArray) : [out];
  for (const result of results) carriedValueOrigins(sources, result as Data[], passing.fromEnd);
}
