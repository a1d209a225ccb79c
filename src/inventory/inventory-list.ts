/**
 * The document `ansible-inventory --list` prints: groups with their hosts and children, and
 * `_meta.hostvars`. Used to compare Volant's inventory with ansible's, and by an inventory CLI.
 */
import type { Data, DataDict } from '../core/data.js';
import { dumpJson } from '../core/json.js';
import type { Group } from './group.js';
import type { Host } from './host.js';
import type { Inventory } from './inventory.js';

/** Variables ansible-inventory leaves out of what it prints (ansible's INTERNAL_STATIC_VARS). */
export const INTERNAL_STATIC_VARS: ReadonlySet<string> = new Set([
  'ansible_async_path', 'ansible_collection_name', 'ansible_config_file', 'ansible_dependent_role_names',
  'ansible_diff_mode', 'ansible_facts', 'ansible_forks', 'ansible_inventory_sources', 'ansible_limit',
  'ansible_play_batch', 'ansible_play_hosts', 'ansible_play_hosts_all', 'ansible_play_role_names',
  'ansible_playbook_python', 'ansible_role_name', 'ansible_role_names', 'ansible_run_tags', 'ansible_skip_tags',
  'ansible_verbosity', 'ansible_version', 'inventory_dir', 'inventory_file', 'inventory_hostname',
  'inventory_hostname_short', 'groups', 'group_names', 'hostvars', 'playbook_dir', 'play_hosts', 'role_name',
  'role_names', 'role_path', 'role_uuid',
]);

export interface InventoryListOptions {
  /** A host's variables as printed (all of them flattened, or with --export only its own). */
  hostVars(host: Host): DataDict;
  /** With --export, a group's own variables; undefined leaves `vars` out. */
  groupVars?(group: Group): DataDict;
}

export function inventoryList(inventory: Inventory, options: InventoryListOptions): DataDict {
  const all = inventory.groups.get('all') as Group;
  const hosts = inventory.getHosts('all');
  const available = new Set(hosts.map((h) => h.name));
  const seen = new Set<string>();
  const results: DataDict = new Map();
  const formatGroup = (group: Group): void => {
    const entry: DataDict = new Map();
    results.set(group.name, entry);
    if (group.name !== 'all') entry.set('hosts', group.hosts.filter((h) => available.has(h.name)).map((h) => h.name));
    const children: Data[] = [];
    entry.set('children', children);
    for (const sub of group.children) {
      children.push(sub.name);
      if (!seen.has(sub.name)) {
        formatGroup(sub);
        seen.add(sub.name);
      }
    }
    if (options.groupVars) entry.set('vars', withoutInternal(options.groupVars(group)));
    for (const key of ['hosts', 'vars', 'children']) {
      const v = entry.get(key);
      if (v !== undefined && ((Array.isArray(v) && v.length === 0) || (v instanceof Map && v.size === 0))) entry.delete(key);
    }
    if (entry.size === 0) results.delete(group.name);
  };
  formatGroup(all);
  const hostvars: DataDict = new Map();
  for (const host of hosts) {
    const vars = withoutInternal(options.hostVars(host));
    if (vars.size > 0) hostvars.set(host.name, vars);
  }
  results.set('_meta', new Map<string, Data>([['hostvars', hostvars], ['profile', 'inventory_legacy']]));
  return results;
}

function withoutInternal(vars: DataDict): DataDict {
  const out: DataDict = new Map();
  for (const [k, v] of vars) if (!INTERNAL_STATIC_VARS.has(String(k))) out.set(k, v);
  return out;
}

/** The JSON text ansible-inventory prints (sorted keys, 4-space indent). */
export function inventoryListJson(inventory: Inventory, options: InventoryListOptions): string {
  return dumpJson(inventoryList(inventory, options), { indent: 4, sortKeys: true });
}
