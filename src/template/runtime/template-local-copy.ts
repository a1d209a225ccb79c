/**
 * A variable's lists and dicts as a template that mutates them sees them. NOTE: 2.19 hands a
 * template lazy copies of variable containers, so `l.append(1)` or `d.update(…)` changes the
 * value within that render only; the variable keeps its value for the next template or task.
 */
import { isTuple, markTuple, type Data, type DataDict } from '../../core/data.js';
import { copyValueOrigins } from '../../core/value-origins.js';
import { isUntrustedContainer, untrusted } from './trust.js';
import type { Value } from './py-object.js';
import { holdsUnreadItems, isUnreadItem, noteUnreadItems } from './unread-items.js';

/**
 * A deep copy of the lists and dicts in `value` (tuple, trust and origin marks kept); other values
 * shared. Its nested lists and dicts are not read yet (unread-items.ts).
 */
export function templateLocalCopy(value: Value): Value {
  if (Array.isArray(value)) {
    const list = value as Data[];
    const copy = list.map((item) => templateLocalCopy(item) as Data);
    return keepMarks(list, isTuple(list) ? markTuple(copy) : copy, copy);
  }
  if (value instanceof Map) {
    const dict = value as DataDict;
    const copy: DataDict = new Map();
    for (const [k, item] of dict) copy.set(k, templateLocalCopy(item) as Data);
    return keepMarks(dict, copy, copy.values());
  }
  return value;
}

function keepMarks<C extends Data[] | DataDict>(from: C, to: C, items: Iterable<Data>): C {
  copyValueOrigins(from, to);
  if (isUntrustedContainer(from)) untrusted(to);
  noteUnreadItems(to, items);
  return to;
}

/**
 * A copy (`copy()`, a slice, `+`, `*`) of `sources`' items as `to` holds them: each one not read
 * yet in its source is made afresh (and is not read yet in `to`), as 2.19 makes it from the
 * written value; one read before is shared (unread-items.ts).
 */
export function copiedUnreadItems<C extends Data[] | DataDict>(sources: ReadonlyArray<Data[] | DataDict>, to: C): C {
  const from = sources.filter(holdsUnreadItems);
  if (from.length === 0) return to;
  const fresh = (item: Data): Data | undefined => (from.some((s) => isUnreadItem(s, item)) ? (templateLocalCopy(item) as Data) : undefined);
  const made: Data[] = [];
  if (Array.isArray(to)) {
    to.forEach((item, i) => {
      const copy = fresh(item);
      if (copy !== undefined) made.push((to[i] = copy));
    });
  } else {
    for (const [k, item] of to as DataDict) {
      const copy = fresh(item);
      if (copy === undefined) continue;
      made.push(copy);
      (to as DataDict).set(k, copy);
    }
  }
  noteUnreadItems(to, made);
  return to;
}
