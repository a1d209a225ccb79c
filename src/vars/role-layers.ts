/**
 * A role's contributions to a task's variables (ansible's Role.get_default_vars, get_vars,
 * get_role_params), flattened once per role and dependency chain and cached.
 */
import type { DataDict } from '../core/data.js';
import { copyValueOrigin } from '../core/value-origins.js';
import type { RoleScope } from './scopes.js';

export function allDependencies(role: RoleScope): RoleScope[] {
  const out: RoleScope[] = [];
  for (const dep of role.dependencies ?? []) {
    out.push(...allDependencies(dep), dep);
  }
  return out;
}

const defaultsCache = new WeakMap<RoleScope, DataDict>();

/** Defaults of the role's dependencies (recursively), then the chain's, then its own. */
export function roleDefaults(role: RoleScope, depChain: readonly RoleScope[] = []): DataDict {
  if (depChain.length === 0) {
    const cached = defaultsCache.get(role);
    if (cached) return cached;
  }
  const out: DataDict = new Map();
  for (const dep of allDependencies(role)) assign(out, roleDefaults(dep));
  for (const parent of depChain) assign(out, parent.defaults);
  assign(out, role.defaults);
  if (depChain.length === 0) defaultsCache.set(role, out);
  return out;
}

/**
 * Role vars. `onlyExports` is what a role shows to the whole play (vars/main.yml of it and its
 * dependencies); otherwise the chain's entry vars and role vars, dependencies' exports, its own
 * vars/main.yml and its entry `vars:`.
 */
export function roleVars(role: RoleScope, depChain: readonly RoleScope[] = [], onlyExports = false): DataDict {
  const out: DataDict = new Map();
  for (const parent of depChain) {
    if (!onlyExports && parent.entryVars) assign(out, parent.entryVars);
    assign(out, parent.vars);
  }
  const seen = new Set<RoleScope>();
  for (const dep of allDependencies(role)) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    assign(out, roleVars(dep, [], true));
  }
  assign(out, role.vars);
  if (!onlyExports && role.entryVars) assign(out, role.entryVars);
  return out;
}

/** Role params of the chain, then the role's own. */
export function roleParams(role: RoleScope, depChain: readonly RoleScope[] = []): DataDict {
  const out: DataDict = new Map();
  for (const parent of depChain) if (parent.params) assign(out, parent.params);
  if (role.params) assign(out, role.params);
  return out;
}

function assign(target: DataDict, source: DataDict): void {
  for (const [k, v] of source) {
    target.set(k, v);
    copyValueOrigin(source, target, k);
  }
}
