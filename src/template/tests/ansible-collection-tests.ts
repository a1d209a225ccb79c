/** subset, superset, contains, any, all, truthy, falsy, nan: tests over values and collections. */
import { PyFloat, isStringLike, pyEquals, textOf, truthy as pyTruthy, type Data } from '../../core/data.js';
import type { TestFn } from '../plugin.js';
import { argument, defined, iterate, pluginError } from '../filters/ansible-args.js';
import { hashKey } from '../filters/ansible-sets.js';
import { isIterableObject, typeName } from '../runtime/py-values.js';
import { PlainUndefined } from '../runtime/undefined.js';
import { isOmit } from '../runtime/omit.js';

function setKeys(items: Data[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) {
    const k = hashKey(item);
    if (k === undefined) {
      const type = item instanceof Map ? '_AnsibleLazyTemplateDict' : '_AnsibleLazyTemplateList';
      throw pluginError(`unhashable type: '${type}'`);
    }
    keys.add(k);
  }
  return keys;
}

const subset: TestFn = (_ctx, value, args, kwargs) => {
  const a = setKeys(iterate(defined(value)));
  const b = setKeys(iterate(argument(args, kwargs, 0, 'b') ?? null));
  return [...a].every((k) => b.has(k));
};

const superset: TestFn = (_ctx, value, args, kwargs) => {
  const a = setKeys(iterate(defined(value)));
  const b = setKeys(iterate(argument(args, kwargs, 0, 'b') ?? null));
  return [...b].every((k) => a.has(k));
};

/** Python's `value in seq`. */
export function pyContains(seq: Data, value: Data): boolean {
  if (isStringLike(seq) && !isOmit(seq)) {
    if (!isStringLike(value)) throw pluginError(`'in <string>' requires string as left operand, not ${typeName(value)}`);
    return textOf(seq).includes(textOf(value));
  }
  if (seq instanceof Map) {
    for (const k of seq.keys()) if (pyEquals(k, value)) return true;
    return false;
  }
  if (Array.isArray(seq)) return seq.some((x) => pyEquals(x, value));
  if (isIterableObject(seq)) return [...seq].some((x) => pyEquals(x as Data, value));
  throw pluginError(`argument of type '${typeName(seq)}' is not iterable`);
}

const contains: TestFn = (_ctx, value, args, kwargs) => pyContains(defined(value), argument(args, kwargs, 0, 'value') ?? null);

const nan: TestFn = (_ctx, value) => {
  const data = defined(value);
  return data instanceof PyFloat && Number.isNaN(data.value);
};

const any: TestFn = (_ctx, value) => iterate(defined(value)).some((x) => pyTruthy(x));
const all: TestFn = (_ctx, value) => iterate(defined(value)).every((x) => pyTruthy(x));

const TRUE_WORDS = new Set(['y', 'yes', 'on', '1', 'true', 't']);
const FALSE_WORDS = new Set(['n', 'no', 'off', '0', 'false', 'f']);

/** module_utils boolean(strict=True); undefined when the value is not a boolean word. */
function convertBool(value: Data): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || value instanceof PyFloat) {
    const n = Number(value.valueOf());
    return n === 1 ? true : n === 0 ? false : undefined;
  }
  if (isStringLike(value)) {
    const text = textOf(value).toLowerCase().trim();
    if (TRUE_WORDS.has(text)) return true;
    if (FALSE_WORDS.has(text)) return false;
  }
  return undefined;
}

function truthOf(value: Data, convert: boolean): boolean {
  if (convert) {
    const b = convertBool(value);
    if (b !== undefined) return b;
  }
  return pyTruthy(value);
}

// an inline if's own Undefined is false (undefined.ts)
const truthy: TestFn = (_ctx, value, args, kwargs) => !(value instanceof PlainUndefined) && truthOf(defined(value), pyTruthy(argument(args, kwargs, 0, 'convert_bool') ?? false));
const falsy: TestFn = (_ctx, value, args, kwargs) => value instanceof PlainUndefined || !truthOf(defined(value), pyTruthy(argument(args, kwargs, 0, 'convert_bool') ?? false));

export const collectionTests: Record<string, TestFn> = {
  subset,
  issubset: subset,
  superset,
  issuperset: superset,
  contains,
  nan,
  isnan: nan,
  any,
  all,
  truthy,
  falsy,
};
