/**
 * A variable's lists and dicts as a template that mutates them sees them. NOTE: 2.19 hands a
 * template lazy copies of variable containers, so `l.append(1)` or `d.update(…)` changes the
 * value within that render only; the variable keeps its value for the next template or task.
 */
import { isTuple, markTuple, type Data, type DataDict } from '../../core/data.js';
import { copyValueOrigins } from '../../core/value-origins.js';
import { isUntrustedContainer, untrusted } from './trust.js';
import type { Value } from './py-object.js';

/** A deep copy of the lists and dicts in `value` (tuple, trust and origin marks kept); other values shared. */
export function templateLocalCopy(value: Value): Value {
  if (Array.isArray(value)) {
    const list = value as Data[];
    const copy = list.map((item) => templateLocalCopy(item) as Data);
    return keepMarks(list, isTuple(list) ? markTuple(copy) : copy);
  }
  if (value instanceof Map) {
    const dict = value as DataDict;
    const copy: DataDict = new Map();
    for (const [k, item] of dict) copy.set(k, templateLocalCopy(item) as Data);
    return keepMarks(dict, copy);
  }
  return value;
}

function keepMarks<C extends Data[] | DataDict>(from: C, to: C): C {
  copyValueOrigins(from, to);
  if (isUntrustedContainer(from)) untrusted(to);
  return to;
}
