/**
 * Volant implements a few callbacks that ansible-core does not ship: ansible.posix's json, timer
 * and profile_tasks. 2.19 loads them only when that collection is installed; without it, naming
 * one warns (or, as the stdout callback, fails), and so does Volant: it uses its own
 * implementation only where ansible-core would have found the collection's.
 */
import { localCollections } from '../core/local-collections.js';
import { join } from 'node:path';
import { pythonCollectionFile } from '../core/python-site-collections.js';

/** The callbacks (short names) that come from a collection, by collection. */
const FROM_COLLECTION = new Map<string, string>([
  ['json', 'ansible.posix'],
  ['timer', 'ansible.posix'],
  ['profile_tasks', 'ansible.posix'],
]);

/**
 * Whether a collection's callback plugin (`ns.coll.name`) is installed: its file in the
 * collections paths (as configured for the run) or in Python's site packages.
 */
export type CollectionInstalled = (fqcn: string) => boolean;

export const collectionInstalled: CollectionInstalled = (fqcn) => {
  const [namespace = '', collection = '', name = ''] = fqcn.split('.');
  const file = join('plugins', 'callback', `${name}.py`);
  return localCollections.findPluginFile(`${namespace}.${collection}`, 'callback', name) !== undefined || pythonCollectionFile(`${namespace}.${collection}`, file);
};

/** Whether the callback of this short name can load: ansible-core's own, or its collection's is installed. */
export function callbackLoads(shortName: string, installed: CollectionInstalled): boolean {
  const collection = FROM_COLLECTION.get(shortName);
  return collection === undefined || installed(`${collection}.${shortName}`);
}
