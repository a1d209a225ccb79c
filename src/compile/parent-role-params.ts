import type { Data, DataDict } from '../core/data.js';
import { updateKeepingKeyOrigins } from '../core/key-origins.js';
import type { RoleInstance } from './program.js';

/**
 * The include params of a role that import_role or include_role brings in from another role's
 * tasks: 2.19 adds the parent role's params, and puts its name and path before those of the
 * roles around it (`ansible_parent_role_names`, `ansible_parent_role_paths`), innermost first.
 * `around` is what the importing task already had (the includes and imports it sits in).
 */
export function withParentRole(around: DataDict | undefined, parent: RoleInstance | undefined): DataDict | undefined {
  if (parent === undefined) return around;
  const params: DataDict = new Map();
  // each name keeps where it was first written (a reserved name's warning points there)
  for (const from of [around ?? new Map<string, Data>(), parent.params]) updateKeepingKeyOrigins(params, from);
  params.set('ansible_parent_role_names', [parent.def.name, ...listAt(params, 'ansible_parent_role_names')]);
  params.set('ansible_parent_role_paths', [parent.def.path, ...listAt(params, 'ansible_parent_role_paths')]);
  return params;
}

function listAt(params: DataDict, key: string): Data[] {
  const value = params.get(key);
  return Array.isArray(value) ? value : [];
}
