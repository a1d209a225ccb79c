import { isSetList } from '../../core/set-lists.js';
/**
 * Python semantics on runtime values: type names, str/repr, truthiness, equality, ordering,
 * iteration, length and membership. Every operator of the evaluator goes through these.
 */
import { isGroupTuple } from './group-tuple.js';
import { unopenedVaultRead } from '../unopened-vault.js';
import { PyDate, PyFloat, floatRepr, isTuple, markTuple, strRepr, UnsafeString, VaultString, textOf, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { keyLocation, valueOrigin } from '../../core/value-origins.js';
import { isTaggedContainer } from '../../core/tagged-containers.js';
import { PyObject, type Value } from './py-object.js';
import { typeError } from './py-exception.js';
import { CapturedFailure, PlainUndefined, Undefined, undefinedError } from './undefined.js';
import { OMIT_PLACEHOLDER } from './omit.js';
import { complexEquals, complexOperands } from './py-complex.js';

let pluginDepth = 0;

/**
 * Runs a filter or test. NOTE: Ansible hands plugins lazy container wrappers, so Python's own
 * error messages raised inside a plugin name '_AnsibleLazyTemplateList'/'…Dict' types.
 */
export function withinPlugin<T>(fn: () => T, taggedInput: Value = null): T {
  const saved = enterPlugin(taggedInput);
  try {
    return fn();
  } finally {
    exitPlugin(saved);
  }
}

/** The allocation-free form of withinPlugin for hot paths: pass enterPlugin's result to exitPlugin. */
export function enterPlugin(taggedInput: Value): TaggedScalar {
  pluginDepth++;
  const saved = taggedScalar;
  taggedScalar = typeof taggedInput === 'string' || typeof taggedInput === 'number' || taggedInput instanceof PyFloat ? taggedInput : null;
  return saved;
}

export function exitPlugin(saved: TaggedScalar): void {
  pluginDepth--;
  taggedScalar = saved;
}

type TaggedScalar = string | number | PyFloat | null;

type Container = readonly Data[] | ReadonlyMap<DictKey, Data>;

/** The list or dict a running filter received, when it may hold values read from a file. */
let inputContainer: Container | null = null;

/** Notes the filter's input container (a variable's items are tagged in 2.19); returns the previous one. */
export function enterInputContainer(v: Value): Container | null {
  const saved = inputContainer;
  inputContainer = Array.isArray(v) || v instanceof Map ? (v as Container) : null;
  return saved;
}

export function exitInputContainer(saved: Container | null): void {
  inputContainer = saved;
}

/**
 * The tagged type's name of a str, int or float the running filter's input container holds at a
 * key with an origin (2.19 tags those values), or undefined.
 */
export function taggedElementName(v: Value): string | undefined {
  const c = inputContainer;
  if (pluginDepth === 0 || c === null || !(typeof v === 'string' || typeof v === 'number' || v instanceof PyFloat)) return undefined;
  if (Array.isArray(c)) {
    for (let i = 0; i < c.length; i++) if (c[i] === v && valueOrigin(c as Data[], i)) return taggedTypeName(v);
  } else {
    for (const [k, x] of c as ReadonlyMap<DictKey, Data>) if (x === v && valueOrigin(c as DataDict, k)) return taggedTypeName(v);
    // a dict iterated gives its keys, tagged as 2.19's YAML loader tags them
    if (typeof v !== 'object' && (c as DataDict).has(v) && keyLocation(c as DataDict, v)) return taggedTypeName(v);
  }
  return undefined;
}

/**
 * A str, int or float read from variables, as the plugin running now received it (Ansible tags
 * those with their origin). NOTE: an int is known by its value only, so an equal int the plugin
 * meets elsewhere is named as tagged too.
 */
let taggedScalar: TaggedScalar = null;

/** The tagged type's name of a str, int or float 2.19 read from a file, or undefined. */
export function taggedTypeName(v: Value | undefined): string | undefined {
  if (typeof v === 'string') return '_AnsibleTaggedStr';
  if (typeof v === 'number' || typeof v === 'bigint') return '_AnsibleTaggedInt';
  if (v instanceof PyFloat) return '_AnsibleTaggedFloat';
  return undefined;
}

/** Operands of a failed operator that came from variables, with their tagged type names. */
let operandNames: ReadonlyArray<readonly [Value, string]> | null = null;

/** Runs an operator again so that its error names these operands' tagged types. */
export function withOperandNames<T>(names: ReadonlyArray<readonly [Value, string]>, fn: () => T): T {
  const saved = operandNames;
  operandNames = names;
  try {
    return fn();
  } finally {
    operandNames = saved;
  }
}

/** The type name Python's error messages print for a value. */
export function typeName(v: Value | undefined): string {
  if (operandNames !== null) for (const [value, name] of operandNames) if (value === v) return name;
  if (v === OMIT_PLACEHOLDER) return '_OmitType';
  if (pluginDepth > 0) {
    if (Array.isArray(v) && !isTuple(v)) return '_AnsibleLazyTemplateList';
    // NOTE: a tuple reaches a plugin wrapped too (groupby's are no plain tuples).
    if (Array.isArray(v) && !isGroupTuple(v)) return '_AnsibleLazyAccessTuple';
    if (v instanceof Map) return '_AnsibleLazyTemplateDict';
    if (v !== null && v === taggedScalar) return taggedTypeName(v) as string;
  }
  return plainTypeName(v);
}

/** The builtin type name (what Ansible's own messages print). */
export function plainTypeName(v: Value | undefined): string {
  if (v === null || v === undefined) return 'NoneType';
  if (v === OMIT_PLACEHOLDER) return '_OmitType';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'number':
    case 'bigint':
      return 'int';
    case 'string':
      return 'str';
  }
  if (v instanceof PyFloat) return 'float';
  if (Array.isArray(v)) return isTuple(v) ? 'tuple' : 'list';
  if (v instanceof Map) return mappingTypeName(v);
  // an inline if's Undefined is Jinja's own class
  if (v instanceof Undefined) return v instanceof PlainUndefined ? 'Undefined' : 'AnsibleUndefined';
  if (v instanceof PyObject) return v.typeName;
  if (v instanceof PyDate) return v.kind;
  return 'str';
}

/** The type's name as Python's operator errors print it (a C type's module-qualified name). */
export function operandTypeName(v: Value): string {
  return v instanceof PyObject && v.cTypeName !== undefined ? v.cTypeName : typeName(v);
}

/** Throws the undefined's error when a value must be defined. */
export function defined<T extends Value>(v: T): Exclude<T, Undefined> {
  if (v instanceof Undefined) throw undefinedError(v);
  return v as Exclude<T, Undefined>;
}

export function repr(v: Value | undefined): string {
  if (v === null || v === undefined) return 'None';
  switch (typeof v) {
    case 'boolean':
      return v ? 'True' : 'False';
    case 'number':
    case 'bigint':
      return String(v);
    case 'string':
      return v === OMIT_PLACEHOLDER ? '<<Omit>>' : strRepr(v);
  }
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (isSetList(v)) return v.length === 0 ? 'set()' : `{${v.map((item) => repr(item as Value)).join(', ')}}`;
  if (Array.isArray(v)) {
    const inner = v.map((item) => repr(item)).join(', ');
    if (isTuple(v)) return v.length === 1 ? `(${inner},)` : `(${inner})`;
    return `[${inner}]`;
  }
  if (v instanceof Map) {
    const parts: string[] = [];
    for (const [key, item] of v) parts.push(`${repr(key)}: ${repr(item as Value)}`);
    return `{${parts.join(', ')}}`;
  }
  // Jinja's own Undefined (an inline if's) has a repr; 2.19's marker raises
  if (v instanceof PlainUndefined) return 'Undefined';
  if (v instanceof Undefined) throw undefinedError(v);
  if (v instanceof PyObject) return v.repr();
  if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultRead(v);
  if (v instanceof UnsafeString || v instanceof VaultString) return strRepr(textOf(v));
  if (v instanceof PyDate) return v.repr();
  return String(v);
}

/** Python `str()`. */
export function str(v: Value | undefined): string {
  // NOTE: 2.19's omit is a sentinel whose str() is '<<Omit>>'; Volant's is a placeholder string.
  if (typeof v === 'string') return v === OMIT_PLACEHOLDER ? '<<Omit>>' : v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultRead(v);
  if (v instanceof UnsafeString || v instanceof VaultString) return textOf(v);
  if (v instanceof PyDate) return v.text;
  if (v instanceof PyObject) return v.str();
  if (v instanceof PlainUndefined) return '';
  return repr(v);
}

export function truthy(v: Value | undefined): boolean {
  if (v === null || v === undefined) return false;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0;
    case 'bigint':
      return v !== 0n;
    case 'string':
      return v.length > 0;
  }
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (v instanceof PlainUndefined) return false;
  if (v instanceof Undefined) throw undefinedError(v);
  if (v instanceof PyObject) return pyObjectTruthy(v);
  return true;
}

function pyObjectTruthy(v: PyObject): boolean {
  const len = (v as { length?: unknown }).length;
  return typeof len === 'number' ? len > 0 : true;
}

/**
 * A Map subclass may name its Python type (`pyTypeName`), as Ansible's hostvars classes show in
 * messages ("object of type 'HostVarsVars' has no attribute 'x'").
 */
export function mappingTypeName(m: Map<unknown, unknown>): string {
  const name = (m as { pyTypeName?: unknown }).pyTypeName;
  return typeof name === 'string' ? name : 'dict';
}

/** The number behind bool/int/float, or undefined; a bigint comes out as the nearest float. */
export function num(v: Value | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return undefined;
}

export function isNumber(v: Value | undefined): v is number | bigint | boolean | PyFloat {
  return typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v instanceof PyFloat;
}

export function isInt(v: Value | undefined): v is number | bigint | boolean {
  return typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean';
}

/**
 * NOTE: an !unsafe string kept as data (a set_fact or registered list's item) is the str it is
 * to Python's operators: equal to its text, a dict key, ordered as text.
 */
function asStr<T extends Value | undefined>(v: T): T | string {
  return v instanceof UnsafeString ? v.value : v;
}

export function equals(x: Value | undefined, y: Value | undefined): boolean {
  if (x === y) return true;
  const a = asStr(x);
  const b = asStr(y);
  if (a === b) return true;
  // NOTE: 2.19's markers raise when compared: an undefined or captured failure held in a list
  // (`[1] == [x]`, `x in [1]`) fails there, as it does compared on its own.
  if (a instanceof PlainUndefined || b instanceof PlainUndefined) return a instanceof PlainUndefined && b instanceof PlainUndefined;
  if (a instanceof Undefined || b instanceof Undefined) throw undefinedError((a instanceof Undefined ? a : b) as Undefined);
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const complex = complexOperands(a, b, num);
  if (complex) return complexEquals(complex);
  const na = num(a);
  if (na !== undefined) {
    const nb = num(b);
    return nb !== undefined && na === nb;
  }
  if (typeof a === 'string') return typeof b === 'string' && a === b;
  if (a instanceof PyDate) return b instanceof PyDate && a.kind === b.kind && a.text === b.text;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length || isTuple(a) !== isTuple(b)) return false;
    for (let i = 0; i < a.length; i++) if (!equals(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (!mapHas(b, key) || !equals(value as Value, mapGet(b, key) as Value)) return false;
    }
    return true;
  }
  if (a instanceof PyObject && b instanceof PyObject) {
    // Objects that order (datetimes, timedeltas) are equal when they order as equal; Python's
    // `==` answers False where its `<` would refuse (a naive and an aware datetime).
    try {
      return a.compare(b) === 0;
    } catch {
      return false;
    }
  }
  return false;
}

/** Dict lookup with Python key equality (1 == 1.0 == True). */
/** The key already in `m` equal to an object key (a tuple, a float): Map compares objects by identity. */
function equalObjectKey(m: Map<DictKey, Data>, k: DictKey): DictKey | undefined {
  if (typeof k !== 'object' || k === null) return undefined;
  for (const key of m.keys()) if (typeof key === 'object' && key !== null && equals(key as Value, k as Value)) return key;
  return undefined;
}

export function mapGet(m: Map<DictKey, Data>, key: Value): Data | undefined {
  const k = dictKey(key);
  const v = m.get(k);
  if (v !== undefined || m.has(k)) return v;
  if (typeof k === 'boolean') return m.get(k ? 1 : 0);
  if ((k === 0 || k === 1) && m.has(k === 1)) return m.get(k === 1);
  const same = equalObjectKey(m, k);
  return same === undefined ? undefined : m.get(same);
}

/**
 * The key a dict stores `key` under: an equal key already there (True is 1, False is 0, as in
 * Python, which keeps the first key and the last value), else `key` itself.
 */
export function storedKey(m: Map<DictKey, Data>, key: DictKey): DictKey {
  if (m.has(key)) return key;
  if (typeof key === 'boolean' && m.has(key ? 1 : 0)) return key ? 1 : 0;
  if ((key === 0 || key === 1) && m.has(key === 1)) return key === 1;
  return equalObjectKey(m, key) ?? key;
}

export function mapHas(m: Map<DictKey, Data>, key: Value): boolean {
  const k = dictKey(key);
  if (m.has(k)) return true;
  if (typeof k === 'boolean') return m.has(k ? 1 : 0);
  if (typeof k === 'number' && (k === 0 || k === 1)) return m.has(k === 1);
  return equalObjectKey(m, k) !== undefined;
}

/** A runtime value as a dict key (floats with integral values hash as ints in Python). */
export function dictKey(key: Value): DictKey {
  if (key instanceof UnsafeString) return key.value;
  if (key === null || typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean') return key;
  if (key instanceof PyFloat) return Number.isInteger(key.value) ? key.value : (key as unknown as DictKey);
  if (Array.isArray(key) && isTuple(key)) {
    // a tuple hashes its items: one that holds a list or a dict is unhashable as that item
    for (const item of key) dictKey(item as Value);
    return key as unknown as DictKey;
  }
  if (key instanceof Undefined) throw undefinedError(key);
  throw typeError(`unhashable type: '${typeName(key)}'`);
}

const OP_NAMES: Record<string, string> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=' };

/** Python ordering (`<` etc.); raises Python's TypeError for unorderable pairs. */
export function compare(a: Value, b: Value, op: '<' | '<=' | '>' | '>='): boolean {
  // NaN is unordered: every comparison with it is false (order() counts it as equal).
  if (isNaNFloat(a) || isNaNFloat(b)) {
    if (num(a) !== undefined && num(b) !== undefined) return false;
  }
  const c = order(a, b, op);
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

function isNaNFloat(v: Value): boolean {
  return v instanceof PyFloat && Number.isNaN(v.value);
}

/** An int (bool, number or bigint) as a bigint, for exact arithmetic beyond 2^53. */
export function bigOf(v: number | bigint | boolean): bigint {
  return typeof v === 'bigint' ? v : BigInt(typeof v === 'boolean' ? Number(v) : v);
}

/** -1/0/1 ordering, NaN-safe enough for sorting. */
export function order(x: Value, y: Value, op = '<'): number {
  const a = asStr(x);
  const b = asStr(y);
  if (a instanceof Undefined) throw undefinedError(a);
  if (b instanceof Undefined) throw undefinedError(b);
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    if (isInt(a) && isInt(b)) return bigOf(a) < bigOf(b) ? -1 : bigOf(a) > bigOf(b) ? 1 : 0;
  }
  const na = num(a);
  const nb = num(b);
  if (na !== undefined && nb !== undefined) return na < nb ? -1 : na > nb ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  // Dates, and naive datetimes, order as their text does (aware ones are left unordered here).
  if (a instanceof PyDate && b instanceof PyDate && a.kind === b.kind && !/[-+]\d\d:\d\d$/.test(a.text + b.text)) {
    return a.text < b.text ? -1 : a.text > b.text ? 1 : 0;
  }
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (!equals(a[i], b[i])) return orderItems(a as Value[], b as Value[], i, op);
    }
    return a.length - b.length;
  }
  const ordered = a instanceof PyObject ? a.compare(b) : undefined;
  if (ordered !== undefined) return ordered;
  throw typeError(`'${OP_NAMES[op] ?? op}' not supported between instances of '${operandTypeName(a)}' and '${operandTypeName(b)}'`);
}

/**
 * Orders the lists' first differing items. NOTE: a list 2.19 read from YAML holds its items
 * tagged (str, int, float) or lazy (lists, dicts), so its TypeError names those classes.
 */
function orderItems(a: Value[], b: Value[], i: number, op: string): number {
  const x = a[i] as Value;
  const y = b[i] as Value;
  const names: [Value, string][] = [];
  for (const [list, item] of [[a, x], [b, y]] as const) {
    const name = holdsTaggedItem(list, i) ? itemClassName(item) : undefined;
    if (name !== undefined) names.push([item, name]);
  }
  // the names the operator's operands gave (items of a list the template wrote) still hold
  return names.length === 0 ? order(x, y, op) : withOperandNames([...names, ...(operandNames ?? [])], () => order(x, y, op));
}

/**
 * Whether 2.19 holds the list's item at `i` tagged: the list was read from YAML, or the item from
 * a variable (a list or tuple the template wrote around it keeps its origin, slices and joins too).
 */
function holdsTaggedItem(list: Value[], i: number): boolean {
  return isTaggedContainer(list as Data) || valueOrigin(list as Data[], i) !== undefined;
}

/** The tagged class names of a list's or tuple's items that 2.19 holds tagged (see holdsTaggedItem). */
export function taggedItemNames(list: Value[]): Array<readonly [Value, string]> {
  const names: Array<readonly [Value, string]> = [];
  list.forEach((item, i) => {
    const name = holdsTaggedItem(list, i) ? itemClassName(item) : undefined;
    if (name !== undefined) names.push([item, name]);
  });
  return names;
}

function itemClassName(item: Value): string | undefined {
  if (Array.isArray(item) && !isTuple(item)) return '_AnsibleLazyTemplateList';
  if (item instanceof Map) return '_AnsibleLazyTemplateDict';
  return typeof item === 'boolean' ? undefined : taggedTypeName(item);
}

/** A lazy integer range (Jinja's `range()`); iterated, indexed and measured without materializing. */
export class PyRange extends PyObject {
  readonly typeName = 'range';
  readonly length: number;
  constructor(
    readonly start: number,
    readonly stop: number,
    readonly step: number,
  ) {
    super();
    this.length = step > 0 ? Math.max(0, Math.ceil((stop - start) / step)) : Math.max(0, Math.ceil((start - stop) / -step));
  }
  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.length; i++) yield this.start + i * this.step;
  }
  override repr(): string {
    return this.step === 1 ? `range(${this.start}, ${this.stop})` : `range(${this.start}, ${this.stop}, ${this.step})`;
  }
}

/** An object that iterates (generators from `map`/`select` are materialized, so this is rare). */
export interface PyIterable {
  [Symbol.iterator](): Iterator<Value>;
}

export function isIterableObject(v: unknown): v is PyObject & PyIterable {
  return v instanceof PyObject && typeof (v as unknown as PyIterable)[Symbol.iterator] === 'function';
}

/** Python `iter()`: list items, dict keys, string characters. */
export function iterate(v: Value): Iterable<Value> {
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return v.keys() as Iterable<Value>;
  if (typeof v === 'string' && v !== OMIT_PLACEHOLDER) return Array.from(v);
  if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultRead(v);
  if (v instanceof PlainUndefined) return [];
  if (v instanceof Undefined) throw undefinedError(v);
  if (isIterableObject(v)) return v;
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

export function toList(v: Value): Value[] {
  if (Array.isArray(v)) return v.slice();
  return Array.from(iterate(v));
}

export function length(v: Value): number {
  if (v instanceof VaultString && v.reveal() === undefined) throw unopenedVaultRead(v);
  if (typeof v === 'string' && v !== OMIT_PLACEHOLDER) return codePointLength(v);
  if (Array.isArray(v)) return v.length;
  if (v instanceof Map) return v.size;
  if (v instanceof PlainUndefined) return 0;
  if (v instanceof Undefined) throw undefinedError(v);
  if (v instanceof PyRange) return v.length;
  // A sized runtime sequence (bytes).
  if (isIterableObject(v) && typeof (v as { length?: unknown }).length === 'number') return (v as unknown as { length: number }).length;
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}

export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

/** Python `x in container`. */
/** The type 2.19's undefined values have (what a TypeError about one names): an inline if's is Jinja's own. */
function undefinedTypeName(v: Value): string | undefined {
  if (!(v instanceof Undefined)) return undefined;
  return v instanceof PlainUndefined ? 'Undefined' : 'UndefinedMarker';
}

export function contains(container: Value, item: Value): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string') {
      if (item instanceof CapturedFailure) throw undefinedError(item);
      throw typeError(`'in <string>' requires string as left operand, not ${undefinedTypeName(item) ?? typeName(item)}`);
    }
    return container.includes(item);
  }
  if (Array.isArray(container)) {
    for (const x of container) if (equals(x, item)) return true;
    return false;
  }
  if (container instanceof Map) return mapHas(container, item);
  // an inline if's own Undefined is empty (undefined.ts)
  if (container instanceof PlainUndefined) return false;
  if (container instanceof Undefined) throw undefinedError(container);
  if (item instanceof Undefined && !(item instanceof CapturedFailure) && container instanceof PyObject && container.typeName === 'bytes') {
    throw typeError(`a bytes-like object is required, not '${undefinedTypeName(item)}'`);
  }
  // A runtime container with its own membership rule (bytes: an int or a run of bytes).
  const has = container instanceof PyObject ? (container as { has?: unknown }).has : undefined;
  if (typeof has === 'function') return (has as (item: Value) => boolean).call(container, item);
  if (isIterableObject(container)) {
    for (const x of container) if (equals(x, item)) return true;
    return false;
  }
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

export function tuple(items: Value[]): Data[] {
  return markTuple(items as Data[]);
}

/**
 * A container as Ansible's finalize makes it before printing or storing it, deeply: tuples become
 * lists, and omit drops out of lists and dict values; the same object when nothing changes.
 * NOTE: groupby's tuples are no plain tuples to 2.19: they stay, printed as tuples.
 */
export function finalizeContainer(v: Value): Value {
  if (isGroupTuple(v)) return v;
  if (Array.isArray(v)) {
    let changed = isTuple(v);
    const out: Value[] = [];
    for (const item of v) {
      if (item === OMIT_PLACEHOLDER) {
        changed = true;
        continue;
      }
      const r = finalizeContainer(item as Value);
      if (r !== item) changed = true;
      out.push(r);
    }
    return changed ? (out as Data[]) : v;
  }
  if (v instanceof Map) {
    let copy: Map<DictKey, Data> | null = null;
    for (const [k, item] of v) {
      // NOTE: finalize makes a tuple key a list too, which no dict can key (as storing does).
      if (Array.isArray(k)) throw typeError("unhashable type: 'list'");
      const r = item === OMIT_PLACEHOLDER ? undefined : finalizeContainer(item as Value);
      if (r !== item && copy === null) copy = new Map(v);
      if (copy && r === undefined) copy.delete(k);
      else if (copy) copy.set(k, r as Data);
    }
    return copy ?? v;
  }
  return v;
}
