/** Jinja2's type tests: defined/undefined, none, boolean, number, integer, float, string, mapping, sequence, iterable, callable … */
import { PyFloat } from '../../core/data.js';
import { filters, registerTests, tests, type TestFn } from '../plugin.js';
import { PyCallable, PyObject, type Value } from '../runtime/py-object.js';
import { isIterableObject, num } from '../runtime/py-values.js';
import { Undefined } from '../runtime/undefined.js';

const typeTests: Record<string, TestFn> = {
  defined: (_c, v) => !(v instanceof Undefined),
  undefined: (_c, v) => v instanceof Undefined,
  none: (_c, v) => v === null,
  boolean: (_c, v) => typeof v === 'boolean',
  false: (_c, v) => v === false,
  true: (_c, v) => v === true,
  integer: (_c, v) => typeof v === 'number',
  float: (_c, v) => v instanceof PyFloat,
  number: (_c, v) => typeof v === 'number' || typeof v === 'boolean' || v instanceof PyFloat,
  string: (_c, v) => typeof v === 'string',
  mapping: (_c, v) => v instanceof Map,
  sequence: (_c, v) => typeof v === 'string' || Array.isArray(v) || v instanceof Map || (v instanceof PyObject && typeof (v as { length?: unknown }).length === 'number'),
  iterable: (_c, v) => typeof v === 'string' || Array.isArray(v) || v instanceof Map || isIterableObject(v),
  callable: (_c, v) => v instanceof PyCallable,
  lower: (_c, v) => typeof v === 'string' && v === v.toLowerCase() && /\p{L}/u.test(v),
  upper: (_c, v) => typeof v === 'string' && v === v.toUpperCase() && /\p{L}/u.test(v),
  escaped: () => false,
  odd: (_c, v) => (num(v as Value) ?? 0) % 2 !== 0,
  even: (_c, v) => (num(v as Value) ?? 1) % 2 === 0,
  divisibleby: (_c, v, args) => {
    const n = num(args[0] as Value) ?? 1;
    return (num(v as Value) ?? 0) % n === 0;
  },
  filter: (_c, v) => typeof v === 'string' && filters.has(v),
  test: (_c, v) => typeof v === 'string' && tests.has(v),
};

registerTests(typeTests, 'ansible.builtin');
