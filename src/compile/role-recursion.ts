/**
 * NOTE: 2.19 does not look for a role that depends on itself: loading recurses until Python's
 * stack runs out, and the dependency entry being loaded at that moment is named ("A recursion
 * loop was detected …"). Which one that is follows from the depth the stack allows, measured
 * with cycles of two to seven roles: the entry 323 dependency levels below a play's `roles:`
 * entry, 321 below an import_role and 324 below an include_role (their loads start with
 * different stacks). Volant finds the loop when a role comes back along its dependency chain
 * and names the entry that same walk would be at then; each import_playbook on the way to the
 * play costs a level (measured once: 322). (An entry that takes more stack to read, one with
 * vars, runs it out a level early: there 2.19 may name another entry of the loop.)
 */
import { ParseError } from '../core/errors.js';
import type { RoleInstance } from './program.js';

const DEPTH = { roles: 323, import: 321, include: 324 } as const;

const MESSAGE = 'A recursion loop was detected with the roles specified. Make sure child roles do not have dependencies on parent roles: maximum recursion depth exceeded';

/** The entries a dependency chain walked from its play or include entry down to `role`. */
function chainOf(role: RoleInstance): RoleInstance[] {
  const chain = [role];
  let at = role;
  while (at.parent && at.byInclude === undefined) {
    at = at.parent;
    chain.unshift(at);
  }
  return chain;
}

/**
 * Throws 2.19's error when `role`, just loaded as a dependency, is one of the roles above it;
 * `importDepth` is the play's import_playbook depth, each of which costs 2.19 one level.
 */
export function checkRoleRecursion(role: RoleInstance, importDepth: number): void {
  const chain = chainOf(role);
  const k = chain.length - 1;
  const j = chain.findIndex((r) => r.def.path === role.def.path);
  if (j === k) return;
  const top = chain[0] as RoleInstance;
  const depth = (top.byInclude === undefined ? DEPTH.roles : top.fromInclude ? DEPTH.include : DEPTH.import) - importDepth;
  // past the chain the walk goes round the loop (entries j+1 … k) again and again
  const at = depth <= k ? depth : j + 1 + ((depth - j - 1) % (k - j));
  const entry = chain[at] as RoleInstance;
  throw new ParseError('ROLE_RECURSION', MESSAGE, { location: entry.ref.loc });
}
