/** Python slicing (`x[1:]`, `x[::-1]`) of lists, tuples and strings. */
import { isTuple, markTuple, type Data } from '../../core/data.js';
import { pickedValueOrigins } from '../../core/value-origins.js';
import { PyObject, type Value } from './py-object.js';
import { typeError, valueError } from './py-exception.js';
import { isInt, repr, typeName } from './py-values.js';
import { copiedUnreadItems } from './template-local-copy.js';

export class PySlice extends PyObject {
  readonly typeName = 'slice';
  constructor(
    readonly start: Value,
    readonly stop: Value,
    readonly step: Value,
  ) {
    super();
  }

  override repr(): string {
    return `slice(${[this.start, this.stop, this.step].map((v) => repr(v ?? null)).join(', ')})`;
  }
}

function bound(v: Value): number | null {
  if (v === null || v === undefined) return null;
  if (isInt(v)) return Number(v);
  throw typeError('slice indices must be integers or None or have an __index__ method');
}

/** Python's `slice.indices(len)`: start, stop and step, clamped to a sequence of that length. */
export function sliceBounds(len: number, s: PySlice): [number, number, number] {
  const step = bound(s.step) ?? 1;
  if (step === 0) throw valueError('slice step cannot be zero');
  let start = bound(s.start);
  let stop = bound(s.stop);
  if (step > 0) {
    start = start === null ? 0 : start < 0 ? Math.max(0, start + len) : Math.min(start, len);
    stop = stop === null ? len : stop < 0 ? Math.max(0, stop + len) : Math.min(stop, len);
  } else {
    start = start === null ? len - 1 : start < 0 ? Math.max(-1, start + len) : Math.min(start, len - 1);
    stop = stop === null ? -1 : stop < 0 ? Math.max(-1, stop + len) : Math.min(stop, len - 1);
  }
  return [start, stop, step];
}

export function sliceIndices(len: number, s: PySlice): number[] {
  const [start, stop, step] = sliceBounds(len, s);
  const out: number[] = [];
  if (step > 0) for (let i = start; i < stop; i += step) out.push(i);
  else for (let i = start; i > stop; i += step) out.push(i);
  return out;
}

export function applySlice(obj: Value, s: PySlice): Value {
  if (typeof obj === 'string') {
    const chars = /[\ud800-\udfff]/.test(obj) ? Array.from(obj) : null;
    if (chars) return sliceIndices(chars.length, s).map((i) => chars[i]).join('');
    if (s.step === null || s.step === undefined || s.step === 1) {
      const idx = sliceIndices(obj.length, s);
      return idx.length === 0 ? '' : obj.slice(idx[0], (idx[idx.length - 1] as number) + 1);
    }
    return sliceIndices(obj.length, s).map((i) => obj[i]).join('');
  }
  if (Array.isArray(obj)) {
    const indexes = sliceIndices(obj.length, s);
    const out = indexes.map((i) => obj[i]) as Data[];
    pickedValueOrigins(obj as Data[], indexes, out);
    copiedUnreadItems([obj as Data[]], out);
    return isTuple(obj) ? markTuple(out) : out;
  }
  throw typeError(`'${typeName(obj)}' object is not subscriptable`);
}
