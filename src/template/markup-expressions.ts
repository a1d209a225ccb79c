import type { Expr } from './ast.js';

/**
 * Jinja filters whose result is a markupsafe.Markup (a str subclass Ansible does not store);
 * urlize and xmlattr make one only with autoescape, which Ansible leaves off.
 */
const MARKUP_FILTERS: ReadonlySet<string> = new Set(['e', 'escape', 'forceescape', 'safe', 'tojson'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/** Filters that escape their input (and leave a Markup as it is). */
export const ESCAPING_FILTERS: ReadonlySet<string> = new Set(['e', 'escape'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/** Jinja filters that call a str method on their value: Markup's own methods keep it a Markup. */
const MARKUP_KEEPING_FILTERS: ReadonlySet<string> = new Set(['upper', 'lower', 'capitalize', 'trim', 'center', 'string'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/**
 * Whether an expression gives a Markup. NOTE: Volant's values have no Markup type: what 2.19
 * shows of one (type_debug's name, the storage warning) is known from the filters written.
 */
export function isMarkupExpression(e: Expr | null): boolean {
  if (e?.kind === 'binary') return e.op === '+' && (isMarkupExpression(e.left) || isMarkupExpression(e.right));
  if (e?.kind !== 'filter') return false;
  return MARKUP_FILTERS.has(e.name) || (MARKUP_KEEPING_FILTERS.has(e.name) && isMarkupExpression(e.value));
}

/** Which operand of `+` is the only Markup (the other is escaped when it is a str). */
export function markupOperand(left: Expr, right: Expr): 'left' | 'right' | undefined {
  const l = isMarkupExpression(left);
  const r = isMarkupExpression(right);
  return l === r ? undefined : l ? 'left' : 'right';
}
