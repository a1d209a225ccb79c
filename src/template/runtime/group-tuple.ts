/** `groupby` results: tuples that also answer `.grouper` and `.list`, as Jinja's namedtuple does. */
import { markTuple, type Data } from '../../core/data.js';
import type { Value } from './py-object.js';
import type { RenderOptions } from '../api.js';
import { holdsList } from './holds-list.js';

const groupTuples = new WeakSet<object>();
let anyGroupTuple = false;

export function groupTuple(grouper: Value, list: Value[]): Data[] {
  const t = markTuple([grouper, list] as Data[]);
  groupTuples.add(t);
  anyGroupTuple = true;
  return t;
}

export function isGroupTuple(v: unknown): boolean {
  return Array.isArray(v) && groupTuples.has(v);
}

export function groupTupleAttr(obj: Value, name: string): Value | undefined {
  if (!Array.isArray(obj) || !groupTuples.has(obj)) return undefined;
  if (name === 'grouper') return obj[0] as Value;
  if (name === 'list') return obj[1] as Value;
  return undefined;
}

/**
 * NOTE: 2.19 converts a template's native result to what variables can hold, and warns once when
 * groupby's tuples are in it (anywhere); text made of several parts keeps them as tuples, unwarned.
 */
export function warnGroupTupleStorage(v: unknown, options: RenderOptions): void {
  // NOTE: every stored template result passes here; the walk is only worth it once groupby ran.
  if (anyGroupTuple && holdsList(v, (list) => groupTuples.has(list))) {
    options.warn?.({ kind: 'warning', message: "Type 'GroupTuple' is unsupported in variable storage, converting to 'list'.", ...(options.origin ? { origin: options.origin } : {}) });
  }
}
