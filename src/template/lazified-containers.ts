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

/**
 * The value as 2.19's lazify_container leaves it as it is handed to a call, filter or test or
 * comes back from one: see above. NOTE: the lazy container copies a plain list or dict it holds
 * as that item is read (and keeps the copy in its place), so nothing read through it reaches the
 * written one (`{% for x in l | list %}{{ x.append(2) }}` leaves `l`'s lists alone); the plugin
 * reads them as it runs, so Volant copies them at once, as deep as the template wrote them.
 */
export function lazified(v: Value): Value {
  return lazifiedIn(v, new Map());
}

/**
 * The value as 2.19's lazify_container leaves it as it is printed: one level is copied now; the
 * items are read (and copied) only as the template's result is made, after the template ran, so
 * a later change to a nested list shows (`{{ [l] }}{{ l.append(2) }}` prints [[1, 2]]).
 */
export function lazifiedPrinted(v: Value): Value {
  if (Array.isArray(v) && isTuple(v)) return isGroupTuple(v) ? v : lazifiedTuple(v as Data[], null);
  if (!isLiteralList(v)) return v;
  if (Array.isArray(v)) return copied(v as Data[], (v as Data[]).slice());
  if (v instanceof Map) return copied(v as DataDict, new Map(v as DataDict));
  return v;
}

/**
 * `made` maps each container copied so far to its copy (a list holding itself is copied once);
 * null copies one level only.
 */
function lazifiedIn(v: Value, made: Map<object, Value> | null): Value {
  if (made === null) return lazifiedPrinted(v);
  if (Array.isArray(v) && isTuple(v)) return isGroupTuple(v) ? v : lazifiedTuple(v as Data[], made);
  if (!isLiteralList(v) || !(Array.isArray(v) || v instanceof Map)) return v;
  const known = made.get(v);
  if (known !== undefined) return known;
  if (Array.isArray(v)) {
    const out: Data[] = [];
    made.set(v, out);
    for (const item of v as Data[]) out.push(lazifiedIn(item as Value, made) as Data);
    return copied(v as Data[], out);
  }
  const out: DataDict = new Map();
  made.set(v, out);
  for (const [k, item] of v as DataDict) out.set(k, lazifiedIn(item as Value, made) as Data);
  return copied(v as DataDict, out);
}

function lazifiedTuple(tuple: Data[], made: Map<object, Value> | null): Value {
  const items = tuple.map((item) => lazifiedIn(item as Value, made) as Data);
  return items.every((item, i) => item === tuple[i]) ? tuple : copied(tuple, markTuple(items));
}

function copied<T extends Data[] | DataDict>(from: T, to: T): T {
  copyValueOrigins(from, to);
  noteRawItems(to, Array.isArray(to) ? to : to.values());
  return to;
}
