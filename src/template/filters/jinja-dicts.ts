/** Jinja2's mapping and serialization filters: dictsort, items, xmlattr, tojson, pprint. */
import { dumpJson } from '../../core/json.js';
import { markTuple, type Data, type DataDict } from '../../core/data.js';
import { keyLocation, valueOrigin } from '../../core/value-origins.js';
import { registerFilters, type FilterFn } from '../plugin.js';
import { sortValues } from '../runtime/list-methods.js';
import { PyException, typeError, valueError } from '../runtime/py-exception.js';
import { PyObject, type Value } from '../runtime/py-object.js';
import { plainTypeName, repr, str, taggedTypeName, truthy, typeName, withOperandNames } from '../runtime/py-values.js';
import { Undefined } from '../runtime/undefined.js';
import { containsOmit } from '../runtime/omit.js';
import { ignoreCase } from './attr-getter.js';
import { escapeHtml } from './jinja-html.js';
import { bindArgs } from './filter-args.js';
import { jsonIndent } from './ansible-json.js';

const dictFilters: Record<string, FilterFn> = {
  dictsort: (_c, v, args, kw) => {
    const [cs, by, reverse] = bindArgs(args, kw, [['case_sensitive', false], ['by', 'key'], ['reverse', false]]);
    // NOTE: Jinja checks `by` before it reads the value's items.
    const pos = by === 'key' ? 0 : by === 'value' ? 1 : -1;
    if (pos < 0) throw valueError('You can only sort by either "key" or "value"');
    if (!(v instanceof Map)) throw new PyException('AttributeError', `'${typeName(v as Value)}' object has no attribute 'items'`);
    const pairs = [...v.entries()].map(([k, x]) => markTuple([k, x]) as Value);
    const key = (p: Value): Value => {
      const x = (p as Value[])[pos] as Value;
      return truthy(cs) ? x : ignoreCase(x);
    };
    const sort = (): Data[] => sortValues(pairs, key, truthy(reverse)) as Data[];
    try {
      return sort();
    } catch (err) {
      const names = err instanceof PyException && err.pyType === 'TypeError' ? sortedTaggedNames(v as DataDict, pos, truthy(cs)) : [];
      if (names.length === 0) throw err;
      return withOperandNames(names, sort);
    }
  },
  items: (_c, v) => {
    if (v instanceof Undefined) return [];
    if (!(v instanceof Map)) throw typeError('Can only get item pairs from a mapping.');
    return [...v.entries()].map(([k, x]) => markTuple([k, x]));
  },
  xmlattr: (_c, v, args, kw) => {
    const [autospace] = bindArgs(args, kw, [['autospace', true]]);
    if (!(v instanceof Map)) throw new PyException('AttributeError', `'${typeName(v as Value)}' object has no attribute 'items'`);
    const parts: string[] = [];
    for (const [k, x] of v) {
      if (x === null || (x as unknown) instanceof Undefined) continue;
      // The key goes to re.search as it is: only a str can be searched.
      if (typeof k !== 'string') throw typeError(`expected string or bytes-like object, got '${typeName(k as Value)}'`);
      const key = k;
      if (/[\s/>=]/.test(key)) throw valueError(`Invalid character in attribute name: ${repr(key)}`);
      parts.push(`${escapeHtml(key)}="${escapeHtml(str(x as Value))}"`);
    }
    const rv = parts.join(' ');
    return truthy(autospace) && rv ? ' ' + rv : rv;
  },
  tojson: (_c, v, args, kw) => {
    const [indent] = bindArgs(args, kw, [['indent', null]]);
    const odd = unserializableType(v);
    if (odd !== undefined) throw typeError(`Object of type ${odd} is not JSON serializable`);
    const text = dumpJson(v as Data, { sortKeys: true, indent: jsonIndent(v as Data, indent as Data) });
    return text.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/'/g, '\\u0027');
  },
  pprint: (_c, v) => repr(v as Value),
};

/**
 * NOTE: dictsort compares the keys (or values) as 2.19 holds them, tagged when read from YAML: a
 * number keeps its tag, a str only when the case matters (lower() gives a plain str).
 */
function sortedTaggedNames(dict: DataDict, pos: number, caseSensitive: boolean): Array<[Value, string]> {
  const names: Array<[Value, string]> = [];
  for (const [k, x] of dict) {
    const item = pos === 0 ? k : x;
    const tagged = pos === 0 ? keyLocation(dict, k) !== undefined : valueOrigin(dict, k) !== undefined;
    const name = tagged && (typeof item !== 'string' || caseSensitive) ? taggedTypeName(item as Value) : undefined;
    if (name !== undefined) names.push([item as Value, name]);
  }
  return names;
}

/** The type of the first value json.dumps cannot write (omit, a range or another runtime object). */
function unserializableType(v: Value): string | undefined {
  if (containsOmit(v)) return '_OmitType';
  if (v instanceof PyObject) return plainTypeName(v);
  if (Array.isArray(v)) {
    for (const item of v as Value[]) {
      const t = unserializableType(item);
      if (t !== undefined) return t;
    }
  }
  if (v instanceof Map) {
    for (const item of v.values() as Iterable<Value>) {
      const t = unserializableType(item);
      if (t !== undefined) return t;
    }
  }
  return undefined;
}

registerFilters(dictFilters, 'ansible.builtin');
