/**
 * Jinja's attribute and item lookup. `x.name` tries the Python attribute first (so `d.items` is
 * the method), then the item; `x['name']` tries the item first, then the attribute. A miss is an
 * Undefined carrying Ansible 2.19's message.
 */
import { PyDate, PyFloat, isTuple, type DataDict, type DictKey } from '../../core/data.js';
import { PyClassObject, PyFunction, PyObject, type Value } from './py-object.js';
import { dictMethods } from './dict-methods.js';
import { listMethods, sequenceMethods } from './list-methods.js';
import { groupTupleAttr } from './group-tuple.js';
import { applySlice, PySlice, sliceBounds } from './py-slice.js';
import { PyRange, isInt, mapGet, plainTypeName, repr, taggedElementName, truthy, typeName, codePointLength, withinPlugin } from './py-values.js';
import { makeStrMethods, type MethodImpl } from './str-methods.js';
import { PlainUndefined, Undefined, undefinedError } from './undefined.js';
import { unsafeAttribute } from './unsafe-attributes.js';
import { PyException } from './py-exception.js';
import { intToBytes } from './int-to-bytes.js';
import { floatHex, floatIntegerRatio } from './float-methods.js';

/**
 * A Map subclass may word its own miss (`missingKeyMessage(key)`), as Ansible's hostvars does:
 * "hostvars['nosuchhost']".
 */
interface MissingKeyWording {
  missingKeyMessage?(key: DictKey): string;
}

/**
 * An empty dict to copy a rendered dict into. A copy of a dict subclass (hostvars, one host's
 * view) keeps its class's words: 2.19 renders those lazily in place, so its messages and
 * type_debug still name HostVars/HostVarsVars after their values are rendered.
 */
export function emptyCopyOf(original: Map<unknown, unknown>): DataDict {
  const copy: DataDict = new Map();
  if (Object.getPrototypeOf(original) === Map.prototype) return copy;
  const named = original as { pyTypeName?: unknown } & MissingKeyWording;
  if (typeof named.pyTypeName === 'string') Object.defineProperty(copy, 'pyTypeName', { value: named.pyTypeName });
  const wording = named.missingKeyMessage;
  if (typeof wording === 'function') Object.defineProperty(copy, 'missingKeyMessage', { value: wording.bind(original) });
  return copy;
}

/** What Jinja calls a dict a template reads (Ansible's lazy dict), in its "has no element" words. */
export const LAZY_DICT_REPR = 'ansible._internal._templating._lazy_containers._AnsibleLazyTemplateDict object';
/** What Jinja calls a list a template reads (Ansible's lazy list). */
export const LAZY_LIST_REPR = 'ansible._internal._templating._lazy_containers._AnsibleLazyTemplateList object';

/** Jinja's object_type_repr: the class of what a template reads. */
function jinjaTypeRepr(obj: Value): string {
  if (obj instanceof Map) return LAZY_DICT_REPR;
  if (Array.isArray(obj) && !isTuple(obj)) return LAZY_LIST_REPR;
  const tagged = taggedElementName(obj);
  if (tagged !== undefined) return `ansible.module_utils._internal._datatag.${tagged} object`;
  return `${plainTypeName(obj)} object`;
}

export function missingAttribute(obj: Value, key: Value): Undefined {
  if (obj instanceof Map && typeof (obj as MissingKeyWording).missingKeyMessage === 'function' && (typeof key === 'string' || typeof key === 'number')) {
    return new Undefined((obj as MissingKeyWording).missingKeyMessage?.(key) ?? '', typeof key === 'string' ? key : undefined);
  }
  // NOTE: 2.19 rewords a miss only when the key is true in Python: a false one (0, '', None,
  // False: an empty list's [0]) keeps Jinja's own words, which name the object's class.
  if (!truthy(key)) {
    const shownKey = repr(key);
    if (typeof key === 'string') return new Undefined(`'${jinjaTypeRepr(obj)}' has no attribute ${shownKey}`, key);
    return new Undefined(`${jinjaTypeRepr(obj)} has no element ${shownKey}`);
  }
  let shown: string;
  try {
    shown = repr(key);
  } catch {
    shown = String(key);
  }
  // (a class is named by itself: Ansible's native_type_name of range is 'range')
  const type = obj instanceof PyClassObject ? obj.className : plainTypeName(obj);
  return new Undefined(`object of type '${type}' has no attribute ${shown}`, typeof key === 'string' ? key : undefined);
}

function bind<T>(self: T, name: string, impl: MethodImpl<T>, typeName?: string): PyFunction {
  const owner = typeof self === 'string' ? 'str' : Array.isArray(self) ? '_AnsibleLazyTemplateList' : '_AnsibleLazyTemplateDict';
  return new PyFunction(name, (args, kwargs) => impl(self, args, kwargs), typeName, owner);
}

// str.format fields: `{0[key]}` is an item, `{0.name}` a Python attribute (never an item).
const strMethods = makeStrMethods((obj, name, isIndex) => {
  if (isIndex) {
    const r = getItem(obj, /^\d+$/.test(name) ? Number(name) : name);
    if (r instanceof Undefined) throw new PyException('KeyError', repr(name));
    return r;
  }
  const a = pyAttribute(obj, name);
  // NOTE: Ansible's containers are lazy wrapper classes, and Python's message names the class.
  if (a === undefined) throw new PyException('AttributeError', `'${withinPlugin(() => typeName(obj))}' object has no attribute '${name}'`);
  return a;
});

/** A method from a table, never an Object.prototype member (`d.constructor` is a key lookup). */
function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Methods Ansible's lazy dict overrides in Python (bound as 'method'); the rest are builtins. */
const LAZY_DICT_METHODS = new Set(['items', 'values', 'get', 'pop', 'popitem', 'setdefault', 'copy']);

/** Python attribute lookup only (no item fallback): what `attr()` and `{0.name}` use. */
export function pyAttribute(obj: Value, name: string): Value | undefined {
  if ((typeof obj === 'number' || typeof obj === 'bigint' || typeof obj === 'boolean') && name === 'bit_length') {
    // The bits of abs(n), without sign or leading zeros.
    return new PyFunction(name, () => (BigInt(obj) === 0n ? 0 : (BigInt(obj) < 0n ? -BigInt(obj) : BigInt(obj)).toString(2).length), undefined, 'int');
  }
  if ((typeof obj === 'number' || typeof obj === 'bigint' || typeof obj === 'boolean') && name === 'to_bytes') {
    return new PyFunction(name, (args, kwargs) => intToBytes(obj, args, kwargs), undefined, 'int');
  }
  if ((typeof obj === 'number' || typeof obj === 'boolean' || obj instanceof PyFloat) && name === 'is_integer') {
    return new PyFunction(name, () => !(obj instanceof PyFloat) || Number.isInteger(obj.value), undefined, obj instanceof PyFloat ? 'float' : 'int');
  }
  if (obj instanceof PyFloat && (name === 'as_integer_ratio' || name === 'hex')) {
    const value = obj.value;
    return new PyFunction(name, () => (name === 'hex' ? floatHex(value) : floatIntegerRatio(value)), undefined, 'float');
  }
  if ((typeof obj === 'number' || typeof obj === 'boolean' || obj instanceof PyFloat) && (name === 'real' || name === 'imag')) {
    if (name === 'imag') return obj instanceof PyFloat ? new PyFloat(0) : 0;
    return typeof obj === 'boolean' ? (obj ? 1 : 0) : obj;
  }
  if (typeof obj === 'string') {
    const m = own(strMethods, name);
    return m ? bind(obj, name, m) : undefined;
  }
  if (Array.isArray(obj)) {
    const g = groupTupleAttr(obj, name);
    if (g !== undefined) return g;
    const m = own(isTuple(obj) ? sequenceMethods : listMethods, name);
    return m ? bind(obj as Value[], name, m) : undefined;
  }
  if (obj instanceof Map) {
    const m = own(dictMethods, name);
    // NOTE: Ansible's dicts are Python classes, so their bound methods are of type 'method'.
    return m ? bind(obj as DataDict, name, m, LAZY_DICT_METHODS.has(name) ? 'method' : undefined) : undefined;
  }
  if (obj instanceof PyObject) return obj.getAttr(name);
  if (obj instanceof PyDate) return obj.fields().get(name);
  return undefined;
}

function pyItem(obj: Value, key: Value): Value | undefined {
  if (obj instanceof Map) {
    // NOTE: slices are hashable since Python 3.12: a dict has no such key (a KeyError, not Undefined, in 2.19).
    if (key instanceof PySlice) throw new PyException('KeyError', key.repr());
    // NOTE: Jinja's getitem takes the TypeError of an unhashable key (a list, a dict) as a miss.
    if ((Array.isArray(key) && !isTuple(key)) || key instanceof Map) return undefined;
    const v = mapGet(obj, key);
    return v as Value | undefined;
  }
  if (Array.isArray(obj)) {
    if (isInt(key)) {
      let i = Number(key);
      if (i < 0) i += obj.length;
      return i >= 0 && i < obj.length ? (obj[i] as Value) : undefined;
    }
    if (key instanceof PySlice) return applySlice(obj, key);
    return undefined;
  }
  if (typeof obj === 'string') {
    if (isInt(key)) {
      let i = Number(key);
      const astral = /[\ud800-\udfff]/.test(obj);
      const len = astral ? codePointLength(obj) : obj.length;
      if (i < 0) i += len;
      if (i < 0 || i >= len) return undefined;
      return astral ? Array.from(obj)[i] : obj[i];
    }
    if (key instanceof PySlice) return applySlice(obj, key);
    return undefined;
  }
  if (obj instanceof PyRange) return rangeItem(obj, key);
  if (obj instanceof PyObject) {
    const getItemFn = (obj as { getItem?: (k: Value) => Value | undefined }).getItem;
    if (getItemFn) return getItemFn.call(obj, key);
  }
  return undefined;
}

/** A range's item (a miss past its end) or, for a slice, the range of those items. */
function rangeItem(r: PyRange, key: Value): Value | undefined {
  if (isInt(key)) {
    let i = Number(key);
    if (i < 0) i += r.length;
    return i >= 0 && i < r.length ? r.start + i * r.step : undefined;
  }
  if (key instanceof PySlice) {
    const [start, stop, step] = sliceBounds(r.length, key);
    return new PyRange(r.start + start * r.step, r.start + stop * r.step, r.step * step);
  }
  return undefined;
}

/** `obj.name` */
export function getAttr(obj: Value, name: string): Value {
  // Fast path for the common case: a dict key that is not a dict method name.
  if (obj instanceof Map && !Object.hasOwn(dictMethods, name)) {
    const v = obj.get(name);
    if (v !== undefined) return v as Value;
  }
  if (obj instanceof PlainUndefined) throw undefinedError(obj);
  if (obj instanceof Undefined) return obj;
  // NOTE: an attribute may be None (null): only undefined means there is none. 2.19 falls back to
  // the item for an attribute the sandbox refuses too, and refuses it only when there is none.
  const a = pyAttribute(obj, name);
  if (a !== undefined) return a;
  const item = pyItem(obj, name);
  if (item !== undefined) return item;
  return unsafeAttribute(obj, name) ?? missingAttribute(obj, name);
}

/** `obj[key]` */
export function getItem(obj: Value, key: Value): Value {
  if (obj instanceof PlainUndefined) throw undefinedError(obj);
  if (obj instanceof Undefined) return obj;
  // NOTE: an undefined key is hashed or read as an index, which raises in 2.19 (`d[x]` fails, where `x[k]` is x).
  if (key instanceof Undefined) throw undefinedError(key);
  const item = pyItem(obj, key);
  if (item !== undefined) return item;
  if (typeof key === 'string') {
    let a = pyAttribute(obj, key);
    if (a === undefined) a = unsafeAttribute(obj, key);
    if (a !== undefined) return a;
  }
  return missingAttribute(obj, key);
}
