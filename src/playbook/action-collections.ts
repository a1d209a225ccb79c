/**
 * The collection search list short action names resolve through while a task list loads: a
 * play's `collections:`, or a role's (its own collection, its meta/main.yml `collections:`), as
 * 2.19 resolves a task's module with the collections of what holds it.
 *
 * NOTE: a scope set around a load (withActionCollections), since the task parser is reached
 * through many callers that know nothing of collections.
 */
import type { Data } from '../core/data.js';
import { libraryModules } from '../core/library-modules.js';
import { localCollections } from '../core/local-collections.js';
import { builtinActionName } from './builtin-actions.js';
import { ACTION_PLUGINS } from './collection-warnings.js';

let current: readonly string[] = [];

/** Runs `load` with `collections` as the search list of the task lists it parses. */
export function withActionCollections<T>(collections: readonly string[], load: () => T): T {
  const saved = current;
  current = collections;
  try {
    return load();
  } finally {
    current = saved;
  }
}

const isBuiltinCollection = (c: string): boolean => c === 'ansible.builtin' || c === 'ansible.legacy';

/**
 * A `collections:` keyword's list as 2.19 completes it: ansible.legacy is appended (ansible.builtin
 * for a collection's role) when neither builtin name is listed; empty stays empty.
 */
export function completeCollections(value: Data | undefined, own?: string): string[] {
  const listed = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const out = own === undefined ? [] : [own];
  for (const c of listed) if (!out.includes(c)) out.push(c);
  if (out.length > 0 && !out.some(isBuiltinCollection)) out.push(own === undefined ? 'ansible.legacy' : 'ansible.builtin');
  return out;
}

/**
 * The module a short action name resolves to in the current search list's local collections
 * (`ns.coll.name`), or undefined. 2.19 looks for action plugins through the whole list before
 * any module, so a builtin with an action plugin is never shadowed; a listed builtin collection
 * that has the name ends the search.
 */
export function collectionModuleFor(name: string, collections: readonly string[] = current): string | undefined {
  if (name.includes('.') || ACTION_PLUGINS.has(name)) return undefined;
  for (const collection of collections) {
    if (isBuiltinCollection(collection)) {
      if (builtinActionName(name) !== undefined || libraryModules.find(name) !== undefined) return undefined;
      continue;
    }
    if (localCollections.findPluginFile(collection, 'modules', name) !== undefined) return `${collection}.${name}`;
  }
  return undefined;
}
