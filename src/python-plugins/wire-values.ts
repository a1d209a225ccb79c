/**
 * Template values to and from the Python plugin helper: JSON, with a tagged object
 * (`{"__volant__": tag, "v": …}`) wherever JSON would lose a Python distinction — floats that
 * look like ints, ints past 2**53, tuples, sets, unsafe text, dates, dicts whose keys are not
 * strings (or that JavaScript objects would reorder). plugin_host.py holds the other half.
 */
import { PyDate, PyFloat, UnsafeString, VaultString, intOf, isTuple, markTuple, type Data, type DictKey } from '../core/data.js';
import type { PluginValue } from '../template/plugin.js';
import { PyObject } from '../template/runtime/py-object.js';
import { PyException } from '../template/runtime/py-exception.js';
import { PyRange, isIterableObject, iterate } from '../template/runtime/py-values.js';
import { Undefined, undefinedError } from '../template/runtime/undefined.js';

const TAG = '__volant__';

type Wire = null | boolean | number | string | Wire[] | { [key: string]: Wire };

const tagged = (tag: string, v: string): string => `{"${TAG}":"${tag}","v":${v}}`;

function floatText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  const text = String(n);
  // NOTE: Python's json reads `1.0` and `1e+21` as floats, `1` as an int.
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** A value as the JSON text the helper reads. An Undefined inside raises, as using it would. */
export function toWire(value: PluginValue | PyObject | undefined): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isInteger(value) ? String(value) : floatText(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
  }
  if (value instanceof PyFloat) return floatText(value.value);
  if (value instanceof UnsafeString) return tagged('unsafe', JSON.stringify(value.value));
  if (value instanceof VaultString) return JSON.stringify(value.reveal() ?? value.ciphertext);
  if (value instanceof PyDate) return tagged(value.kind, JSON.stringify(value.isoformat()));
  if (value instanceof Undefined) throw undefinedError(value);
  if (Array.isArray(value)) {
    const items = `[${value.map((item) => toWire(item)).join(',')}]`;
    return isTuple(value) ? tagged('tuple', items) : items;
  }
  if (value instanceof Map) {
    const keys = [...value.keys()];
    if (keys.every((k) => typeof k === 'string' && k !== TAG)) {
      return `{${[...value].map(([k, v]) => `${JSON.stringify(k)}:${toWire(v)}`).join(',')}}`;
    }
    return tagged('dict', `[${[...value].map(([k, v]) => `[${toWire(k)},${toWire(v)}]`).join(',')}]`);
  }
  if (value instanceof PyRange) return tagged('range', `[${value.start},${value.stop},${value.step}]`);
  if (isIterableObject(value)) return `[${[...iterate(value)].map((item) => toWire(item as PluginValue)).join(',')}]`;
  const typeName = value instanceof PyObject ? value.typeName : typeof value;
  throw new PyException('TypeError', `Volant cannot pass a value of type '${typeName}' to a Python plugin`);
}

/** What the helper sent, as a template value; `onSet` hears of each set made a list. */
export function fromWire(wire: unknown, onSet?: () => void): Data {
  if (wire === null || typeof wire === 'boolean' || typeof wire === 'number' || typeof wire === 'string') return wire;
  if (Array.isArray(wire)) return wire.map((item) => fromWire(item, onSet));
  const object = wire as { [key: string]: Wire };
  const tag = object[TAG];
  if (typeof tag !== 'string') return new Map(Object.entries(object).map(([k, v]) => [k, fromWire(v, onSet)]));
  const v = object.v;
  switch (tag) {
    case 'float':
      return new PyFloat(v === 'inf' ? Infinity : v === '-inf' ? -Infinity : Number(v));
    case 'int':
      return intOf(BigInt(v as string));
    case 'unsafe':
      return new UnsafeString(v as string);
    case 'tuple':
      return markTuple((v as Wire[]).map((item) => fromWire(item, onSet)));
    case 'set':
      onSet?.();
      return (v as Wire[]).map((item) => fromWire(item, onSet));
    case 'date':
    case 'datetime':
    case 'time':
      return new PyDate(tag, v as string);
    case 'dict':
      return new Map((v as [Wire, Wire][]).map(([k, item]) => [dictKey(fromWire(k, onSet)), fromWire(item, onSet)]));
  }
  throw new Error(`volant: unknown value tag '${tag}' from the Python plugin helper`);
}

function dictKey(key: Data): DictKey {
  if (key === null || typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean') return key;
  if (key instanceof PyFloat) return key.value;
  // NOTE: Volant's dict keys are scalars; a tuple or other key is kept as its text.
  return String(key);
}
