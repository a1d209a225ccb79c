import { localCollections } from './local-collections.js';

/**
 * The warning 2.19 prints when it tries to load a plugin by a fully qualified name whose
 * collection is not installed (only ansible-core is): Python's import fails at the first missing
 * package, the namespace (`ansible_collections.community`) or, under the `ansible` namespace that
 * does exist, the collection (`ansible_collections.ansible.posix`); so for a namespace a local
 * collection path has. None for builtin names, names that are not fully qualified and names of
 * collections found on disk (a plugin missing from one is no import error).
 */
export function missingCollectionWarning(fqcn: string): string | undefined {
  const [namespace, collection, plugin] = fqcn.split('.');
  if (plugin === undefined || namespace === undefined || (namespace === 'ansible' && (collection === 'builtin' || collection === 'legacy'))) return undefined;
  if (localCollections.find(`${namespace}.${collection ?? ''}`) !== undefined) return undefined;
  const missing = namespace === 'ansible' || localCollections.hasNamespace(namespace) ? `${namespace}.${collection ?? ''}` : namespace;
  return `Error loading plugin '${fqcn}': No module named 'ansible_collections.${missing}'`;
}
