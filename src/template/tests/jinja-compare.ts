/** Jinja2's comparison tests: eq/ne/lt/le/gt/ge (and their aliases), in, sameas. */
import { registerTests, type TestFn } from '../plugin.js';
import type { Value } from '../runtime/py-object.js';
import { compare, contains, equals } from '../runtime/py-values.js';

const arg = (args: readonly unknown[]): Value => args[0] as Value;

const eq: TestFn = (_c, v, args) => equals(v as Value, arg(args));
const ne: TestFn = (_c, v, args) => !equals(v as Value, arg(args));
const lt: TestFn = (_c, v, args) => compare(v as Value, arg(args), '<');
const le: TestFn = (_c, v, args) => compare(v as Value, arg(args), '<=');
const gt: TestFn = (_c, v, args) => compare(v as Value, arg(args), '>');
const ge: TestFn = (_c, v, args) => compare(v as Value, arg(args), '>=');

const compareTests: Record<string, TestFn> = {
  eq,
  '==': eq,
  equalto: eq,
  ne,
  '!=': ne,
  lt,
  '<': lt,
  lessthan: lt,
  le,
  '<=': le,
  gt,
  '>': gt,
  greaterthan: gt,
  ge,
  '>=': ge,
  in: (_c, v, args) => contains(arg(args), v as Value),
  // NOTE: `sameas` is Python identity: small ints, True/None and the same list object are "same".
  sameas: (_c, v, args) => {
    const other = arg(args);
    if (v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string') return v === other;
    return v === other;
  },
};

registerTests(compareTests, 'ansible.builtin');
