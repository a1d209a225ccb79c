/** Data-structure filters: combine, dict2items, items2dict, flatten, extract, subelements, rekey_on_member. */
import { PyRange, compare, dictKey, isIterableObject, mapGet, mapHas, num, plainTypeName, repr, storedKey, taggedElementName } from '../runtime/py-values.js';
import { TemplateError } from '../../core/errors.js';
import { valueOrigin } from '../../core/value-origins.js';
import { isStringLike, isTuple, markTuple, pyEquals, pyRepr, pyStr, pyTypeName, textOf, truthy, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { Undefined, undefinedError } from '../runtime/undefined.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { missingAttribute } from '../runtime/attributes.js';
import type { FilterFn } from '../plugin.js';
import { pairedItemOrigins } from '../lookups/lookup-item-origins.js';
import type { Value } from '../runtime/py-object.js';
import { ansibleClass, argument, chainedError, defined, definedOrInlineIf, pluginError, raisedWhileHandling, toText } from './ansible-args.js';

const LIST_MERGES = ['replace', 'keep', 'append', 'prepend', 'append_rp', 'prepend_rp'];

function typeShortName(value: Data): string {
  return ansibleClass(value).replace(/^<class '(?:.*\.)?([^.']*)'>$/, '$1');
}

/** Ansible's merge_hash: `y` wins over `x`; dicts merged when recursive; lists by `listMerge`. */
export function mergeHash(x: Data, y: Data, recursive: boolean, listMerge: string): DataDict {
  if (!LIST_MERGES.includes(listMerge)) {
    throw pluginError(
      "merge_hash: 'list_merge' argument can only be equal to 'replace', 'keep', 'append', 'prepend', 'append_rp' or 'prepend_rp'",
    );
  }
  if (!(x instanceof Map) || !(y instanceof Map)) {
    throw pluginError(`failed to combine variables, expected dicts but got a '${typeShortName(x)}' and a '${typeShortName(y)}'.`);
  }
  if (x.size === 0 || pyEquals(x, y)) return new Map(y);
  if (y.size === 0) return x;
  const out: DataDict = new Map(x);
  for (const [yKey, yValue] of y) {
    const key = storedKey(out, yKey);
    if (!out.has(key)) {
      out.set(key, yValue);
      continue;
    }
    const xValue = out.get(key) as Data;
    if (xValue instanceof Map && yValue instanceof Map) {
      out.set(key, recursive ? mergeHash(xValue, yValue, recursive, listMerge) : yValue);
      continue;
    }
    if (Array.isArray(xValue) && !isTuple(xValue) && Array.isArray(yValue) && !isTuple(yValue)) {
      const notIn = (list: Data[]) => (z: Data) => !list.some((w) => pyEquals(w, z));
      if (listMerge === 'replace') out.set(key, yValue);
      else if (listMerge === 'append') out.set(key, [...xValue, ...yValue]);
      else if (listMerge === 'prepend') out.set(key, [...yValue, ...xValue]);
      else if (listMerge === 'append_rp') out.set(key, [...xValue.filter(notIn(yValue)), ...yValue]);
      else if (listMerge === 'prepend_rp') out.set(key, [...yValue, ...xValue.filter(notIn(yValue))]);
      continue;
    }
    out.set(key, yValue);
  }
  return out;
}

export const combine: FilterFn = (_ctx, value, args, kwargs) => {
  let recursive = false;
  let listMerge = 'replace';
  for (const [key, raw] of kwargs) {
    if (key === 'recursive') recursive = truthy(defined(raw));
    else if (key === 'list_merge') listMerge = toText(defined(raw));
    else throw pluginError("'recursive' and 'list_merge' are the only valid keyword arguments");
  }
  const dicts = flattenList([definedOrInlineIf(value), ...args.map(definedOrInlineIf)], 1, true);
  if (dicts.length === 0) return new Map();
  if (dicts.length === 1) return dicts[0] as Data;
  let result = dicts[dicts.length - 1] as Data;
  for (let i = dicts.length - 2; i >= 0; i--) result = mergeHash(dicts[i] as Data, result, recursive, listMerge);
  return result;
};

/** Ansible's flatten: None, 'None' and 'null' items are dropped unless skip_nulls is false. */
function flattenList(list: readonly Data[], levels: Data | undefined, skipNulls: boolean): Data[] {
  const out: Data[] = [];
  for (const element of list) {
    if (skipNulls && (element === null || element === 'None' || element === 'null')) continue;
    if (Array.isArray(element)) {
      if (levels === undefined || levels === null) out.push(...flattenList(element, undefined, skipNulls));
      // Python compares levels only when it meets a nested list (a str levels fails there).
      else if (compare(levels, 1, '>=')) out.push(...flattenList(element, Math.trunc(num(levels) ?? 0) - 1, skipNulls));
      else out.push(element);
    } else out.push(element);
  }
  return out;
}

export const flatten: FilterFn = (_ctx, value, args, kwargs) => {
  const levels = argument(args, kwargs, 0, 'levels');
  const skip = argument(args, kwargs, 1, 'skip_nulls');
  const data = defined(value);
  let list: Data[];
  if (Array.isArray(data)) list = data;
  else if (data instanceof Map) list = [...data.keys()];
  else if (isStringLike(data)) list = [...textOf(data)];
  else if (isIterableObject(data)) list = [...data] as Data[];
  else throw pluginError(`'${typeShortName(data)}' object is not iterable`);
  return flattenList(list, levels, skip === undefined ? true : truthy(skip));
};

export const dict2items: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  // NOTE: None is a name like any other (the items get a None key); only a missing one defaults.
  const keyName = argument(args, kwargs, 0, 'key_name') ?? (args.length > 0 || kwargs.has('key_name') ? null : 'key');
  const valueName = argument(args, kwargs, 1, 'value_name') ?? (args.length > 1 || kwargs.has('value_name') ? null : 'value');
  if (!(data instanceof Map)) throw pluginError(`dict2items requires a dictionary, got ${ansibleClass(data)} instead.`);
  // NOTE: each item is a dict literal in 2.19, so a name no dict can key (a list) fails once there is an item.
  return [...data].map(([k, v]): Data => new Map<DictKey, Data>([[dictKey(keyName as Value), k], [dictKey(valueName as Value), v]]));
};

export const items2dict: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  const keyName = (argument(args, kwargs, 0, 'key_name') ?? 'key') as Data;
  const valueName = (argument(args, kwargs, 1, 'value_name') ?? 'value') as Data;
  // NOTE: any sequence is taken (a range too); its items are then not dictionaries.
  if (!Array.isArray(data) && !(data instanceof PyRange)) throw pluginError(`items2dict requires a list, got ${ansibleClass(data)} instead.`);
  const notDicts = (): TemplateError => {
    const message = 'items2dict requires a list of dictionaries, got %s instead.';
    return raisedWhileHandling(data instanceof PyRange ? message.replace('%s', data.repr()) : percentOne(message, data as Data));
  };
  const out: DataDict = new Map();
  // NOTE: 2.19 reads item[key_name] and item[value_name] for any item: a list or a string by
  // index (an index out of range fails as it is); a KeyError and a TypeError get its own words.
  for (const item of data as Iterable<Data>) {
    const key = subscript(item, keyName);
    const val = key === 'TypeError' || key === 'KeyError' ? key : subscript(item, valueName);
    if (key === 'TypeError' || val === 'TypeError') throw notDicts();
    if (key === 'KeyError' || val === 'KeyError') {
      // NOTE: raised while handling the KeyError, so 2.19 shows it as a cause of its own.
      throw raisedWhileHandling(
        `items2dict requires each dictionary in the list to contain the keys '${pyStr(keyName)}' and '${pyStr(valueName)}', got ${pyRepr(data)} instead.`,
      );
    }
    let stored: DictKey;
    try {
      stored = dictKey(key.value as Value);
    } catch {
      throw notDicts(); // an unhashable key: dict() raises a TypeError
    }
    out.set(storedKey(out, stored), val.value);
  }
  return out;
};

/**
 * Python's `item[key]` as items2dict reads it: a dict by key, a list, tuple or str by int index
 * (an IndexError fails the filter); what Python raises otherwise is named for the caller.
 */
function subscript(item: Data, key: Data): { value: Data } | 'KeyError' | 'TypeError' {
  if (item instanceof Map) {
    let k: DictKey;
    try {
      k = dictKey(key as Value);
    } catch {
      return 'TypeError';
    }
    return mapHas(item, k) ? { value: mapGet(item, k) as Data } : 'KeyError';
  }
  const sequence = Array.isArray(item) ? item : isStringLike(item) ? [...textOf(item)] : undefined;
  if (sequence === undefined || !(typeof key === 'boolean' || (typeof key === 'number' && Number.isInteger(key)))) return 'TypeError';
  const n = Number(key);
  const i = n < 0 ? sequence.length + n : n;
  if (i < 0 || i >= sequence.length) throw pluginError(`${Array.isArray(item) ? (isTuple(item) ? 'tuple' : 'list') : 'string'} index out of range`);
  return { value: sequence[i] as Data };
}

/**
 * Python's `template % value` for a template with one `%s`.
 * NOTE: a tuple is the argument list itself, so its length, not the tuple, decides: two or more
 * items fail ('not all arguments converted'), as 2.19's items2dict message does on a tuple.
 */
function percentOne(template: string, value: Data): string {
  let shown = pyStr(value);
  if (Array.isArray(value) && isTuple(value)) {
    if (value.length === 0) return 'not enough arguments for format string';
    if (value.length > 1) return 'not all arguments converted during string formatting';
    shown = pyStr(value[0]);
  }
  return template.replace('%s', shown);
}

/** Jinja's environment.getitem: subscript, then attribute; a miss is Undefined. */
function getitem(container: Data, rawKey: Data): Data | Undefined {
  // A bool indexes a sequence as the int it is (False is 0); a dict finds it by equality.
  const key = typeof rawKey === 'boolean' && !(container instanceof Map) ? Number(rawKey) : rawKey;
  if (container instanceof Map) {
    // NOTE: a text key is looked up, not searched for: hostvars gives the host's own view (HostVarsVars).
    if (typeof key === 'string' && container.has(key)) return container.get(key) as Data;
    for (const [k, v] of container) if (pyEquals(k, key)) return v;
  } else if (Array.isArray(container) && typeof key === 'number') {
    const i = key < 0 ? container.length + key : key;
    if (i >= 0 && i < container.length) return container[i] as Data;
  } else if (isStringLike(container) && typeof key === 'number') {
    const chars = [...textOf(container)];
    const i = key < 0 ? chars.length + key : key;
    if (i >= 0 && i < chars.length) return chars[i] as string;
  }
  // hostvars words a missing host its own way ("hostvars['name']").
  if (container instanceof Map && isStringLike(key)) return missingAttribute(container, textOf(key));
  // A false key (None, False, 0, -0.0) keeps Jinja's words, naming the lazy container's class.
  if (!truthy(key)) return missingAttribute(container, rawKey);
  const kind = container instanceof Map ? plainTypeName(container) : Array.isArray(container) ? 'list' : typeShortName(container);
  const shown = pyRepr(isStringLike(rawKey) ? textOf(rawKey) : rawKey);
  return new Undefined(`object of type '${kind}' has no attribute ${shown}`, isStringLike(key) ? textOf(key) : undefined);
}

export const extract: FilterFn = (_ctx, value, args, kwargs) => {
  const item = definedOrInlineIf(value);
  const container = argument(args, kwargs, 0, 'container') ?? null;
  const morekeys = argument(args, kwargs, 1, 'morekeys');
  const keys: Data[] =
    morekeys === undefined || morekeys === null ? [item] : Array.isArray(morekeys) && !isTuple(morekeys) ? [item, ...morekeys] : [item, morekeys];
  let current: Data | Undefined = container;
  for (const key of keys) {
    if (current instanceof Undefined) break;
    current = getitem(current, key);
  }
  return current;
};

export const subelements: FilterFn = (_ctx, value, args, kwargs) => {
  const obj = defined(value);
  const path = argument(args, kwargs, 0, 'subelements');
  const skipMissing = truthy(argument(args, kwargs, 1, 'skip_missing') ?? false);
  let elements: Data[];
  if (obj instanceof Map) elements = [...obj.values()];
  else if (Array.isArray(obj) && !isTuple(obj)) elements = obj;
  else throw pluginError('obj must be a list of dicts or a nested dict');
  let keys: Data[];
  if (Array.isArray(path) && !isTuple(path)) keys = path;
  else if (isStringLike(path)) keys = textOf(path).split('.');
  else throw pluginError('subelements must be a list or a string');
  const results: Data[] = [];
  for (const element of elements) {
    let values: Data = element;
    let missing = false;
    for (const key of keys) {
      // NOTE: an undefined value the walk reads (a lazily undefined list) trips 2.19's marker.
      if ((values as unknown) instanceof Undefined) throw undefinedError(values as unknown as Undefined);
      if (values instanceof Map) {
        if (!values.has(key as DictKey)) {
          if (skipMissing) {
            missing = true;
            break;
          }
          throw raisedWhileHandling(`could not find ${pyRepr(key)} key in iterated item ${pyRepr(values)}`);
        }
        values = values.get(key as DictKey) as Data;
      } else {
        // NOTE: raised from Python's TypeError for the subscript, whose words follow.
        throw chainedError(`the key ${toText(key)} should point to a dictionary, got '${toText(values)}'`, subscriptError(values, key));
      }
    }
    if (missing) continue;
    if ((values as unknown) instanceof Undefined) throw undefinedError(values as unknown as Undefined);
    if (!Array.isArray(values) || isTuple(values)) {
      throw pluginError(`the key ${pyRepr(keys[keys.length - 1] ?? null)} should point to a list, got ${pyRepr(values)}`);
    }
    const pairs = values.map((v) => {
      if ((v as unknown) instanceof Undefined) throw undefinedError(v as unknown as Undefined);
      return markTuple([element, v]);
    });
    pairedItemOrigins(values, pairs);
    results.push(...pairs);
  }
  return results;
};

export const rekey_on_member: FilterFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  const key = argument(args, kwargs, 0, 'key') ?? null;
  const duplicates = argument(args, kwargs, 1, 'duplicates') ?? 'error';
  if (duplicates !== 'error' && duplicates !== 'overwrite') {
    throw pluginError(`duplicates parameter to rekey_on_member has unknown value ${pyRepr(duplicates)}`);
  }
  let items: Data[];
  if (data instanceof Map) items = [...data.values()];
  else if (Array.isArray(data)) items = data;
  // Any other iterable but text (a range, a generator's result) is walked too.
  else if (isIterableObject(data) && !(data instanceof PyBytes)) items = [...data] as Data[];
  else throw pluginError('Type is not a valid list, set, or dict');
  const out: DataDict = new Map();
  const itemKeys: DictKey[] = data instanceof Map ? [...data.keys()] : items.map((_, i) => i);
  for (const [index, item] of items.entries()) {
    if (!(item instanceof Map)) throw pluginError('List item is not a valid dict');
    if (!item.has(key as DictKey)) {
      // 2.19 raises with the item as its object: a variable's item shows where it was written.
      const at = valueOrigin(data as Data[] | DataDict, itemKeys[index] as DictKey);
      throw new TemplateError('filter-error', `Key ${pyRepr(key)} was not found.`, at ? { location: at } : { context: `Origin: <unknown>\n\n${repr(item)}` });
    }
    const k = item.get(key as DictKey) as DictKey;
    if (out.has(k) && truthy(out.get(k))) {
      if (duplicates === 'error') throw pluginError(`Key ${pyRepr(k)} is not unique, cannot convert to dict.`);
      out.set(k, item);
    } else out.set(k, item);
  }
  return out;
};

export const structureFilters: Record<string, FilterFn> = { combine, flatten, dict2items, items2dict, extract, subelements, rekey_on_member };

/** Python's TypeError for `container[key]` where the container cannot take that key. */
function subscriptError(container: Data, key: Data): string {
  const keyType = pyTypeName(key);
  if (typeof container === 'string') return `string indices must be integers, not '${keyType}'`;
  if (Array.isArray(container)) return `${isTuple(container) ? 'tuple' : 'list'} indices must be integers or slices, not ${keyType}`;
  return `'${taggedElementName(container) ?? pyTypeName(container)}' object is not subscriptable`;
}
