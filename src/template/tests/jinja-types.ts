/** Jinja2's type tests: defined/undefined, none, boolean, number, integer, float, string, mapping, sequence, iterable, callable … */
import { PyComplex } from '../runtime/py-complex.js';
import { PyFloat, isTuple } from '../../core/data.js';
import { filters, registerTests, tests, type TestFn } from '../plugin.js';
import { PyCallable, PyObject, type Value } from '../runtime/py-object.js';
import { equals, isIterableObject, str, typeName } from '../runtime/py-values.js';
import { mod } from '../runtime/py-arith.js';
import { typeError } from '../runtime/py-exception.js';
import { PlainUndefined, Undefined } from '../runtime/undefined.js';
import { OMIT_PLACEHOLDER } from '../runtime/omit.js';

function isLower(s: string): boolean {
  return /\p{Ll}/u.test(s) && !/\p{Lu}|\p{Lt}/u.test(s);
}

function isUpper(s: string): boolean {
  return /\p{Lu}/u.test(s) && !/\p{Ll}|\p{Lt}/u.test(s);
}

/**
 * NOTE: Ansible's plugin lookup answers True for any hashable non-string name (its loader never
 * rejects them), and fails on unhashable lists and dicts.
 */
function pluginKnown(v: Value, registry: ReadonlyMap<string, unknown>): boolean {
  if (typeof v === 'string') return registry.has(v);
  if ((Array.isArray(v) && !isTuple(v)) || v instanceof Map) throw typeError(`unhashable type: '${typeName(v)}'`);
  return true;
}

const typeTests: Record<string, TestFn> = {
  defined: (_c, v) => !(v instanceof Undefined),
  undefined: (_c, v) => v instanceof Undefined,
  none: (_c, v) => v === null,
  boolean: (_c, v) => typeof v === 'boolean',
  false: (_c, v) => v === false,
  true: (_c, v) => v === true,
  integer: (_c, v) => typeof v === 'number' || typeof v === 'bigint',
  float: (_c, v) => v instanceof PyFloat,
  number: (_c, v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v instanceof PyFloat || v instanceof PyComplex,
  string: (_c, v) => typeof v === 'string' && v !== OMIT_PLACEHOLDER,
  mapping: (_c, v) => v instanceof Map,
  sequence: (_c, v) => (typeof v === 'string' && v !== OMIT_PLACEHOLDER) || Array.isArray(v) || v instanceof Map || (v instanceof PyObject && typeof (v as { length?: unknown }).length === 'number'),
  // an inline if's own Undefined iterates as empty (undefined.ts)
  iterable: (_c, v) => (typeof v === 'string' && v !== OMIT_PLACEHOLDER) || Array.isArray(v) || v instanceof Map || isIterableObject(v) || v instanceof PlainUndefined,
  callable: (_c, v) => v instanceof PyCallable,
  // NOTE: Jinja tests str(value), so a dict whose repr is all lower case "is lower".
  lower: (_c, v) => isLower(str(v as Value)),
  upper: (_c, v) => isUpper(str(v as Value)),
  escaped: () => false,
  odd: (_c, v) => equals(mod(v as Value, 2), 1),
  even: (_c, v) => equals(mod(v as Value, 2), 0),
  divisibleby: (_c, v, args) => equals(mod(v as Value, args[0] as Value), 0),
  filter: (_c, v) => pluginKnown(v as Value, filters),
  test: (_c, v) => pluginKnown(v as Value, tests),
};

registerTests(typeTests, 'ansible.builtin');
