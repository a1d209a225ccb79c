import { InventoryError } from '../core/errors.js';
import { LOCALHOST_NAMES, type Inventory } from './inventory.js';

/**
 * What ansible and ansible-playbook check before running (ansible's CLI.get_host_list): warns
 * when the inventory has no hosts, applies `--limit`, and fails when nothing is left to target.
 * ansible-playbook calls it with the pattern `all`; its error exits with code 1.
 */
export function hostList(inventory: Inventory, limit: string | readonly string[] | undefined, pattern = 'all'): string[] {
  let noHosts = false;
  if (inventory.listHosts().length === 0) {
    if (!LOCALHOST_NAMES.includes(pattern)) {
      inventory.warn("provided hosts list is empty, only localhost is available. Note that the implicit localhost does not match 'all'");
    }
    noHosts = true;
  }
  inventory.applyLimit(limit);
  const hosts = inventory.listHosts(pattern);
  if (hosts.length === 0 && !noHosts) {
    throw new InventoryError('no-hosts-matched', 'Specified inventory, host pattern and/or --limit leaves us with no hosts to target.');
  }
  return hosts;
}
