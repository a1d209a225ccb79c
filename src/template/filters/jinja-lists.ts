/** Jinja2's sequence filters: first/last/length/join/sort/unique/map/select/groupby/batch/slice/sum/min/max … */
import { isTuple, PyFloat, UnsafeString, type Data, type DataDict } from '../../core/data.js';
import { TemplateError } from '../../core/errors.js';
import { copyValueOrigins, keyItemOrigins } from '../../core/value-origins.js';
import { filters, registerFilters, tests, userPlugins, type FilterFn, type PluginContext, type PluginValue } from '../plugin.js';
import { groupTuple } from '../runtime/group-tuple.js';
import { sortValues } from '../runtime/list-methods.js';
import { PyException, typeError } from '../runtime/py-exception.js';
import type { Value } from '../runtime/py-object.js';
import * as arith from '../runtime/py-arith.js';
import { enterPlugin, equals, exitPlugin, iterate, length, num, order, PyRange, repr, str, taggedElementName, toList, truthy, typeName, withOperandNames } from '../runtime/py-values.js';
import { CapturedFailure, PlainUndefined, Undefined, undefinedError } from '../runtime/undefined.js';
import { TemplateSyntaxError } from '../template-syntax-error.js';
import { wrapPluginError } from '../plugin-failure.js';
import { UNDEFINED_TOLERANT_TESTS } from '../plugin-inputs.js';
import { attrGetter, ignoreCase } from './attr-getter.js';
import { missingAttribute, pyAttribute } from '../runtime/attributes.js';
import { unsafeAttribute } from '../runtime/unsafe-attributes.js';
import { bindArgs } from './filter-args.js';
import { elementTypeName, pluginError, raisedWhileHandling } from './ansible-args.js';

const list = (v: PluginValue): Value[] => toList(v as Value);
/** NOTE: map/select/reject iterate `if seq`, so a falsy value (None, '') yields nothing. */

function uniqueItems(items: Value[], caseSensitive: boolean, attribute: Value): Value[] {
  const key = attrGetter(attribute, caseSensitive ? null : ignoreCase);
  const seen: Value[] = [];
  const out: Value[] = [];
  for (const item of items) {
    const k = key(item);
    if (!seen.some((x) => equals(x, k))) {
      seen.push(k);
      out.push(item);
    }
  }
  return out;
}

function minMax(items: Value[], caseSensitive: boolean, attribute: Value, sign: 1 | -1): Value {
  if (items.length === 0) return new Undefined('No aggregated item, sequence was empty.');
  const key = strictKey(attrGetter(attribute, caseSensitive ? null : ignoreCase));
  let best = items[0] as Value;
  let bestKey = key(best);
  for (const item of items.slice(1)) {
    const k = key(item);
    if (order(k, bestKey, sign > 0 ? '<' : '>') * sign < 0) {
      best = item;
      bestKey = k;
    }
  }
  return best;
}

/**
 * Runs an ordering of a list's items (sort, min, max) whose TypeError names the tagged types of
 * the items read from variables, as 2.19 compares them tagged.
 */
function comparingTaggedItems<T>(v: PluginValue, caseSensitive: boolean, attribute: Value, compare: () => T): T {
  try {
    return compare();
  } catch (err) {
    if (!(err instanceof PyException) || err.pyType !== 'TypeError' || !Array.isArray(v) || (attribute !== null && attribute !== undefined)) throw err;
    // NOTE: numbers keep the tag, a str keeps it only when the case matters (str.lower() gives a plain str).
    const names: [Value, string][] = [];
    (v as Data[]).forEach((item, i) => {
      const name = elementTypeName(v as Data[], i);
      if (name.startsWith('_AnsibleTagged') && (typeof item !== 'string' || caseSensitive)) names.push([item as Value, name]);
    });
    if (names.length === 0) throw err;
    return withOperandNames(names, compare);
  }
}

/** select/reject/selectattr/rejectattr: a test by name (or truthiness) applied per item. */
function selectOrReject(ctx: PluginContext, value: PluginValue, args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>, byAttr: boolean, expect: boolean): Value[] {
  // NOTE: Jinja reads its arguments (the test's name …) only for a true value, before iterating it.
  if (!truthy(value as Value)) return [];
  const rest = args.slice();
  let getter = (x: Value): Value => x;
  if (byAttr) {
    const attr = rest.shift();
    if (attr === undefined) throw typeError('Missing parameter for attribute name');
    getter = attrGetter(attr as Value);
  }
  const testName = rest.shift();
  let predicate: (x: Value) => boolean;
  if (testName === undefined) predicate = (x) => truthy(x);
  else {
    const name = str(testName as Value);
    // NOTE: Jinja looks the test up for each item it calls it on.
    predicate = (x) => {
      testNameCheck(testName as Value);
      const test = userPlugins?.test(name) ?? tests.get(name);
      if (!test) throw new TemplateSyntaxError(`No test named '${name}'.`, 0);
      // NOTE: an item without the attribute is Undefined, which 2.19's tests refuse (but defined and undefined).
      if (x instanceof Undefined && !UNDEFINED_TOLERANT_TESTS.has(name)) throw undefinedError(x);
      // NOTE: an item of a variable's list reaches the test tagged with its origin (its type name in errors).
      const saved = enterPlugin(taggedElementName(x) !== undefined ? x : null);
      try {
        return asPlugin('test', name, () => test(ctx, x as PluginValue, rest, kwargs));
      } finally {
        exitPlugin(saved);
      }
    };
  }
  // NOTE: a held failure among the items trips as the attribute or test reaches it (2.19's defined returns it).
  return list(value).filter((item) => {
    if (item instanceof CapturedFailure) throw undefinedError(item);
    return predicate(getter(item)) === expect;
  });
}

/**
 * 2.19's test loader takes the name as a dict key, then as text: a list or dict is unhashable,
 * any other value that is no str has no removeprefix.
 */
function testNameCheck(name: Value): void {
  if ((Array.isArray(name) && !isTuple(name)) || name instanceof Map) throw typeError(`unhashable type: '${typeName(name)}'`);
  if (typeof name !== 'string' && !(name instanceof UnsafeString)) {
    const type = Array.isArray(name) ? '_AnsibleLazyAccessTuple' : typeName(name);
    throw pluginError(`The test plugin ${str(name)} failed to load: '${type}' object has no attribute 'removeprefix'`);
  }
}

function mapFilter(ctx: PluginContext, value: PluginValue, args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>): Value[] {
  // NOTE: as select, map reads its arguments only for a true value, before iterating it.
  if (!truthy(value as Value)) return [];
  if (args.length === 0 && kwargs.has('attribute')) {
    const unexpected = [...kwargs.keys()].find((k) => k !== 'attribute' && k !== 'default');
    if (unexpected !== undefined) throw pluginError(`Unexpected keyword argument ${repr(unexpected)}`);
    const getter = attrGetter(kwargs.get('attribute') as Value, null, kwargs.has('default') ? (kwargs.get('default') as Value) : undefined);
    return list(value).map(getter);
  }
  const [name, ...rest] = args;
  if (name === undefined) throw typeError('map requires a filter argument');
  const fname = str(name as Value);
  const items = list(value);
  // NOTE: Jinja looks the filter up for each item it calls it on.
  const fn = items.length > 0 ? (userPlugins?.filter(fname) ?? filters.get(fname)) : undefined;
  if (items.length > 0 && !fn) throw new TemplateSyntaxError(`No filter named '${fname}'.`, 0);
  return items.map((item) => asPlugin('filter', fname, () => (fn as FilterFn)(ctx, item as PluginValue, rest, kwargs) as Value));
}

/** A filter or test called by name from another: its failure is reported as its own, as in 2.19. */
function asPlugin<T>(kind: 'filter' | 'test', name: string, call: () => T): T {
  try {
    return call();
  } catch (err) {
    throw wrapPluginError(err, kind, name);
  }
}

/** A sort key: 2.19 fails on an item that lacks the attribute (the undefined value trips). */
function strictKey(getter: (v: Value) => Value): (v: Value) => Value {
  return (v) => {
    const key = getter(v);
    if (key instanceof Undefined) throw undefinedError(key);
    return key;
  };
}

function sortFilter(items: Value[], reverse: boolean, caseSensitive: boolean, attribute: Value): Value[] {
  const post = caseSensitive ? null : ignoreCase;
  // NOTE: Jinja splits only a str attribute at commas; any other value is one key.
  const getters =
    attribute === null || attribute === undefined
      ? [attrGetter(null, post)]
      : typeof attribute === 'string'
        ? attribute.split(',').map((a) => strictKey(attrGetter(a, post)))
        : [strictKey(attrGetter(attribute, post))];
  const key = getters.length === 1 ? (getters[0] as (v: Value) => Value) : (v: Value): Value => getters.map((g) => g(v)) as Data[];
  return sortValues(items, key, reverse);
}

const listFilters: Record<string, FilterFn> = {
  length: (_c, v) => length(v as Value),
  count: (_c, v) => length(v as Value),
  first: (_c, v) => {
    for (const x of iterate(v as Value)) return x as PluginValue;
    return new Undefined('No first item, sequence was empty.');
  },
  last: (_c, v) => {
    // NOTE: Jinja's last reverses its value: a range is reversible, a generator is not.
    if (v instanceof PyRange) return v.length === 0 ? new Undefined('No last item, sequence was empty.') : v.start + (v.length - 1) * v.step;
    if (!(typeof v === 'string' || Array.isArray(v) || v instanceof Map)) throw typeError(`'${typeName(v as Value)}' object is not reversible`);
    const items = Array.isArray(v) ? v : list(v);
    if (items.length === 0) return new Undefined('No last item, sequence was empty.');
    return items[items.length - 1] as PluginValue;
  },
  list: (_c, v) => {
    // NOTE: 2.19's list reads each item: an undefined one (a marker) is the filter's result.
    if (Array.isArray(v)) for (const item of v) if (item instanceof Undefined) return item;
    const out = list(v) as Data[];
    // items read from variables stay tagged with where they were written (a with_ loop's terms name them)
    if (Array.isArray(v)) copyValueOrigins(v as Data[], out);
    else if (v instanceof Map) keyItemOrigins(v as DataDict, out);
    return out;
  },
  join: (_c, v, args, kw) => {
    const [d, attribute] = bindArgs(args, kw, [['d', ''], ['attribute', null]]);
    let items = list(v);
    if (attribute !== null && attribute !== undefined) items = items.map(attrGetter(attribute));
    return items.map((x) => {
      if (x instanceof Undefined) throw undefinedError(x);
      return str(x);
    }).join(str(d));
  },
  reverse: (_c, v) => {
    if (typeof v === 'string') return Array.from(v).reverse().join('');
    try {
      return list(v).reverse() as Data[];
    } catch (err) {
      // NOTE: Jinja raises its FilterArgumentError `from` the TypeError: a cause of its own.
      if (err instanceof PyException) throw pluginError('argument must be iterable', raisedWhileHandling(err.message));
      throw err;
    }
  },
  sort: (_c, v, args, kw) => {
    const [reverse, cs, attribute] = bindArgs(args, kw, [['reverse', false], ['case_sensitive', false], ['attribute', null]]);
    const items = list(v);
    return comparingTaggedItems(v, truthy(cs), attribute, () => sortFilter(items, truthy(reverse), truthy(cs), attribute)) as Data[];
  },
  unique: (_c, v, args, kw) => {
    const [cs, attribute] = bindArgs(args, kw, [['case_sensitive', false], ['attribute', null]]);
    return uniqueItems(list(v), truthy(cs), attribute) as Data[];
  },
  min: (_c, v, args, kw) => {
    const [cs, attribute] = bindArgs(args, kw, [['case_sensitive', false], ['attribute', null]]);
    return comparingTaggedItems(v, truthy(cs), attribute, () => minMax(list(v), truthy(cs), attribute, 1)) as PluginValue;
  },
  max: (_c, v, args, kw) => {
    const [cs, attribute] = bindArgs(args, kw, [['case_sensitive', false], ['attribute', null]]);
    return comparingTaggedItems(v, truthy(cs), attribute, () => minMax(list(v), truthy(cs), attribute, -1)) as PluginValue;
  },
  sum: (_c, v, args, kw) => {
    const [attribute, start] = bindArgs(args, kw, [['attribute', null], ['start', 0]]);
    // NOTE: Python's sum refuses a str start before it takes any item.
    if (typeof start === 'string' || start instanceof UnsafeString) throw typeError("sum() can't sum strings [use ''.join(seq) instead]");
    let items = list(v);
    const plain = attribute === null || attribute === undefined;
    if (!plain) items = items.map(attrGetter(attribute));
    let total = start as Value;
    // NOTE: Python's sum adds floats with Neumaier's compensation while the total is a float and
    // the items floats or ints, and adds the compensation in when that run ends.
    let compensation = 0;
    const settle = (): void => {
      if (compensation !== 0 && Number.isFinite(compensation) && total instanceof PyFloat) total = new PyFloat(total.value + compensation);
      compensation = 0;
    };
    for (let i = 0; i < items.length; i++) {
      const x = items[i] as Value;
      if (total instanceof PyFloat && (x instanceof PyFloat || typeof x === 'number' || typeof x === 'boolean')) {
        const f = total.value;
        const y = x instanceof PyFloat ? x.value : Number(x);
        const t = f + y;
        if (x instanceof PyFloat) compensation += Math.abs(f) >= Math.abs(y) ? f - t + y : y - t + f;
        total = new PyFloat(t);
        continue;
      }
      settle();
      try {
        total = arith.add(total, x);
      } catch (err) {
        if (!(err instanceof PyException) || err.pyType !== 'TypeError') throw err;
        // NOTE: an int plus a lazy list: the list's __radd__ gives NotImplemented, which 2.19's sum then iterates.
        if (typeof total === 'number' && Array.isArray(x) && !isTuple(x)) throw typeError("'NotImplementedType' object is not iterable");
        // An item of a variable's list is named by its tagged type.
        if (!plain || !Array.isArray(v) || total === x) throw err;
        const name = elementTypeName(v as Data[], i);
        total = withOperandNames([[x, name]], () => arith.add(total, x));
      }
    }
    settle();
    return total as PluginValue;
  },
  map: (c, v, args, kw) => mapFilter(c, v, args, kw) as Data[],
  select: (c, v, args, kw) => selectOrReject(c, v, args, kw, false, true) as Data[],
  reject: (c, v, args, kw) => selectOrReject(c, v, args, kw, false, false) as Data[],
  selectattr: (c, v, args, kw) => selectOrReject(c, v, args, kw, true, true) as Data[],
  rejectattr: (c, v, args, kw) => selectOrReject(c, v, args, kw, true, false) as Data[],
  batch: (_c, v, args, kw) => {
    const [linecount, fill] = bindArgs(args, kw, [['linecount', null], ['fill_with', null]]);
    // NOTE: Jinja compares the batch's length with the count: one that is no number never equals
    // it (one batch of everything), and padding then fails to order the two.
    const count = num(linecount as Value);
    const n = count === undefined ? NaN : Number(count);
    if (count === undefined && fill !== null && list(v).length > 0) throw typeError(`'<' not supported between instances of 'int' and '${typeName(linecount as Value)}'`);
    const out: Value[][] = [];
    let tmp: Value[] = [];
    for (const item of list(v)) {
      if (tmp.length === n) {
        out.push(tmp);
        tmp = [];
      }
      tmp.push(item);
    }
    if (tmp.length > 0) {
      if (fill !== null && tmp.length < n) {
        // The padding is `[fill] * (count - len)`: a float count cannot multiply a list.
        if (typeof linecount !== 'number' && typeof linecount !== 'boolean') throw typeError(`can't multiply sequence by non-int of type '${typeName(linecount as Value)}'`);
        while (tmp.length < n) tmp.push(fill);
      }
      out.push(tmp);
    }
    return out as Data[];
  },
  slice: (_c, v, args, kw) => {
    const [slicesArg, fill] = bindArgs(args, kw, [['slices', null], ['fill_with', null]]);
    const seq = list(v);
    // Python divides the length by the count first.
    if (slicesArg === 0 || slicesArg === false) throw new PyException('ZeroDivisionError', 'integer division or modulo by zero');
    if (typeof slicesArg !== 'number' && typeof slicesArg !== 'boolean') throw typeError(`unsupported operand type(s) for //: 'int' and '${typeName(slicesArg as Value)}'`);
    const slices = Number(slicesArg);
    const itemsPer = Math.floor(seq.length / slices);
    const withExtra = seq.length % slices;
    let offset = 0;
    const out: Value[][] = [];
    for (let i = 0; i < slices; i++) {
      const start = offset + i * itemsPer;
      if (i < withExtra) offset++;
      const end = offset + (i + 1) * itemsPer;
      const part = seq.slice(start, end);
      if (fill !== null && i >= withExtra) part.push(fill);
      out.push(part);
    }
    return out as Data[];
  },
  groupby: (_c, v, args, kw) => {
    // NOTE: 2.19's groupby fails on a missing attribute even given a default (map's default works).
    const [attribute, , cs] = bindArgs(args, kw, [['attribute', null], ['default', null], ['case_sensitive', false]]);
    const key = strictKey(attrGetter(attribute, truthy(cs) ? null : ignoreCase));
    const display = attrGetter(attribute, null);
    const sorted = sortValues(list(v), key, false);
    const groups: Data[] = [];
    let curKey: Value | undefined;
    let cur: Value[] = [];
    let curDisplay: Value = null;
    for (const item of sorted) {
      const k = key(item);
      if (curKey === undefined || !equals(k, curKey)) {
        if (curKey !== undefined) groups.push(groupTuple(curDisplay, cur));
        curKey = k;
        curDisplay = truthy(cs) ? k : display(item);
        cur = [];
      }
      cur.push(item);
    }
    if (curKey !== undefined) groups.push(groupTuple(curDisplay, cur));
    return groups;
  },
  random: (_c, v) => {
    const items = list(v);
    if (items.length === 0) throw new PyException('IndexError', 'Cannot choose from an empty sequence');
    return items[Math.floor(Math.random() * items.length)] as PluginValue;
  },
  attr: (_c, v, args) => {
    const given = args[0] as Value;
    // NOTE: Jinja's attr looks the name up with inspect.getattr_static (a dict lookup, so a list or
    // dict name is unhashable), then, handling its AttributeError, with hasattr, which takes only a str.
    if (typeof given !== 'string' && !(given instanceof UnsafeString)) {
      if ((Array.isArray(given) && !isTuple(given)) || given instanceof Map) throw typeError(`unhashable type: '${typeName(given)}'`);
      throw raisedWhileHandling(`attribute name must be string, not '${typeName(given)}'`);
    }
    const name = str(given);
    // NOTE: the sandbox refuses a private attribute the object has (typeName: its tagged type).
    const r = pyAttribute(v as Value, name) ?? unsafeAttribute(v as Value, name, typeName(v as Value));
    return (r === undefined ? missingAttribute(v as Value, name) : r) as PluginValue;
  },
  default: (_c, v, args, kw) => {
    const [dflt, boolean] = bindArgs(args, kw, [['default_value', ''], ['boolean', false]]);
    // NOTE: 2.19's default checks the type of `boolean` before it looks at the value.
    if (typeof boolean !== 'boolean') {
      // NOTE: 2.19's error shows the value it names, but for None, which it takes for no value.
      const shown = boolean === null ? {} : { context: `Origin: <unknown>\n\n${str(boolean)}` };
      throw new TemplateError('filter-error', `The 'boolean' argument must be of type 'bool', not '${typeName(boolean)}'.`, shown);
    }
    // NOTE: only an undefined value is replaced: a held failure (map's item) stays, to raise where used.
    if (v instanceof CapturedFailure) return v;
    // NOTE: an inline if's own Undefined is no marker to 2.19's default: only `boolean` replaces it.
    if ((v instanceof Undefined && !(v instanceof PlainUndefined)) || (truthy(boolean) && !truthy(v as Value))) return dflt as PluginValue;
    return v;
  },
};
listFilters.d = listFilters.default as FilterFn;

registerFilters(listFilters, 'ansible.builtin');
