/**
 * unique, union, intersect, difference, symmetric_difference.
 *
 * NOTE: Ansible builds these with Python sets, so their order is the set's hash order: for
 * strings it changes from run to run (hash randomization). Volant keeps first-seen order, one of
 * the orders Python could print; for ints see python-set-order.
 */
import { PyComplex } from '../runtime/py-complex.js';
import { isStringLike, isTuple, pyEquals, textOf, truthy, type Data } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { argument, defined, iterate, pluginError, raisedWhileHandling, toText } from './ansible-args.js';
import { TemplateError } from '../../core/errors.js';
import { add } from '../runtime/py-arith.js';
import { PyException } from '../runtime/py-exception.js';
import { contains, isIterableObject } from '../runtime/py-values.js';
import { pySetOperation } from './ansible-python-set.js';
import { getItem } from '../runtime/attributes.js';
import { CapturedFailure, Undefined, undefinedError } from '../runtime/undefined.js';
import type { Value } from '../runtime/py-object.js';

/** A key equal for values Python's hash+eq treat as one set member; undefined when unhashable. */
export function hashKey(value: Data): string | undefined {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return `n${value ? 1 : 0}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `n${value}`;
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
  // (a complex with no imaginary part equals, and hashes as, its real part)
  const v: unknown = value;
  if (v instanceof PyComplex) return v.imag === 0 ? `n${v.real}` : `c${v.real},${v.imag}`;
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

const CANNOT_FALL_BACK = "Jinja2's unique filter failed and we cannot fall back to Ansible's version as it does not support the parameters supplied.";

/** What hashing an undefined item or a held failure says (Jinja's unique hashes every item). */
function heldItemMessage(item: Undefined): string {
  return item instanceof CapturedFailure ? `A captured exception marker was tripped: ${item.message}` : item.message;
}

/** Ansible's own unique walks the items (`x not in c`): the first held one raises there. */
function fallbackUnique(items: readonly Data[]): Data[] {
  const held = (items as readonly Value[]).find((x) => x instanceof Undefined);
  if (held instanceof Undefined) throw undefinedError(held);
  return equalityUnique(items);
}

export const unique: FilterFn = (ctx, value, args, kwargs) => {
  const data = defined(value);
  const caseSensitive = argument(args, kwargs, 0, 'case_sensitive');
  const attribute = argument(args, kwargs, 1, 'attribute');
  let items: Data[];
  try {
    items = iterate(data);
  } catch (error) {
    // Jinja's unique failed to iterate; Ansible's own (set(x)) would fail the same way, unless asked for more.
    if (caseSensitive === false || (attribute !== undefined && attribute !== null)) throw pluginError(`${CANNOT_FALL_BACK.slice(0, -1)}: ${(error as Error).message}`);
    throw error;
  }
  const seen = new Set<string>();
  const out: Data[] = [];
  for (const item of items) {
    const held: Value = item;
    if (held instanceof Undefined) {
      const message = heldItemMessage(held);
      if (caseSensitive === false || (attribute !== undefined && attribute !== null)) throw pluginError(`${CANNOT_FALL_BACK.slice(0, -1)}: ${message}`);
      ctx.warn?.({ kind: 'warning', message: `Falling back to Ansible unique filter as Jinja2 one failed: ${message}` });
      return fallbackUnique(items);
    }
    let keyValue = attribute === undefined || attribute === null ? item : attributeOf(item, toText(attribute));
    if (!truthy(caseSensitive ?? false) && isStringLike(keyValue)) keyValue = textOf(keyValue).toLowerCase();
    const key = hashKey(keyValue);
    if (key === undefined) {
      // Jinja's unique failed on an unhashable item; Ansible falls back to equality unless asked for more.
      if (caseSensitive === false || (attribute !== undefined && attribute !== null)) {
        throw pluginError(CANNOT_FALL_BACK);
      }
      return fallbackUnique(items);
    }
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
};

/** list(x) when x is iterable, else undefined (Python's set(x) would raise TypeError). */
function iterableItems(value: Data): Data[] | undefined {
  if (isIterableObject(value)) return [...(value as Iterable<Data>)];
  return Array.isArray(value) || value instanceof Map || isStringLike(value) ? iterate(value) : undefined;
}

/** Ansible's fallback when set() raised: equality over lists, in Python's operators. */
function equalityFallback(op: SetOp, a: Data, b: Data): Data[] {
  const inB = (x: Data): boolean => contains(b, x);
  // NOTE: `a + b` with `b` a list and `a` neither list nor str gets 2.19's lazy list's
  // __radd__ result, NotImplemented, which unique() then fails to iterate.
  const concat = (): Data[] => {
    if (Array.isArray(b) && !isTuple(b) && !Array.isArray(a) && !isStringLike(a)) throw pluginError("'NotImplementedType' object is not iterable");
    return iterate(add(a, b) as Data);
  };
  if (op === 'union') return equalityUnique(concat());
  const both = equalityUnique(iterate(a).filter(inB));
  if (op === 'intersect') return both;
  if (op === 'difference') return equalityUnique(iterate(a).filter((x) => !inB(x)));
  return equalityUnique(concat()).filter((x) => !both.some((y) => pyEquals(x, y)));
}

type SetOp = 'union' | 'intersect' | 'difference' | 'symmetric_difference';

function setFilter(op: SetOp): FilterFn {
  return (_ctx, value, args, kwargs) => {
    const aRaw = defined(value);
    const bRaw = defined(argument(args, kwargs, 0, 'b') ?? null);
    const a = iterableItems(aRaw);
    const b = iterableItems(bRaw);
    if (a && b && [...a, ...b].every((x) => hashKey(x) !== undefined)) return pySetOperation(op, a, b);
    try {
      return equalityFallback(op, aRaw, bRaw);
    } catch (error) {
      // NOTE: the fallback runs in set()'s `except TypeError`: its own error shows as a cause.
      if (error instanceof PyException || error instanceof TemplateError) throw raisedWhileHandling(error.message);
      throw error;
    }
  };
}

export const union = setFilter('union');
export const intersect = setFilter('intersect');
export const difference = setFilter('difference');
export const symmetric_difference = setFilter('symmetric_difference');

export const setFilters: Record<string, FilterFn> = { unique, union, intersect, difference, symmetric_difference };
