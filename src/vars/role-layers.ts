/**
 * A role's contributions to a task's variables (ansible's Role.get_default_vars, get_vars,
 * get_role_params), flattened once per role and dependency chain and cached.
 */
import type { DataDict } from '../core/data.js';
import { combineInto } from './combine-vars.js';
import type { RoleScope } from './scopes.js';

export function allDependencies(role: RoleScope): RoleScope[] {
  const out: RoleScope[] = [];
  for (const dep of role.dependencies ?? []) {
    out.push(...allDependencies(dep), dep);
  }
  return out;
}

/** By hash_behaviour: replace, merge. */
const defaultsCaches = [new WeakMap<RoleScope, DataDict>(), new WeakMap<RoleScope, DataDict>()] as const;

/**
 * Defaults of the role's dependencies (recursively), then the chain's, then its own. `merge`
 * (hash_behaviour=merge) merges dicts of the same name, as ansible's combine_vars.
 */
export function roleDefaults(role: RoleScope, depChain: readonly RoleScope[] = [], merge = false): DataDict {
  const cache = defaultsCaches[merge ? 1 : 0];
  if (depChain.length === 0) {
    const cached = cache.get(role);
    if (cached) return cached;
  }
  const out: DataDict = new Map();
  const assign = (source: DataDict): void => combineInto(out, source, merge, true);
  for (const dep of allDependencies(role)) assign(roleDefaults(dep, [], merge));
  for (const parent of depChain) assign(parent.defaults);
  assign(role.defaults);
  if (depChain.length === 0) cache.set(role, out);
  return out;
}

/**
 * Role vars. `onlyExports` is what a role shows to the whole play (vars/main.yml of it and its
 * dependencies); otherwise the chain's entry vars and role vars, dependencies' exports, its own
 * vars/main.yml and its entry `vars:`.
 */
export function roleVars(role: RoleScope, depChain: readonly RoleScope[] = [], onlyExports = false, merge = false): DataDict {
  const out: DataDict = new Map();
  const assign = (source: DataDict): void => combineInto(out, source, merge, true);
  for (const parent of depChain) {
    if (!onlyExports && parent.entryVars) assign(parent.entryVars);
    assign(parent.vars);
  }
  const seen = new Set<RoleScope>();
  for (const dep of allDependencies(role)) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    assign(roleVars(dep, [], true, merge));
  }
  assign(role.vars);
  if (!onlyExports && role.entryVars) assign(role.entryVars);
  return out;
}

/** Role params of the chain, then the role's own. */
export function roleParams(role: RoleScope, depChain: readonly RoleScope[] = [], merge = false): DataDict {
  const out: DataDict = new Map();
  for (const parent of depChain) if (parent.params) combineInto(out, parent.params, merge);
  if (role.params) combineInto(out, role.params, merge);
  return out;
}
