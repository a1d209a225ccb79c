/**
 * The collection search list short action names resolve through while a task list loads: a
 * play's `collections:`, or a role's (its own collection, its meta/main.yml `collections:`), as
 * 2.19 resolves a task's module with the collections of what holds it.
 *
 * NOTE: a scope set around a load (withActionCollections), since the task parser is reached
 * through many callers that know nothing of collections.
 */
import { pyStr, type Data, type DataDict } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { libraryModules } from '../core/library-modules.js';
import { localCollections, splitQualifiedName } from '../core/local-collections.js';
import { builtinActionName } from './builtin-actions.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import { toData } from '../yaml/to-data.js';
import { ACTION_PLUGINS } from './collection-warnings.js';

// NOTE: core reads no YAML; a collection's meta/runtime.yml is read with the playbook's loader.
localCollections.setMetadataReader((path) => {
  const node = loadYamlFile(path).documents[0];
  return node === undefined ? null : toData(node);
});

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

/** The search list of the task being parsed. */
export function currentActionCollections(): readonly string[] {
  return current;
}

let defaultCollection: string | undefined;

/**
 * The collection of a playbook imported from a collection: from then on 2.19 puts it first in
 * every collections list but a collection role's (it is never unset).
 */
export function setDefaultCollection(collection: string): void {
  defaultCollection = collection;
}

export function currentDefaultCollection(): string | undefined {
  return defaultCollection;
}

/**
 * A `collections:` keyword's list as 2.19 completes it: the default collection first (a collection
 * role's own instead), ansible.legacy appended (ansible.builtin for a collection's role) when
 * neither builtin name is listed; empty stays empty.
 */
export function completeCollections(value: Data | undefined, own?: string): string[] {
  const listed = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const first = own ?? defaultCollection;
  const out = first === undefined ? [] : [first];
  for (const c of listed) if (!out.includes(c)) out.push(c);
  if (out.length > 0 && !out.some(isBuiltinCollection)) out.push(own === undefined ? 'ansible.legacy' : 'ansible.builtin');
  return out;
}

/** Runs `load` under a block's or task's own `collections:` keyword, when it has one. */
export function withOwnCollections<T>(value: Data | undefined, load: () => T): T {
  return value === undefined ? load() : withActionCollections(completeCollections(value), load);
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

/** A deprecation a collection's plugin_routing declares, as the display shows it. */
export interface CollectionDeprecation {
  readonly message: string;
  readonly collection: string;
  readonly version?: string;
  readonly date?: string;
}

/** Text ending as a sentence (2.19 adds the full stop a warning text lacks). */
function sentence(text: string): string {
  return text === '' || /[!?.]$/.test(text) ? text : `${text}.`;
}

function removalParts(entry: DataDict): { text: string; version?: string; date?: string } {
  const text = entry.get('warning_text');
  const version = entry.get('removal_version');
  const date = entry.get('removal_date');
  return {
    text: typeof text === 'string' && text !== '' ? ` ${text}` : '',
    ...(version !== undefined && version !== null ? { version: pyStr(version) } : {}),
    ...(date !== undefined && date !== null ? { date: pyStr(date) } : {}),
  };
}

/**
 * A local collection's plugin (`ns.coll.name`) through its meta/runtime.yml plugin_routing: the
 * redirect targets followed, the deprecations met on the way; a tombstone fails as 2.19 fails
 * it (`kindName`: "module", "filter" …).
 */
export function routePlugin(kind: string, kindName: string, fqcn: string, loc?: SourceLocation): { name: string; deprecations: CollectionDeprecation[] } {
  const deprecations: CollectionDeprecation[] = [];
  let name = fqcn;
  const seen = new Set<string>();
  for (let routing = localCollections.routing(kind, name); routing !== undefined && !seen.has(name); routing = localCollections.routing(kind, name)) {
    seen.add(name);
    const collection = splitQualifiedName(name)?.collection ?? '';
    if (routing.tombstone !== undefined) {
      const { text, version, date } = removalParts(routing.tombstone);
      const when = date !== undefined ? `in a release after ${date}` : version !== undefined ? `version ${version}` : 'in a future release';
      // NOTE: an error 2.19 raises while loading that is no parser error (exit code 1, as ACTION_REMOVED's)
      throw new ParseError('ACTION_REMOVED', `The '${name}' ${kindName} has been removed.${sentence(text)} This feature was removed from collection '${collection}' ${when}.`, loc === undefined ? {} : { location: loc });
    }
    if (routing.deprecation !== undefined) {
      const { text, version, date } = removalParts(routing.deprecation);
      deprecations.push({ message: `${name} has been deprecated.${text}`, collection, ...(version === undefined ? {} : { version }), ...(date === undefined ? {} : { date }) });
    }
    if (routing.redirect === undefined) break;
    name = routing.redirect;
  }
  return { name, deprecations };
}

/**
 * A local collection's lookup named by a `with_<ns.coll.name>` key: the deprecations its routing
 * declares (shown while loading), or undefined when no local collection has it. A tombstoned one
 * counts as found: it fails as the loop runs.
 */
export function collectionLookupRoute(name: string): { deprecations: CollectionDeprecation[] } | undefined {
  if (splitQualifiedName(name) === undefined) return undefined;
  let routed: { name: string; deprecations: CollectionDeprecation[] };
  try {
    routed = routePlugin('lookup', 'lookup', name);
  } catch (error) {
    if (error instanceof ParseError) return { deprecations: [] };
    throw error;
  }
  const target = splitQualifiedName(routed.name);
  if (target === undefined || localCollections.findPluginFile(target.collection, 'lookup', target.resource) === undefined) return undefined;
  return { deprecations: routed.deprecations };
}

/**
 * The routing deprecations of a module written in the `action:`/`local_action:` forms, which
 * 2.19 resolves (and shows) only as the task runs; none for a module written as the task's key.
 */
export function runningActionDeprecations(actionWritten: string, actionAsKey: boolean): CollectionDeprecation[] {
  if (actionAsKey || splitQualifiedName(actionWritten) === undefined) return [];
  try {
    return routePlugin('modules', 'module', actionWritten).deprecations;
  } catch (error) {
    if (error instanceof ParseError) return [];
    throw error;
  }
}

/** 2.19's message for a local collection's module its routing tombstones (through redirects), or undefined. */
export function removedModuleMessage(name: string): string | undefined {
  if (splitQualifiedName(name) === undefined) return undefined;
  try {
    routePlugin('modules', 'module', name);
    return undefined;
  } catch (error) {
    if (error instanceof ParseError && error.code === 'ACTION_REMOVED') return error.message;
    throw error;
  }
}
