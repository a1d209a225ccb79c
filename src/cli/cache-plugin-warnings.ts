/**
 * The warnings 2.19 prints as it loads the fact cache plugin (`[defaults] fact_caching`), before it
 * looks at the hosts: ansible-core ships `memory` and `jsonfile` (which needs
 * `fact_caching_connection`); a name routed to a collection (redis, memcached …) first warns of the
 * collection's failed import, and any other name cannot be loaded (facts then stay in memory).
 */
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import type { AnsibleConfig } from './config.js';
import type { FactCacheStore } from '../vars/fact-cache-store.js';
import { openJsonFileFactCache } from './jsonfile-fact-cache.js';

const ROUTED: ReadonlyMap<string, string> = new Map([
  ['memcached', 'community.general'], ['pickle', 'community.general'], ['redis', 'community.general'],
  ['yaml', 'community.general'], ['mongodb', 'community.mongodb'],
]);

function pluginName(config: AnsibleConfig): { written: string; name: string } {
  const written = config.get('ANSIBLE_CACHE_PLUGIN', 'defaults', 'fact_caching') ?? 'memory';
  return { written, name: written.replace(/^ansible\.(builtin|legacy)\./, '') };
}

/**
 * The persistent store of the configured plugin, its folder created as 2.19 loads it; undefined
 * for `memory` and a plugin that could not be loaded (or whose folder could not be made).
 */
export function factCacheStore(config: AnsibleConfig, cwd: string, warn: (message: string) => void): FactCacheStore | undefined {
  if (pluginName(config).name !== 'jsonfile') return undefined;
  const dir = config.path('ANSIBLE_CACHE_PLUGIN_CONNECTION', 'defaults', 'fact_caching_connection', cwd);
  if (dir === undefined) return undefined;
  const prefix = config.get('ANSIBLE_CACHE_PLUGIN_PREFIX', 'defaults', 'fact_caching_prefix') ?? '';
  const timeout = config.int('ANSIBLE_CACHE_PLUGIN_TIMEOUT', 'defaults', 'fact_caching_timeout', 86400);
  try {
    return openJsonFileFactCache(dir, prefix, timeout);
  } catch (e) {
    // 2.19 warns and keeps the facts in memory.
    warn(e instanceof Error ? e.message : String(e));
    return undefined;
  }
}

export function cachePluginWarnings(config: AnsibleConfig): string[] {
  const { written, name } = pluginName(config);
  if (name === 'memory') return [];
  if (name === 'jsonfile') {
    const uri = config.get('ANSIBLE_CACHE_PLUGIN_CONNECTION', 'defaults', 'fact_caching_connection');
    return uri ? [] : ["Required config '_uri' for 'jsonfile' cache plugin not provided."];
  }
  const collection = ROUTED.get(name);
  const importWarning = missingCollectionWarning(collection === undefined ? written : `${collection}.${name}`);
  return [...(importWarning === undefined ? [] : [importWarning]), `Unable to load the cache plugin '${written}'.`];
}
