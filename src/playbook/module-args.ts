/**
 * Action resolution as ansible's ModuleArgsParser does it: which key of a task is the action,
 * and its arguments, from every form ansible accepts:
 *
 *   - copy: {src: a, dest: b}          - copy: src=a dest=b         - command: ls -l
 *   - action: copy src=a dest=b        - local_action: shell echo hi
 *   - action: {module: copy, src: a}   - command: ls   args: {chdir: /tmp}
 */
import type { Data, DataDict } from '../core/data.js';
import { isStringLike, textOf, VaultString } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { ErrorDeprecation } from '../core/errors.js';
import { libraryModules } from '../core/library-modules.js';
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlMap, YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import type { Keyword } from './model.js';
import { builtinActionName, isFreeFormAction, REMOVED_ACTIONS } from './builtin-actions.js';
import { builtinModuleRemoved, builtinModuleRoute } from './builtin-module-route.js';
import { collectionModuleFor, currentActionCollections, routePlugin, type CollectionDeprecation } from './action-collections.js';
import { collectionLoadWarnings } from './collection-warnings.js';
import { splitQualifiedName } from '../core/local-collections.js';
import { HANDLER_KEYWORDS } from './handler-keywords.js';
import { isPossiblyAllTemplate } from './is-possibly-all-template.js';
import { parseKv } from './parse-kv.js';
import { pythonClassName } from './python-class-name.js';
import { splitArgs } from './split-args.js';
import { TASK_KEYWORDS } from './task-keywords.js';
import { keyText } from './yaml-access.js';
import { copyValueOrigin, setValueOrigin, valueOrigin } from '../core/value-origins.js';

/** Keys of a task mapping that are never the action (ansible's `_task_attrs`). */
export const TASK_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([
  ...TASK_KEYWORDS.map((k) => k.name),
  ...HANDLER_KEYWORDS.map((k) => k.name),
  'async_val',
  'loop_with',
  'local_action',
  'static',
]);

export interface Deprecation {
  readonly message: string;
  readonly location: SourceLocation;
  readonly hint: string;
}

const REMOVAL_VERSION = '2.23';
const REMOVAL = ` This feature will be removed from ansible-core version ${REMOVAL_VERSION}.`;

export function errorDeprecation(d: Deprecation): ErrorDeprecation {
  return { message: d.message.slice(0, -REMOVAL.length), origin: d.location, help: d.hint, version: REMOVAL_VERSION, collection: 'ansible.builtin' };
}

export interface ResolvedAction {
  readonly actionWritten: string;
  readonly action: string;
  readonly args: DataDict;
  readonly argsLoc: SourceLocation;
  readonly argsNode?: YamlNode;
  /** Where the action's name was written: the module key, or the `action:`/`local_action:` value
   * (its `module:` value in the mapping form). 2.19's "Finalization of task args" points here. */
  readonly actionLoc: SourceLocation;
  /** The task's `args:` mapping, where the arguments it adds were written. */
  readonly extraArgsNode?: YamlNode;
  readonly delegateTo?: Keyword;
  /** Written as `local_action:`: its localhost wins over any `delegate_to`. */
  readonly localAction?: true;
  readonly actionAsKey?: true;
  /** Deprecation warnings ansible prints for legacy forms. */
  readonly deprecations: readonly Deprecation[];
  /** Those of a local collection's plugin_routing the action went through. */
  readonly collectionDeprecations?: readonly CollectionDeprecation[];
}

/** Free-form check for any spelling of the action (`shell`, `ansible.builtin.shell` …). */
function freeForm(written: string): boolean {
  return isFreeFormAction(builtinActionName(written) ?? written);
}

/**
 * An `action:` form's module through its collection's routing; 2.19 follows it only as the task
 * runs (a tombstone fails it then: the name is left as written to fail the same way).
 */
function quietRoute(written: string): { name: string; deprecations: [] } {
  try {
    return { name: routePlugin('modules', 'module', written).name, deprecations: [] };
  } catch (error) {
    if (error instanceof ParseError) return { name: written, deprecations: [] };
    throw error;
  }
}

/** A module shipped with the playbook (library/ dirs, -M): its short name, the agent's name for it. */
function libraryModuleName(written: string): string | undefined {
  if (libraryModules.find(written) === undefined) return undefined;
  return written.startsWith('ansible.legacy.') ? written.slice('ansible.legacy.'.length) : written;
}

function splitModuleString(text: string): [string, string] {
  const tokens = splitArgs(text);
  return [(tokens[0] ?? '').trim(), tokens.slice(1).join(' ')];
}

export function parseModuleArgs(task: YamlMap): ResolvedAction {
  // The task's deprecations so far print before its error, as 2.19 prints them while it reads.
  function fail(code: string, message: string, location: SourceLocation = task.loc, hint?: string): never {
    throw new ParseError(code, message, { location, ...(hint === undefined ? {} : { hint }), deprecations: deprecations.map(errorDeprecation) });
  }
  const deprecations: Deprecation[] = [];
  const deprecate = (message: string, location: SourceLocation, hint: string): void => {
    deprecations.push({ message: `${message}${REMOVAL}`, location, hint });
  };
  let actionWritten: string | undefined;
  let args: DataDict = new Map();
  let argsLoc = task.loc;
  let argsNode: YamlNode | undefined;
  let actionLoc = task.loc;
  let delegateTo: Keyword | undefined;

  const argsPair = task.pairs.find((pair) => keyText(pair) === 'args');
  const additional = argsPair?.value;
  const extra: DataDict = new Map();
  if (additional !== undefined) {
    const value = toData(additional);
    if (isStringLike(value) && isPossiblyAllTemplate(textOf(value))) {
      extra.set('_variable_params', value);
      setValueOrigin(extra, '_variable_params', additional.loc);
    }
    else if (value instanceof Map) {
      for (const [k, v] of value) {
        extra.set(k, v);
        copyValueOrigin(value, extra, k);
      }
    }
    else if (value === null) deprecate('Ignoring empty task `args` keyword.', task.loc, 'A mapping or template which resolves to a mapping is required.');
    else {
      fail('ARGS_INVALID', 'The value of the task `args` keyword is invalid.', additional.loc, 'A mapping or template which resolves to a mapping is required.');
    }
  }

  const finish = (action: string, parsed: DataDict | null): void => {
    if (parsed !== null && !freeForm(action)) {
      for (const key of parsed.keys()) {
        const name = String(key);
        if (name.startsWith('_ansible_')) {
          throw new ParseError(
            'RESERVED_PARAM',
            `Invalid parameter specified beginning with keyword '_ansible_' for action '${action}': '${name}'. The prefix '_ansible_' is reserved for internal use only.`,
          );
        }
      }
    }
    const merged: DataDict = new Map(extra);
    for (const k of extra.keys()) copyValueOrigin(extra, merged, k);
    if (parsed !== null) {
      // k=v text has no positions of its own: its values were written where the text was.
      for (const [k, v] of parsed) {
        merged.set(k, v);
        setValueOrigin(merged, k, valueOrigin(parsed, k) ?? argsLoc);
      }
    }
    args = merged;
  };

  /** `action:` / `local_action:` values: a module string, or (deprecated) a mapping with `module`. */
  const oldStyle = (node: YamlNode): void => {
    const value = toData(node);
    let action: string | undefined;
    let parsed: DataDict | null = null;
    if (value instanceof Map) {
      deprecate('Using a mapping for `action` is deprecated.', node.loc, 'Use a string value for `action`.');
      const module = value.get('module');
      const modulePair = node.kind === 'map' ? node.pairs.find((pair) => keyText(pair) === 'module') : undefined;
      if (modulePair !== undefined) actionLoc = modulePair.value.loc;
      if (module !== undefined) {
        const [name, rest] = splitModuleString(isStringLike(module) ? textOf(module) : String(module));
        action = name;
        parsed = new Map(value);
        for (const [k, v] of parseKv(rest, freeForm(name))) parsed.set(k, v);
        parsed.delete('module');
      }
    } else if (isStringLike(value)) {
      const [name, rest] = splitModuleString(textOf(value));
      action = name;
      actionLoc = node.loc;
      parsed = parseKv(rest, freeForm(name));
    } else {
      fail('ACTION_INVALID', `unexpected parameter type in action: ${pythonClassName(value)}`);
    }
    if (parsed !== null && parsed.has('args')) {
      const nested = parsed.get('args') ?? null;
      parsed.delete('args');
      const more = isStringLike(nested) ? parseKv(textOf(nested)) : nested instanceof Map ? nested : new Map<string, Data>();
      for (const [k, v] of more) parsed.set(k, v);
    }
    actionWritten = action;
    argsLoc = node.loc;
    argsNode = node;
    if (action !== undefined) finish(action, parsed);
  };

  const actionPair = task.pairs.find((pair) => keyText(pair) === 'action');
  if (actionPair !== undefined) oldStyle(actionPair.value);
  const localPair = task.pairs.find((pair) => keyText(pair) === 'local_action');
  if (localPair !== undefined) {
    if (actionPair !== undefined) fail('ACTION_CONFLICT', 'action and local_action are mutually exclusive');
    delegateTo = { value: 'localhost', loc: localPair.key.loc, node: localPair.key };
    oldStyle(localPair.value);
  }
  if (delegateTo === undefined) {
    const delegatePair = task.pairs.find((pair) => keyText(pair) === 'delegate_to');
    if (delegatePair !== undefined) delegateTo = { value: toData(delegatePair.value), loc: delegatePair.value.loc, node: delegatePair.value };
  }

  const candidates = task.pairs.filter((pair) => {
    const name = keyText(pair);
    return !TASK_ATTRIBUTE_NAMES.has(name) && !name.startsWith('with_') && name !== 'action' && name !== 'args';
  });
  for (const pair of candidates) {
    const name = keyText(pair);
    // NOTE: 2.19 treats every unknown key as an action candidate, so a typo beside a real
    // module reads "conflicting action statements", not "not a valid attribute".
    if (actionWritten !== undefined) fail('ACTION_CONFLICT', `conflicting action statements: ${actionWritten}, ${name}`);
    actionWritten = name;
    actionLoc = pair.key.loc;
    const value = toData(pair.value);
    let parsed: DataDict | null;
    if (value instanceof Map) parsed = value;
    else if (isStringLike(value)) {
      parsed = parseKv(textOf(value), freeForm(name));
      const legacy = [...parsed.keys()].filter((k) => k !== '_raw_params');
      if (legacy.length > 0 && additional !== undefined) {
        const listed = legacy.map((k) => `'${String(k)}'`).sort().join(', ');
        deprecate(`Merging legacy k=v args (${listed}) into task args.`, pair.value.loc, 'Include all task args in the task `args` mapping.');
      }
    } else if (value instanceof VaultString) parsed = new Map([['_raw_params', value]]);
    else if (value === null) parsed = null;
    else fail('ACTION_INVALID', `unexpected parameter type in action: ${pythonClassName(value)}`);
    argsLoc = pair.value.loc;
    argsNode = pair.value;
    finish(name, parsed);
  }

  if (actionWritten === undefined) fail('ACTION_MISSING', 'no module/action detected in task.');
  const written = actionWritten;
  // a local collection's module may be routed elsewhere (meta/runtime.yml) or removed
  const routed = splitQualifiedName(written) === undefined ? undefined : candidates.length > 0 ? routePlugin('modules', 'module', written, task.loc) : quietRoute(written);
  const target = routed?.name ?? written;
  const short = collectionModuleFor(target) ?? builtinActionName(target) ?? libraryModuleName(target);
  // NOTE: only a module written as a key must resolve while parsing; `action: nosuch` parses,
  // and the task fails when it runs ("Cannot resolve 'nosuch' to an action or module.").
  if (short === undefined && candidates.length > 0) {
    const tombstoned = builtinModuleRemoved(written);
    if (tombstoned !== undefined) fail('ACTION_REMOVED', tombstoned);
    const warnings = unresolvedLoadWarnings(written);
    throw new ParseError('ACTION_UNRESOLVED', `couldn't resolve module/action '${written}'. This often indicates a misspelling, missing collection, or incorrect module path.`, {
      location: task.loc,
      ...(warnings.length === 0 ? {} : { warnings }),
    });
  }
  const removed = short === undefined ? undefined : REMOVED_ACTIONS.get(short);
  if (removed !== undefined) fail('ACTION_REMOVED', removed);
  return {
    actionWritten: written,
    action: short ?? written,
    args,
    argsLoc,
    actionLoc,
    ...(argsNode === undefined ? {} : { argsNode }),
    ...(additional?.kind === 'map' ? { extraArgsNode: additional } : {}),
    ...(delegateTo === undefined ? {} : { delegateTo }),
    ...(localPair === undefined ? {} : { localAction: true as const }),
    ...(candidates.length > 0 ? { actionAsKey: true as const } : {}),
    deprecations,
    ...(routed !== undefined && routed.deprecations.length > 0 ? { collectionDeprecations: routed.deprecations } : {}),
  };
}

/**
 * NOTE: 2.19's module lookup of a name it cannot resolve goes through the task's collections
 * (each one not installed fails to import) up to the builtin entry, where a routed name (ini_file)
 * redirects to its collection, which fails too: every failure is reported under the routed name.
 * Its action plugin lookup then goes through the whole list under the name as written.
 */
function unresolvedLoadWarnings(written: string): string[] {
  const collections = currentActionCollections();
  const routed = builtinModuleRoute(written);
  const builtinAt = collections.findIndex((c) => c === 'ansible.builtin' || c === 'ansible.legacy');
  const beforeBuiltin = builtinAt < 0 ? collections : collections.slice(0, builtinAt);
  const moduleLookup = routed === undefined || written.includes('.') ? [] : collectionLoadWarnings(routed, beforeBuiltin);
  const own = missingCollectionWarning(routed ?? written);
  const actionLookup = written.includes('.') ? [] : collectionLoadWarnings(written, collections);
  return [...new Set([...moduleLookup, ...(own === undefined ? [] : [own]), ...actionLookup])];
}
