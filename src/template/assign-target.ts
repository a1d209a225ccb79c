/**
 * Jinja's assignment targets: `set`, `for` and `with` parse their target as names and literals
 * (parse_primary, so a parenthesized part is a whole expression), then refuse what cannot be
 * assigned with "can't assign to '<node>'", naming the outermost node as Jinja's class does.
 */
import type { Expr, Target } from './ast.js';

/** A parsed target before the check: an expression, or `ns.attr` (Jinja's NSRef, only in `set`). */
export type TargetExpr = Expr | { kind: 'nsref'; name: string; attr: string; pos: number } | { kind: 'tuple'; items: TargetExpr[]; pos: number };

const BINARY_NODES: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '//': 'floordiv', '%': 'mod', '**': 'pow' };
const UNARY_NODES: Record<string, string> = { not: 'not', '-': 'neg', '+': 'pos' };

function nodeName(e: TargetExpr): string {
  switch (e.kind) {
    case 'binary':
      return BINARY_NODES[e.op] ?? e.op;
    case 'unary':
      return UNARY_NODES[e.op] ?? e.op;
    case 'cond':
      return 'condexpr';
    default:
      return e.kind;
  }
}

function canAssign(e: TargetExpr): boolean {
  if (e.kind === 'name' || e.kind === 'nsref') return true;
  if (e.kind === 'tuple') return (e.items as TargetExpr[]).every(canAssign);
  return false;
}

function toTarget(e: TargetExpr): Target {
  if (e.kind === 'name') return { kind: 'name', name: e.name };
  if (e.kind === 'nsref') return { kind: 'nsattr', name: e.name, attr: e.attr };
  if (e.kind === 'tuple') return { kind: 'tuple', items: (e.items as TargetExpr[]).map(toTarget) };
  throw new Error(`unassignable target ${e.kind}`);
}

/** The target, or the words of Jinja's refusal. */
export function assignTarget(e: TargetExpr): Target | string {
  return canAssign(e) ? toTarget(e) : `can't assign to '${nodeName(e)}'`;
}
