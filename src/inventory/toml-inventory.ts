/**
 * ansible's `toml` inventory plugin (a `.toml` file): top-level tables are groups, each with
 * optional `hosts` (host pattern → vars), `vars` and `children` (a list of group names).
 */
import { isDict, pyStr, PyDate, PyFloat, type Data } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import { expandHostPattern } from './ini-inventory.js';
import type { Inventory } from './inventory.js';
import { pluginFailure } from './inventory-source-error.js';
import { parseToml, TomlError } from './toml-parse.js';

/** NOTE: tomllib's keys carry no origin: 2.19's warnings about them say `Origin: <unknown>`. */
const UNKNOWN = { description: '<unknown>' };

/** Python's `type(value)` for what tomllib gives (plain types: the plugin's data is not tagged). */
function pyClass(value: Data): string {
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number' || typeof value === 'bigint') return "<class 'int'>";
  if (value instanceof PyFloat) return "<class 'float'>";
  if (value instanceof PyDate) return `<class 'datetime.${value.kind}'>`;
  if (Array.isArray(value)) return "<class 'list'>";
  if (isDict(value)) return "<class 'dict'>";
  return "<class 'str'>";
}

/** Parses a TOML inventory's text into `inventory`. Throws InventorySourceError in ansible's words. */
export function parseTomlInventory(inventory: Inventory, text: string, path: string): void {
  const fail = (message: string): never => {
    throw pluginFailure(message, 'toml', path);
  };
  let data;
  try {
    data = parseToml(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    return fail(`TOML file '${path}' is invalid: ${error.message}`);
  }
  if (data.size === 0) fail('Parsed empty TOML file');
  const plugin = data.get('plugin');
  if (plugin !== undefined && plugin !== false && plugin !== '' && plugin !== 0) fail('Plugin configuration TOML file, not TOML inventory');

  const parseGroup = (name: string, groupData: Data): void => {
    if (!isDict(groupData)) {
      inventory.warn(`Skipping '${name}' as this is not a valid group definition`);
      return;
    }
    let group = name;
    try {
      group = inventory.addGroupNamed(name);
    } catch (error) {
      if (error instanceof InventoryError) fail(`Unable to add group ${name}: ${error.message}`);
      throw error;
    }
    for (const [key, value] of groupData) {
      if (key === 'vars') {
        if (!isDict(value)) fail(`Invalid "vars" entry for "${group}" group, requires a dict, found "${pyClass(value)}" instead.`);
        for (const [k, v] of value as Map<string, Data>) {
          inventory.checkVariableName(k, undefined);
          inventory.setVariable(group, k, v, UNKNOWN);
        }
      } else if (key === 'children') {
        if (!Array.isArray(value)) fail(`Invalid "children" entry for "${group}" group, requires a list, found "${pyClass(value)}" instead.`);
        for (const child of value as Data[]) {
          parseGroup(pyStr(child), new Map());
          inventory.addChild(group, pyStr(child));
        }
      } else if (key === 'hosts') {
        if (!isDict(value)) fail(`Invalid "hosts" entry for "${group}" group, requires a dict, found "${pyClass(value)}" instead.`);
        for (const [pattern, vars] of value as Map<string, Data>) {
          const { hosts, port } = expandHostPattern(pattern, false);
          if (!isDict(vars)) fail(`Invalid data from file, expected dictionary and got:\n\n${pyStr(vars)}`);
          for (const host of hosts) {
            inventory.addHostNamed(host, group, port);
            for (const [k, v] of vars as Map<string, Data>) {
              inventory.checkVariableName(k, undefined);
              inventory.setVariable(host, k, v, UNKNOWN);
            }
          }
        }
      } else {
        inventory.warn(`Skipping unexpected key "${String(key)}" in group "${group}", only "vars", "children" and "hosts" are valid`);
      }
    }
  };
  for (const [name, groupData] of data) parseGroup(String(name), groupData);
}
