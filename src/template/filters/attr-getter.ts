/**
 * Jinja's make_attrgetter: `attribute='a.b.0'` walks items (dotted parts; digits are indexes),
 * optionally lower-casing strings for case-insensitive comparisons.
 */
import { getItem } from '../runtime/attributes.js';
import type { Value } from '../runtime/py-object.js';
import { Undefined } from '../runtime/undefined.js';

export type Getter = (item: Value) => Value;

export function ignoreCase(v: Value): Value {
  return typeof v === 'string' ? v.toLowerCase() : v;
}

export function attrGetter(attribute: Value, postprocess: ((v: Value) => Value) | null = null, dflt?: Value): Getter {
  const parts: Value[] =
    attribute === null || attribute === undefined
      ? []
      : typeof attribute === 'string'
        ? attribute.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))
        : [attribute];
  return (item) => {
    let v = item;
    for (const p of parts) {
      v = getItem(v, p);
      if (v instanceof Undefined) break;
    }
    // NOTE: Jinja takes a None default for none given (`map(attribute='x', default=None)` still fails).
    if (v instanceof Undefined && dflt !== undefined && dflt !== null) v = dflt;
    return postprocess ? postprocess(v) : v;
  };
}
