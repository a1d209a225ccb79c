/**
 * Engine runtime objects inside data handed to a serializing filter (to_json, to_yaml):
 * datetimes become what Ansible's encoders write for them, a range() the list it holds. Returns the same object when there
 * is nothing to convert, so the common case costs one walk and no copies.
 */
import type { Data, DataDict } from '../../core/data.js';
import { PyDateTime } from '../runtime/py-datetime.js';
import { PyRange } from '../runtime/py-values.js';

/** How Ansible's JSON encoder writes a datetime: isoformat(). */
export function datetimeIso(value: PyDateTime): string {
  return value.isoformat();
}

export function replaceRuntime(value: Data, convert: (dt: PyDateTime) => Data): Data {
  const v: unknown = value;
  if (v instanceof PyDateTime) return convert(v);
  if (v instanceof PyRange) return [...v];
  if (Array.isArray(value)) {
    let copy: Data[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as Data;
      const r = replaceRuntime(item, convert);
      if (r !== item) copy ??= value.slice();
      if (copy) copy[i] = r;
    }
    return copy ?? value;
  }
  if (value instanceof Map) {
    let copy: DataDict | undefined;
    for (const [k, item] of value) {
      const r = replaceRuntime(item, convert);
      if (r !== item) copy ??= new Map(value);
      if (copy) copy.set(k, r);
    }
    return copy ?? value;
  }
  return value;
}
