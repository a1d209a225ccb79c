import { isDict, pyStr, truthy, UnsafeString, VaultString, type Data } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import { pyClassRepr } from '../inventory/yaml-inventory.js';

/**
 * The name an add_host result gives, checked as 2.19's inventory checks it when the result comes
 * back: a list or dict cannot be looked up among the hosts (Python's unhashable TypeError, which
 * 2.19 reports as an unexpected exception), a false value is an empty name, any other value that is
 * not text is refused. Each of these ends the run.
 */
export function dynamicHostName(name: Data | undefined): string {
  if (Array.isArray(name) || isDict(name)) {
    throw new Error(`unhashable type: '${pyClassRepr(name).replace(/^<class '(?:.*\.)?|'>$/g, '')}'`);
  }
  if (typeof name === 'string' || name instanceof UnsafeString || name instanceof VaultString) return pyStr(name);
  if (name === undefined || !truthy(name)) throw new InventoryError('inventory-empty-host', `Invalid empty host name provided: ${pyStr(name ?? null)}`);
  throw new InventoryError('inventory-host-name-type', `Invalid host name supplied, expected a string but got ${pyClassRepr(name)} for ${pyStr(name)}`);
}
