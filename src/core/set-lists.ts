/**
 * The lists that stand for Python sets YAML's `!!set` made. NOTE: 2.19 keeps such a value a set
 * (`type_debug` says `set`, its str() is `{'a', 'b'}`) until a template's result is stored,
 * where it becomes a list with a warning. Volant keeps the members in the order written.
 */
import type { Data } from './data.js';

const setLists = new WeakSet<readonly Data[]>();
let anySetList = false;

export function markSetList<T extends readonly Data[]>(list: T): T {
  setLists.add(list);
  anySetList = true;
  return list;
}

/** Whether this process has made a set at all: most never do, and skip looking for one. */
export function setListsMade(): boolean {
  return anySetList;
}

export function isSetList(value: unknown): value is Data[] {
  return Array.isArray(value) && setLists.has(value);
}
