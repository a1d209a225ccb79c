/**
 * The warnings 2.19 prints as it loads the fact cache plugin (`[defaults] fact_caching`), before it
 * looks at the hosts: ansible-core ships `memory` and `jsonfile` (which needs
 * `fact_caching_connection`); a name routed to a collection (redis, memcached …) first warns of the
 * collection's failed import, and any other name cannot be loaded. NOTE: Volant keeps facts in
 * memory only; jsonfile's files are neither read nor written.
 */
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import type { AnsibleConfig } from './config.js';

const ROUTED: ReadonlyMap<string, string> = new Map([
  ['memcached', 'community.general'], ['pickle', 'community.general'], ['redis', 'community.general'],
  ['yaml', 'community.general'], ['mongodb', 'community.mongodb'],
]);

export function cachePluginWarnings(config: AnsibleConfig): string[] {
  const written = config.get('ANSIBLE_CACHE_PLUGIN', 'defaults', 'fact_caching') ?? 'memory';
  const name = written.replace(/^ansible\.(builtin|legacy)\./, '');
  if (name === 'memory') return [];
  if (name === 'jsonfile') {
    const uri = config.get('ANSIBLE_CACHE_PLUGIN_CONNECTION', 'defaults', 'fact_caching_connection');
    return uri ? [] : ["Required config '_uri' for 'jsonfile' cache plugin not provided."];
  }
  const collection = ROUTED.get(name);
  const importWarning = missingCollectionWarning(collection === undefined ? written : `${collection}.${name}`);
  return [...(importWarning === undefined ? [] : [importWarning]), `Unable to load the cache plugin '${written}'.`];
}
