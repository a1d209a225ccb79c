/**
 * The `generator` inventory plugin (ansible.builtin.generator, reached through `auto`): one host
 * per combination of the `layers` values, named by the `hosts.name` template, with parent groups
 * (and their vars) templated the same way.
 */
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import type { Inventory } from './inventory.js';
import { dictSource, type InventoryTemplar } from './inventory-templar.js';
import { templatedType } from './constructed-inventory.js';

export function parseGeneratorInventory(inventory: Inventory, config: DataDict, templar: InventoryTemplar): void {
  // NOTE: 2.19 indexes the config without checks: a missing key fails with Python's KeyError text.
  const layers = required(config, 'layers');
  if (!isDict(layers)) throw new InventoryError('inventory-generator', `'${pyTypeName(layers)}' object has no attribute 'values'`);
  const names = [...layers.keys()];
  for (const combination of product([...layers.values()].map((v) => (Array.isArray(v) ? v : isDict(v) ? [...v.keys()] : [...pyStr(v)])))) {
    const vars: DataDict = new Map(names.map((name, i) => [name, combination[i] as Data]));
    const hosts = required(config, 'hosts');
    const host = named('host', render(templar, isDict(hosts) ? required(hosts, 'name') : null, vars));
    inventory.addHostNamed(host);
    addParents(inventory, templar, host, isDict(hosts) ? hosts.get('parents') : undefined, vars);
  }
}

function required(dict: DataDict, key: string): Data {
  const value = dict.get(key);
  if (value === undefined) throw new InventoryError('inventory-generator', `'${key}'`);
  return value;
}

/** The type of a value read from the config file, as 2.19 names it (YAML values carry their origin). */
function pyTypeName(value: Data): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  return Array.isArray(value) ? '_AnsibleTaggedList' : typeof value === 'string' ? '_AnsibleTaggedStr' : '_AnsibleTaggedInt';
}

/** 2.19's add_host/add_group refuse a name that is no string (a template may give an int). */
function named(kind: 'host' | 'group', name: Data): string {
  if (typeof name === 'string') return name;
  throw new InventoryError('inventory-generator', `Invalid ${kind} name supplied, expected a string but got ${templatedType(name)} for ${pyStr(name)}`);
}

/** itertools.product: every combination, the last list varying fastest. */
function product(lists: readonly Data[][]): Data[][] {
  let out: Data[][] = [[]];
  for (const list of lists) out = out.flatMap((prefix) => list.map((item) => [...prefix, item]));
  return out;
}

/** The plugin's `template`: strings are rendered, other values pass through. */
function render(templar: InventoryTemplar, value: Data, vars: DataDict): Data {
  return typeof value === 'string' && templar.isTemplate(value) ? templar.render(value, dictSource(vars)) : value;
}

function addParents(inventory: Inventory, templar: InventoryTemplar, child: string, parents: Data | undefined, vars: DataDict): void {
  if (!Array.isArray(parents)) return;
  for (const parent of parents) {
    if (!isDict(parent)) continue;
    const name = render(templar, parent.get('name') ?? null, vars);
    if (!truthy(name)) throw new InventoryError('inventory-generator', `Element ${child} has a parent with no name.`);
    const group = inventory.addGroupNamed(named('group', name));
    const groupVars = parent.get('vars');
    if (isDict(groupVars)) for (const [k, v] of groupVars) inventory.setVariable(group, pyStr(k), render(templar, v, vars));
    inventory.addChild(group, child);
    addParents(inventory, templar, group, parent.get('parents'), vars);
  }
}
