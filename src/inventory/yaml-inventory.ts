/**
 * ansible's `yaml` inventory plugin: top-level keys are groups, each with optional `hosts`
 * (a mapping of host pattern → vars), `vars` and `children` (more groups, recursively).
 * It walks located nodes so a variable can say where it was written.
 */
import { isDict, pyStr, UnsafeString, VaultString, type Data } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { expandHostPattern } from './ini-inventory.js';
import type { Inventory } from './inventory.js';
import { pluginFailure } from './inventory-source-error.js';

interface Entry {
  readonly key: Data;
  readonly keyLoc: SourceLocation;
  /** undefined: written with no value (`key:`), which YAML reads as null. */
  readonly value: YamlNode | undefined;
}

/** A mapping's entries in Python dict order: first position kept, last value wins. */
function entries(node: YamlNode): Entry[] {
  if (node.kind !== 'map') return [];
  const byKey = new Map<string, Entry>();
  for (const pair of node.pairs) {
    const key = toData(pair.key);
    const id = JSON.stringify([typeof key, String(key)]);
    const first = byKey.get(id);
    byKey.set(id, { key, keyLoc: first?.keyLoc ?? pair.key.loc, value: pair.value });
  }
  return [...byKey.values()];
}

function isNull(node: YamlNode | undefined): boolean {
  return node === undefined || (node.kind === 'scalar' && node.value === null);
}

/**
 * Parses the first YAML document into `inventory`. Throws InventorySourceError in ansible's words,
 * naming the plugin as it was loaded (`pluginName`).
 */
export function parseYamlInventory(inventory: Inventory, doc: YamlNode | undefined, path: string, pluginName = 'yaml'): void {
  const fail = (message: string): never => {
    throw pluginFailure(message, pluginName, path);
  };
  const data = doc ? toData(doc) : null;
  if (data === null || data === false || data === '' || data === 0 || (isDict(data) && data.size === 0) || (Array.isArray(data) && data.length === 0)) {
    fail('Parsed empty YAML file');
  }
  if (!isDict(data) || !doc) return fail(`YAML inventory has invalid structure, it should be a dictionary, got: ${pyClassRepr(data)}`);
  const plugin = data.get('plugin');
  if (plugin !== undefined && plugin !== null && plugin !== false && plugin !== '') fail('Plugin configuration YAML file, not YAML inventory');

  const parseGroup = (key: Data, groupNode: YamlNode | undefined): string => {
    let group = String(key);
    if (!isNull(groupNode) && groupNode?.kind !== 'map') {
      inventory.warn(`Skipping '${group}' as this is not a valid group definition`);
      return group;
    }
    // NOTE: 2.19 refuses a group name that YAML read as something else than text (`123:`).
    if (typeof key !== 'string' && !(key instanceof UnsafeString)) {
      fail(`Unable to add group ${pyStr(key)}: Invalid group name supplied, expected a string but got ${pyClassRepr(key)} for ${pyStr(key)}`);
    }
    try {
      group = inventory.addGroupNamed(group);
    } catch (error) {
      if (error instanceof InventoryError) fail(`Unable to add group ${group}: ${error.message}`);
      throw error;
    }
    if (!groupNode || groupNode.kind !== 'map') return group;
    const sections = new Map<string, Entry[]>();
    const groupEntries = entries(groupNode);
    for (const entry of groupEntries) {
      const name = String(entry.key);
      if (name !== 'vars' && name !== 'children' && name !== 'hosts') continue;
      const value = entry.value;
      // NOTE: ansible accepts a bare string for a section: `hosts: web1` is `hosts: {web1: }`.
      if (value?.kind === 'scalar' && (typeof value.value === 'string' || value.value instanceof UnsafeString)) {
        sections.set(name, [{ key: String(value.value), keyLoc: value.loc, value: undefined }]);
      } else if (!isNull(value) && value?.kind !== 'map') {
        fail(`Invalid "${name}" entry for "${group}" group, requires a dictionary, found "${pyClassRepr(toData(value as YamlNode))}" instead.`);
      }
    }
    for (const entry of groupEntries) {
      const name = String(entry.key);
      const section = sections.get(name);
      const value = entry.value;
      if (!section && !isNull(value) && value?.kind !== 'map') {
        inventory.warn(`Skipping key (${name}) in group (${group}) as it is not a mapping, it is a ${pyClassRepr(toData(value as YamlNode))}`);
        continue;
      }
      if (!section && isNull(value)) {
        inventory.verbose(`Skipping empty key (${name}) in group (${group})`, 3);
        continue;
      }
      const items = section ?? entries(value as YamlNode);
      if (name === 'vars') {
        for (const item of items) {
          inventory.checkVariableName(item.key, item.keyLoc);
          inventory.setVariable(group, String(item.key), item.value ? toData(item.value) : null, item.keyLoc, item.value?.loc);
        }
      } else if (name === 'children') {
        for (const item of items) inventory.addChild(group, parseGroup(item.key, item.value));
      } else if (name === 'hosts') {
        for (const item of items) {
          if (typeof item.key !== 'string') fail(`Host pattern ${String(item.key)} must be a string. Enclose integers/floats in quotation marks.`);
          const { hosts, port } = expandHostPattern(item.key as string, false);
          const vars = isNull(item.value) ? [] : item.value?.kind === 'map' ? entries(item.value) : undefined;
          if (!vars) fail(`Invalid data from file, expected dictionary and got:\n\n${pyStr(toData(item.value as YamlNode))}`);
          for (const host of hosts) {
            inventory.addHostNamed(host, group, port);
            for (const v of vars as Entry[]) {
              inventory.checkVariableName(v.key, v.keyLoc);
              inventory.setVariable(host, String(v.key), v.value ? toData(v.value) : null, v.keyLoc, v.value?.loc);
            }
          }
        }
      } else {
        inventory.warn(`Skipping unexpected key (${name}) in group (${group}), only "vars", "children" and "hosts" are valid`);
      }
    }
    return group;
  };

  for (const entry of entries(doc)) parseGroup(entry.key, entry.value);
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
