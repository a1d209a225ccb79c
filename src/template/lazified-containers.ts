/**
 * NOTE: 2.19 wraps the plain lists and dicts a template wrote in lazy containers (copying them,
 * one level deep) wherever its lazify_container runs: as a value is printed (finalize), and as
 * it is handed to a call, filter or test or comes back from one. A variable's list or dict is
 * lazy already and passes as it is. So a change later in the same template shows in a variable
 * printed before it, but not in a written list printed before it (`{{ l }}{{ l.append(2) }}`
 * printed [1]), nor in what a call was given (`l.append(m)`, `namespace(l=m)`, a macro's
 * argument). A tuple is never lazy: its plain lists and dicts are copied at once, its tuples
 * likewise. Only templates that call a method changing a container ask (the compiler marks
 * their plain containers then: literal-lists.ts).
 */
import { isTuple, markTuple, type Data, type DataDict } from '../core/data.js';
import { copyValueOrigins } from '../core/value-origins.js';
import { isGroupTuple } from './runtime/group-tuple.js';
import { isLiteralList } from './runtime/literal-lists.js';
import type { Value } from './runtime/py-object.js';
import { noteRawItems } from './raw-containers.js';

/** The value as 2.19's lazify_container leaves it: see above. */
export function lazified(v: Value): Value {
  if (Array.isArray(v) && isTuple(v)) return isGroupTuple(v) ? v : lazifiedTuple(v as Data[]);
  if (!isLiteralList(v)) return v;
  if (Array.isArray(v)) return copied(v as Data[], (v as Data[]).slice());
  if (v instanceof Map) return copied(v as DataDict, new Map(v as DataDict));
  return v;
}

function lazifiedTuple(tuple: Data[]): Value {
  const items = tuple.map((item) => lazified(item as Value) as Data);
  return items.every((item, i) => item === tuple[i]) ? tuple : copied(tuple, markTuple(items));
}

function copied<T extends Data[] | DataDict>(from: T, to: T): T {
  copyValueOrigins(from, to);
  noteRawItems(to, Array.isArray(to) ? to : to.values());
  return to;
}
