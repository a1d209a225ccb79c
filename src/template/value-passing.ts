import type { Expr } from './ast.js';

/** Filters that give back their input itself, or one item of it, as it is (a value's trust goes with it). */
const PASSING_FILTERS: ReadonlySet<string> = new Set(['default', 'd', 'mandatory', 'string', 'first', 'last', 'min', 'max'].flatMap((n) => [n, `ansible.builtin.${n}`]));
/** Filters that give back one of their arguments as it is. */
const ARGUMENT_PASSING_FILTERS: ReadonlySet<string> = new Set(['ternary', 'ansible.builtin.ternary']);

/**
 * Whether the expression's value is one its parts gave as they are (a variable, an item of one,
 * a branch of `if`/`and`/`or`, default's input): any other makes a new value.
 */
export function passesValueThrough(e: Expr | null): boolean {
  if (e === null) return false;
  switch (e.kind) {
    case 'name':
    case 'getattr':
    case 'getitem':
      return true;
    // one of the branches is the value (the text then says which: a literal is not trusted text)
    case 'cond':
      return passesValueThrough(e.then) || passesValueThrough(e.else);
    case 'and':
    case 'or':
      return passesValueThrough(e.left) || passesValueThrough(e.right);
    case 'filter':
      if (ARGUMENT_PASSING_FILTERS.has(e.name)) return e.args.some(passesValueThrough);
      return PASSING_FILTERS.has(e.name) && passesValueThrough(e.value);
    default:
      return false;
  }
}
