/**
 * The warnings 2.19 prints while loading a play whose `collections:` names collections that are
 * not installed: each short action name written as a task's key is looked up in every listed
 * collection before `ansible.builtin`/`ansible.legacy`, and each failed import warns
 * ("Error loading plugin 'debug': No module named 'ansible_collections.community'"). Every listed
 * one but the builtin ones and those found on disk (local-collections.ts) warns.
 */
import { pyRepr, type Data } from '../core/data.js';
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import { localCollections } from '../core/local-collections.js';
import { libraryModules } from '../core/library-modules.js';
import { builtinModuleRoute } from './builtin-module-route.js';
import { BUILTIN_REDIRECTS } from './builtin-actions.js';
import { completeCollections } from './action-collections.js';
import type { Keywords, Playbook, PlayNode, TaskNode, TaskOrBlock } from './model.js';

/** Actions 2.19 does not look up while loading (includes, imports, meta). */
const NOT_LOOKED_UP = new Set(['include_tasks', 'include_role', 'import_tasks', 'import_role', 'meta']);

function collectionsOf(keywords: Keywords, outer: readonly string[]): readonly string[] {
  const kw = keywords.get('collections');
  if (kw === undefined) return outer;
  const value: Data = kw.value;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? [value] : [];
}

/**
 * The builtin actions that have an action plugin (ansible/plugins/action): 2.19 looks an action up
 * among action plugins first, so a module without one is searched for in every listed collection.
 */
export const ACTION_PLUGINS: ReadonlySet<string> = new Set([
  'add_host', 'assemble', 'assert', 'async_status', 'command', 'copy', 'debug', 'dnf', 'fail', 'fetch', 'gather_facts',
  'group_by', 'include_vars', 'package', 'pause', 'raw', 'reboot', 'script', 'service', 'set_fact', 'set_stats', 'shell',
  'template', 'unarchive', 'uri', 'validate_argument_spec', 'wait_for_connection',
]);

/** AnsibleCollectionRef.VALID_FQCR_RE, with Python's Unicode `\w`. */
const FQCR = /^[\p{L}\p{N}_]+(\.[\p{L}\p{N}_]+){2,}$/u;
/** str.isidentifier, near enough: a letter or `_`, then word characters. */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
  'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
  'while', 'with', 'yield',
]);

/** The warnings for one action name searched through `collections`, in search order. */
export function collectionLoadWarnings(action: string, collections: readonly string[]): string[] {
  const out: string[] = [];
  for (const collection of collections) {
    if (collection === 'ansible.builtin' || collection === 'ansible.legacy') {
      if (ACTION_PLUGINS.has(action)) break;
      continue;
    }
    // NOTE: 2.19 parses `collection.action` as a reference first (word characters and at least two
    // dots), then its first two parts as the collection's name (Python identifiers, no keywords),
    // both before any import is tried.
    if (!FQCR.test(`${collection}.${action}`)) {
      out.push(`Error loading plugin '${action}': ${collection}.${action} is not a valid collection reference`);
      continue;
    }
    const [namespace, name] = collection.split('.');
    if (![namespace, name].every((part) => IDENTIFIER.test(part ?? '') && !PYTHON_KEYWORDS.has(part ?? ''))) {
      out.push(`Error loading plugin '${action}': invalid collection name (must be of the form namespace.collection): ${namespace}.${name}`);
      continue;
    }
    if (localCollections.find(collection) !== undefined) {
      // a collection found on disk: no import error; the action plugin search goes through the
      // whole list (a module found there does not end it), only an action plugin does
      if (localCollections.findPluginFile(collection, 'action', action) !== undefined) break;
      continue;
    }
    const missing = namespace === 'ansible' || localCollections.hasNamespace(namespace ?? '') ? collection : (namespace ?? collection);
    out.push(`Error loading plugin '${action}': No module named 'ansible_collections.${missing}'`);
  }
  return out;
}

/**
 * The action plugin lookup of a name 2.19 routes to another builtin (yum → ansible.builtin.dnf):
 * the collections listed before the builtin entry fail under the name as written, and 2.19 reports
 * those failures under the name the route ends at.
 */
function routedActionWarnings(action: string, collections: readonly string[]): string[] {
  const target = BUILTIN_REDIRECTS.get(action);
  if (target === undefined) return [];
  const builtinAt = collections.findIndex((c) => c === 'ansible.builtin' || c === 'ansible.legacy');
  const before = builtinAt < 0 ? collections : collections.slice(0, builtinAt);
  const written = `Error loading plugin '${action}'`;
  return collectionLoadWarnings(action, before).map((w) => `Error loading plugin 'ansible.builtin.${target}'${w.slice(written.length)}`);
}

/** The warnings of a task's action read as its key: its module lookup, then its action plugin's. */
function parsedActionWarnings(action: string, collections: readonly string[]): string[] {
  return [...collectionLoadWarnings(action, collections), ...routedActionWarnings(action, collections)];
}

/** The tasks an import_tasks brought in when the play compiled (undefined: none known). */
export type ImportedTasks = (task: TaskNode) => readonly TaskOrBlock[] | undefined;

function visit(list: readonly TaskOrBlock[], collections: readonly string[], out: string[], imported?: ImportedTasks): void {
  for (const node of list) {
    const own = collectionsOf(node.keywords, collections);
    if (node.kind === 'block') {
      for (const part of [node.block, node.rescue, node.always]) visit(part, own, out, imported);
      continue;
    }
    // NOTE: 2.19 reads an imported file while it loads the list, so its tasks warn in their place,
    // searched through the import's own collections (or those around it), as a block's are.
    if (node.action === 'import_tasks') {
      const tasks = imported?.(node);
      if (tasks !== undefined) visit(tasks, own, out, imported);
      continue;
    }
    if (!node.actionAsKey || node.actionWritten.includes('.') || NOT_LOOKED_UP.has(node.action)) continue;
    out.push(...parsedActionWarnings(node.actionWritten, own));
  }
}

/**
 * The warnings of a task about to run: 2.19's strategy looks every task's action up again before
 * its banner (the only lookup for includes, meta and the `action:` forms), through the task's
 * search list: its own or its blocks' `collections:`, else its role's (meta/main.yml's, the play's
 * never reach a role's tasks), else the play's.
 */
export function runningTaskWarnings(task: TaskNode, collections: Data | undefined): string[] {
  // The play's own fact gathering is written `gather_facts` in 2.19, searched like any other.
  const written = task.implicit ? task.action : task.actionWritten;
  // A fully qualified name (only the `action:` forms get here unresolved) is loaded as written.
  if (written.includes('.')) {
    const warning = missingCollectionWarning(routedUnresolved(task, written) ?? written);
    return warning === undefined ? [] : [warning];
  }
  if (!Array.isArray(collections)) {
    const routed = routedUnresolved(task, written);
    const warning = routed === undefined ? undefined : missingCollectionWarning(routed);
    return warning === undefined ? [] : [warning];
  }
  // the strategy looks the action plugin up only
  const listed = collections.map(String);
  return BUILTIN_REDIRECTS.has(written) ? routedActionWarnings(written, listed) : collectionLoadWarnings(written, listed);
}

/**
 * The collection module an `action:` form's builtin name is routed to (`sysctl` →
 * `ansible.posix.sysctl`), which 2.19 fails to import, unless a library module of that name comes
 * first. A module written as a task's key resolved (or failed) while parsing.
 */
function routedUnresolved(task: TaskNode, written: string): string | undefined {
  if (task.actionAsKey || task.implicit || libraryModules.find(written) !== undefined) return undefined;
  return builtinModuleRoute(written);
}

/**
 * The warnings of the meta tasks 2.19 adds itself (`role_complete` ending every role, the implicit
 * `flush_handlers`): looked up through the collections of the role or play that holds them.
 */
export function implicitMetaWarnings(collections: Data | undefined): string[] {
  return Array.isArray(collections) ? collectionLoadWarnings('meta', collections.map(String)) : [];
}

/** The load warnings of a role's task list, searched through the role's collections. */
export function roleTaskListWarnings(list: readonly TaskOrBlock[], collections: readonly string[]): string[] {
  const out: string[] = [];
  // a task's or block's own collections warn too when the role lists none
  visit(list, collections, out);
  return out;
}

/** One play's such warnings: 2.19 loads its roles before its own lists, so these follow the roles'. */
export function playCollectionWarnings(play: PlayNode, imported?: ImportedTasks): string[] {
  return playbookCollectionWarnings({ file: play.loc.file, entries: [play] }, imported);
}

/**
 * 2.19 never templates `collections`: a play's list holding a template warns once it has loaded
 * the play's lists, showing the list completed as it searches it.
 */
function untemplatedCollectionsWarning(value: Data | undefined): string | undefined {
  if (!Array.isArray(value) || !value.some((c) => typeof c === 'string' && /\{\{|\{%|\{#/.test(c))) return undefined;
  const listed = completeCollections(value);
  return `"collections" is not templatable, but we found: ${pyRepr(listed)}, it will not be templated and will be used "as is".`;
}

/** Every such warning of a playbook, in the order 2.19 loads a play's lists (handlers first). */
export function playbookCollectionWarnings(playbook: Playbook, imported?: ImportedTasks): string[] {
  const out: string[] = [];
  for (const entry of playbook.entries) {
    if (entry.kind !== 'play') continue;
    // a block's own collections warn too when the play lists none
    const collections = collectionsOf(entry.keywords, []);
    for (const list of [entry.handlers, entry.preTasks, entry.postTasks, entry.tasks]) visit(list, collections, out, imported);
    const templated = untemplatedCollectionsWarning(entry.keywords.get('collections')?.value);
    if (templated !== undefined) out.push(templated);
  }
  return out;
}
