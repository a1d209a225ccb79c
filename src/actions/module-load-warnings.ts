/**
 * 2.19's package and service actions look their backend module up through the task's
 * `collections:` (module_loader.find_plugin_with_context) before they run it: each listed
 * collection that cannot be imported warns, up to the builtin ones, where the module is found.
 */
import type { Data } from '../core/data.js';
import { collectionLoadWarnings } from '../playbook/collection-warnings.js';

const BUILTIN = new Set(['ansible.builtin', 'ansible.legacy']);

export function moduleLoadWarnings(module: string, collections: Data | undefined): string[] {
  if (!Array.isArray(collections) || module.includes('.')) return [];
  const names = collections.map(String);
  const builtinAt = names.findIndex((name) => BUILTIN.has(name));
  return collectionLoadWarnings(module, builtinAt < 0 ? names : names.slice(0, builtinAt));
}
