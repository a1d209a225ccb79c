/**
 * unique, union, intersect, difference, symmetric_difference.
 *
 * NOTE: Ansible builds these with Python sets, so their order is the set's hash order: for
 * strings it changes from run to run (hash randomization). Volant keeps first-seen order, one of
 * the orders Python could print; for ints see python-set-order.
 */
import { isStringLike, isTuple, pyEquals, textOf, truthy, type Data } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { argument, defined, iterate, pluginError, toText } from './ansible-args.js';
import { pySetOperation } from './ansible-python-set.js';
import { getItem } from '../runtime/attributes.js';
import { Undefined } from '../runtime/undefined.js';
import type { Value } from '../runtime/py-object.js';

/** A key equal for values Python's hash+eq treat as one set member; undefined when unhashable. */
export function hashKey(value: Data): string | undefined {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return `n${value ? 1 : 0}`;
  if (typeof value === 'number') return `n${value}`;
  if (isStringLike(value)) return `s${textOf(value)}`;
  if (Array.isArray(value)) {
    if (!isTuple(value)) return undefined;
    const parts: string[] = [];
    for (const item of value) {
      const k = hashKey(item);
      if (k === undefined) return undefined;
      parts.push(k);
    }
    return `t(${parts.join('\u0000')})`;
  }
  if (value instanceof Map) return undefined;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'number') return `n${value.value}`;
  return undefined;
}

function equalityUnique(items: readonly Data[]): Data[] {
  const out: Data[] = [];
  for (const x of items) if (!out.some((y) => pyEquals(x, y))) out.push(x);
  return out;
}

/** Jinja's attribute getter (`a.b`, digits as indexes); a miss is its Undefined's message. */
function attributeOf(item: Data, attribute: string): Data {
  let current: Value = item;
  for (const part of attribute.split('.')) {
    current = getItem(current, /^\d+$/.test(part) ? Number(part) : part);
    if (current instanceof Undefined) {
      throw pluginError(`Jinja2's unique filter failed and we cannot fall back to Ansible's version as it does not support the parameters supplied: ${current.message}`);
    }
  }
  return current as Data;
}

export const unique: FilterFn = (_ctx, value, args, kwargs) => {
  const items = iterate(defined(value));
  const caseSensitive = argument(args, kwargs, 0, 'case_sensitive');
  const attribute = argument(args, kwargs, 1, 'attribute');
  const seen = new Set<string>();
  const out: Data[] = [];
  for (const item of items) {
    let keyValue = attribute === undefined || attribute === null ? item : attributeOf(item, toText(attribute));
    if (!truthy(caseSensitive ?? false) && isStringLike(keyValue)) keyValue = textOf(keyValue).toLowerCase();
    const key = hashKey(keyValue);
    if (key === undefined) {
      // Jinja's unique failed on an unhashable item; Ansible falls back to equality unless asked for more.
      if (caseSensitive === false || (attribute !== undefined && attribute !== null)) {
        throw pluginError(
          "Jinja2's unique filter failed and we cannot fall back to Ansible's version as it does not support the parameters supplied.",
        );
      }
      return equalityUnique(items);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
};

function setFilter(op: 'union' | 'intersect' | 'difference' | 'symmetric_difference'): FilterFn {
  return (_ctx, value, args, kwargs) => {
    const a = iterate(defined(value));
    const bRaw = argument(args, kwargs, 0, 'b') ?? null;
    const b = iterate(bRaw);
    const hashable = [...a, ...b].every((x) => hashKey(x) !== undefined);
    if (hashable) return pySetOperation(op, a, b);
    const inList = (list: readonly Data[], x: Data): boolean => list.some((y) => pyEquals(x, y));
    if (op === 'union') return equalityUnique([...a, ...b]);
    if (op === 'intersect') return equalityUnique(a.filter((x) => inList(b, x)));
    if (op === 'difference') return equalityUnique(a.filter((x) => !inList(b, x)));
    const both = equalityUnique(a.filter((x) => inList(b, x)));
    return equalityUnique([...a, ...b]).filter((x) => !inList(both, x));
  };
}

export const union = setFilter('union');
export const intersect = setFilter('intersect');
export const difference = setFilter('difference');
export const symmetric_difference = setFilter('symmetric_difference');

export const setFilters: Record<string, FilterFn> = { unique, union, intersect, difference, symmetric_difference };
