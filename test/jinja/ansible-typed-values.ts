/**
 * The typed JSON form record-ansible.py writes ({"$float": "1.5"}, {"$tuple": […]},
 * {"$dict": [[k, v]…]}), decoded into Volant data, and a canonical text to compare results by.
 */
import { PyDate, PyFloat, UnsafeString, VaultString, markTuple, type Data, type DictKey } from '../../src/core/data.js';
import { Undefined } from '../../src/template/runtime/undefined.js';
import type { PluginValue } from '../../src/template/plugin.js';
import { PyObject } from '../../src/template/runtime/py-object.js';

export type Typed = null | boolean | number | string | Typed[] | { [key: string]: Typed };

export function decodeTyped(value: Typed): Data {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeTyped);
  if ('$float' in value) return new PyFloat(pyFloat(String(value['$float'])));
  if ('$tuple' in value) return markTuple((value['$tuple'] as Typed[]).map(decodeTyped));
  if ('$dict' in value) {
    return new Map((value['$dict'] as [Typed, Typed][]).map(([k, v]) => [decodeTyped(k) as DictKey, decodeTyped(v)]));
  }
  if ('$repr' in value) return `<python ${String(value['$type'])}: ${String(value['$repr'])}>`;
  throw new Error(`unknown typed value ${JSON.stringify(value)}`);
}

function pyFloat(text: string): number {
  if (text === 'inf') return Infinity;
  if (text === '-inf') return -Infinity;
  if (text === 'nan') return NaN;
  return Number(text);
}

/**
 * A comparable text. Tuples compare as lists: 2.19 hands a template's final value back with
 * tuples turned into lists. `unordered` sorts list items (Python set order for strings varies
 * from run to run).
 */
export function canonical(value: PluginValue, unordered = false): string {
  const walk = (v: PluginValue): string => {
    if (v instanceof Undefined) return `Undefined(${v.message})`;
    const runtime: unknown = v;
    if (runtime instanceof PyObject) {
      // Python's repr, where the engine's repr() is the str() it prints (datetimes).
      const withRepr = runtime as PyObject & { pythonRepr?: () => string };
      return JSON.stringify(`<python ${runtime.typeName}: ${withRepr.pythonRepr?.() ?? runtime.repr()}>`);
    }
    if (v === null) return 'None';
    if (typeof v === 'boolean') return v ? 'True' : 'False';
    if (typeof v === 'number' || typeof v === 'bigint') return `int:${v}`;
    if (v instanceof PyFloat) return `float:${Object.is(v.value, -0) ? '-0' : String(v.value)}`;
    if (typeof v === 'string') return JSON.stringify(v);
    if (v instanceof UnsafeString) return JSON.stringify(v.value);
    if (v instanceof VaultString) return `vault:${JSON.stringify(v.ciphertext)}`;
    if (v instanceof PyDate) return JSON.stringify(`<python ${v.kind}: ${v.repr()}>`);
    if (Array.isArray(v)) {
      const items = v.map(walk);
      if (unordered) items.sort();
      return `[${items.join(", ")}]`;
    }
    return `{${[...v].map(([k, item]) => `${walk(k)}: ${walk(item)}`).join(', ')}}`;
  };
  return walk(value);
}
