import { ParseError } from '../core/errors.js';
import type { YamlMap } from '../yaml/node.js';
import { collectKeywords } from './collect-keywords.js';
import { checkCollections } from './check-collections.js';
import { HANDLER_KEYWORDS } from './handler-keywords.js';
import type { Keyword, TaskNode } from './model.js';
import { parseModuleArgs } from './module-args.js';
import { collectionLookupRoute, withOwnCollections, type CollectionDeprecation } from './action-collections.js';
import type { ResolvedAction } from './module-args.js';
import { TASK_KEYWORDS } from './task-keywords.js';
import { toData } from '../yaml/to-data.js';
import { findPair, keyText } from './yaml-access.js';
import { checkIncludeOptions } from './include-options.js';
import { isBuiltinLookupName, lookupLoadWarning } from '../core/lookup-names.js';
import { pluginDirectories } from '../core/plugin-directories.js';

const TASK_NAMES: ReadonlySet<string> = new Set([...TASK_KEYWORDS.map((k) => k.name), 'async_val']);
const HANDLER_NAMES: ReadonlySet<string> = new Set([...HANDLER_KEYWORDS.map((k) => k.name), 'async_val']);

/**
 * One task (or handler) mapping → TaskNode: the action and its arguments resolved, `with_<lookup>`
 * lifted out, every other key a keyword of the task's table.
 */
export function parseTask(map: YamlMap, isHandler: boolean): TaskNode {
  let resolved: ResolvedAction;
  try {
    const own = findPair(map, 'collections')?.value;
    checkCollections(own, map.loc);
    resolved = withOwnCollections(own === undefined ? undefined : toData(own), () => parseModuleArgs(map));
  } catch (error) {
    // NOTE: ansible wraps only the splitter's failure, locating it at the task.
    if (error instanceof ParseError && error.code === 'SPLIT_ARGS') {
      throw new ParseError('SPLIT_ARGS', `Error loading tasks: ${error.message}`, { location: map.loc, cause: error });
    }
    throw error;
  }

  let withLookup: { name: string; terms: Keyword } | undefined;
  const loadWarnings: string[] = [];
  const skip = new Set<string>(['action', 'local_action', 'args', resolved.actionWritten]);
  let loopBefore = false;
  const lookupDeprecations: CollectionDeprecation[] = [];
  for (const pair of map.pairs) {
    const name = keyText(pair);
    const lookup = name.slice('with_'.length);
    // A `loop` written after the with_ key replaces its terms (2.19 loads keys in order); one before fails.
    if (name === 'loop' && withLookup !== undefined) {
      skip.add(name);
      withLookup = { name: withLookup.name, terms: { value: toData(pair.value), loc: pair.value.loc, node: pair.value } };
    }
    if (name === 'loop' && !(pair.value.kind === 'scalar' && pair.value.value === null)) loopBefore = true;
    if (!name.startsWith('with_')) continue;
    const inCollection = collectionLookupRoute(lookup);
    if (inCollection !== undefined) lookupDeprecations.push(...inCollection.deprecations);
    if (!isBuiltinLookupName(lookup) && pluginDirectories.findLookup(lookup) === undefined && inCollection === undefined) {
      // NOTE: a `with_` key naming no lookup is left to the keyword check (an invalid attribute);
      // 2.19 first tried to load it, warning when it names a collection that is not installed.
      const warning = lookupLoadWarning(lookup);
      if (warning !== undefined) loadWarnings.push(warning);
      continue;
    }
    skip.add(name);
    if (withLookup !== undefined || loopBefore) {
      throw new ParseError('DUPLICATE_LOOP', `duplicate loop in task: ${lookup}`, { location: map.loc });
    }
    if (pair.value.kind === 'scalar' && pair.value.value === null) {
      throw new ParseError('WITH_VALUE_MISSING', `you must specify a value when using ${name}`, { location: map.loc });
    }
    withLookup = { name: lookup, terms: { value: toData(pair.value), loc: pair.value.loc, node: pair.value } };
  }

  const keywords = withLoadWarnings(loadWarnings, () => {
    try {
      return collectKeywords(map, isHandler ? 'Handler' : 'Task', isHandler ? HANDLER_NAMES : TASK_NAMES, skip);
    } catch (error) {
      // NOTE: 2.19 refuses a role as a handler before it loads the handler's keywords.
      if (isHandler && (resolved.action === 'include_role' || resolved.action === 'import_role')) {
        throw new ParseError('HANDLER_ROLE', `Using '${resolved.actionWritten}' as a handler is not supported.`, { location: map.loc });
      }
      throw namedForInclude(error, resolved.action, isHandler, map);
    }
  });
  const task: TaskNode = {
    kind: 'task',
    loc: map.loc,
    actionWritten: resolved.actionWritten,
    action: resolved.action,
    args: resolved.args,
    argsLoc: resolved.argsLoc,
    actionLoc: resolved.actionLoc,
    ...(resolved.argsNode === undefined ? {} : { argsNode: resolved.argsNode }),
    ...(resolved.extraArgsNode === undefined ? {} : { extraArgsNode: resolved.extraArgsNode }),
    ...(resolved.delegateTo === undefined ? {} : { delegateTo: resolved.delegateTo }),
    ...(resolved.localAction ? { localAction: true as const } : {}),
    ...(resolved.actionAsKey ? { actionAsKey: true as const } : {}),
    ...(withLookup === undefined ? {} : { withLookup }),
    keywords,
    isHandler,
    ...(resolved.deprecations.length === 0 ? {} : { deprecations: resolved.deprecations }),
    ...(resolved.collectionDeprecations === undefined && lookupDeprecations.length === 0
      ? {}
      : { collectionDeprecations: [...(resolved.collectionDeprecations ?? []), ...lookupDeprecations] }),
  };
  checkIncludeOptions(task, map);
  return task;
}

/** Runs a load step; a parse error it raises carries the warnings printed before it. */
function withLoadWarnings<T>(warnings: readonly string[], load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (warnings.length === 0 || !(error instanceof ParseError)) throw error;
    throw new ParseError(error.code, error.message, { ...(error.location ? { location: error.location } : {}), ...(error.hint ? { hint: error.hint } : {}), warnings });
  }
}

/**
 * 2.19 loads an include or import as its own class: its `vars` error and its invalid attribute
 * error (a `with_` key naming no lookup) name that class. A dynamic include refuses such a key
 * earlier, among the keywords it may not carry: at the task, without the configuration hint.
 */
function namedForInclude(error: unknown, action: string, isHandler: boolean, map: YamlMap): unknown {
  if (!(error instanceof ParseError) || (error.code !== 'VARS_NOT_DICT' && error.code !== 'INVALID_ATTRIBUTE')) return error;
  const roles = action === 'include_role' || action === 'import_role';
  const tasks = action === 'include_tasks' || action === 'import_tasks';
  if (!roles && !tasks) return error;
  const named = roles ? 'IncludeRole' : isHandler ? 'HandlerTaskInclude' : 'TaskInclude';
  if (error.code === 'VARS_NOT_DICT') {
    return new ParseError(error.code, error.message.replace(/^Vars in a \w+ /, `Vars in a ${named} `), { ...(error.location ? { location: error.location } : {}) });
  }
  const message = error.message.replace(/^('.*' is not a valid attribute for a )\w+/, `$1${named}`);
  if (action === 'import_tasks' || action === 'import_role') return new ParseError(error.code, message, { ...(error.location ? { location: error.location } : {}) });
  return new ParseError('INCLUDE_ATTRIBUTE', message.split('\n')[0] ?? message, { location: map.loc });
}
