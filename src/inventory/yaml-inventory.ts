/**
 * ansible's `yaml` inventory plugin: top-level keys are groups, each with optional `hosts`
 * (a mapping of host pattern → vars), `vars` and `children` (more groups, recursively).
 */
import { isDict, UnsafeString, VaultString, type Data, type DataDict } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import { expandHostPattern } from './ini-inventory.js';
import type { Inventory } from './inventory.js';
import { pluginFailure } from './inventory-source-error.js';

/** Parses already-loaded YAML data into `inventory`. Throws InventorySourceError in ansible's words. */
export function parseYamlInventory(inventory: Inventory, data: Data, path: string): void {
  const fail = (message: string): never => {
    throw pluginFailure(message, 'yaml', path);
  };
  if (data === null || data === false || data === '' || data === 0 || (isDict(data) && data.size === 0) || (Array.isArray(data) && data.length === 0)) {
    fail('Parsed empty YAML file');
  }
  if (!isDict(data)) return fail(`YAML inventory has invalid structure, it should be a dictionary, got: ${pyClassRepr(data)}`);
  const plugin = data.get('plugin');
  if (plugin !== undefined && plugin !== null && plugin !== false && plugin !== '') fail('Plugin configuration YAML file, not YAML inventory');

  const parseGroup = (group: string, groupData: Data | undefined): string => {
    if (groupData !== null && groupData !== undefined && !isDict(groupData)) {
      inventory.warn(`Skipping '${group}' as this is not a valid group definition`);
      return group;
    }
    try {
      group = inventory.addGroupNamed(group);
    } catch (error) {
      if (error instanceof InventoryError) fail(`Unable to add group ${group}: ${error.message}`);
      throw error;
    }
    if (!groupData) return group;
    for (const section of ['vars', 'children', 'hosts']) {
      const value = groupData.get(section);
      if (typeof value === 'string') groupData.set(section, new Map([[value, null]]));
      else if (value !== undefined && value !== null && !isDict(value)) {
        fail(`Invalid "${section}" entry for "${group}" group, requires a dictionary, found "${pyClassRepr(value)}" instead.`);
      }
    }
    for (const [key, value] of groupData) {
      const keyText = String(key);
      if (value !== null && !isDict(value)) {
        inventory.warn(`Skipping key (${keyText}) in group (${group}) as it is not a mapping, it is a ${pyClassRepr(value)}`);
        continue;
      }
      if (value === null) continue;
      if (keyText === 'vars') {
        for (const [name, v] of value) inventory.setVariable(group, String(name), v);
      } else if (keyText === 'children') {
        for (const [sub, subData] of value) {
          const child = parseGroup(String(sub), subData);
          inventory.addChild(group, child);
        }
      } else if (keyText === 'hosts') {
        for (const [pattern, hostData] of value) {
          if (typeof pattern !== 'string') {
            fail(`Host pattern ${String(pattern)} must be a string. Enclose integers/floats in quotation marks.`);
          }
          const { hosts, port } = expandHostPattern(pattern as string, false);
          const vars = hostData ?? new Map();
          if (!isDict(vars)) fail(`Invalid data from file, expected dictionary and got:\n\n${String(vars)}`);
          for (const host of hosts) {
            inventory.addHostNamed(host, group, port);
            for (const [k, v] of vars as DataDict) inventory.setVariable(host, String(k), v);
          }
        }
      } else {
        inventory.warn(`Skipping unexpected key (${keyText}) in group (${group}), only "vars", "children" and "hosts" are valid`);
      }
    }
    return group;
  };

  for (const [name, groupData] of data) parseGroup(String(name), groupData);
}

/** How Python prints `type(value)` for data ansible's YAML loader made (tagged containers and str). */
export function pyClassRepr(value: Data): string {
  if (value === null) return "<class 'NoneType'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number') return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedInt'>";
  if (typeof value === 'string' || value instanceof UnsafeString) return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedStr'>";
  if (value instanceof VaultString) return "<class 'ansible._internal._datatag._tags.EncryptedString'>";
  if (Array.isArray(value)) return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedList'>";
  if (isDict(value)) return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedDict'>";
  return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedFloat'>";
}
