/**
 * Task lists (a play's tasks, a block's rescue, a task file) → tasks and blocks, as ansible's
 * load_list_of_blocks reads them: a mapping with `block`, `rescue` or `always` is a block,
 * any other mapping a task.
 */
import { pyRepr, pyStr } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlMap, YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { BLOCK_KEYWORDS } from './block-keywords.js';
import { withOwnCollections } from './action-collections.js';
import { checkCollections } from './check-collections.js';
import { checkStringKeywords, collectKeywords } from './collect-keywords.js';
import type { BlockNode, TaskNode, TaskOrBlock } from './model.js';
import { parseTask } from './parse-task.js';
import { pythonClassName } from './python-class-name.js';
import { findPair, keyText } from './yaml-access.js';
import { nodeOrigin } from './node-origin.js';
import { afterDeprecations } from './earlier-deprecations.js';
import { libraryModules } from '../core/library-modules.js';

const BLOCK_NAMES: ReadonlySet<string> = new Set(BLOCK_KEYWORDS.map((k) => k.name));
const BLOCK_LISTS = new Set(['block', 'rescue', 'always']);
/** The class 2.19 names for a list read from YAML. */
const TAGGED_LIST = "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedList'>";

export interface TaskListOptions {
  readonly handlers: boolean;
  /** The play field being read (`tasks`, `pre_tasks`, `handlers` …), for ansible's message. */
  readonly field?: string;
  /** Where a malformed list is reported: ansible points at the play. */
  readonly ownerLoc?: SourceLocation;
}

export function isBlock(map: YamlMap): boolean {
  return map.pairs.some((pair) => pair.key.kind === 'scalar' && BLOCK_LISTS.has(String(pair.key.value)));
}

function blockList(map: YamlMap, name: 'block' | 'rescue' | 'always', file: string, handlers: boolean): TaskOrBlock[] {
  const node = findPair(map, name)?.value;
  if (node === undefined || isNull(node)) return [];
  const what = name === 'block' ? 'a block' : name;
  if (node.kind !== 'seq') {
    const value = toData(node);
    throw new ParseError(
      'BLOCK_MALFORMED',
      `A malformed block was encountered while loading ${what}: The ds (${pyStr(value)}) should be a list but was a ${pythonClassName(value)}`,
      { location: map.loc },
    );
  }
  const entries: TaskOrBlock[] = [];
  for (const item of node.items) {
    const entry = afterDeprecations(
      () => entries,
      () => {
        // NOTE: ansible's message shows the block's whole list, None included, and points at the block.
        if (item.kind !== 'map') {
          const value = pyRepr(toData(node));
          throw new ParseError('BLOCK_MALFORMED', `A malformed block was encountered while loading ${what}: The ds (${value}) should be a dict but was a ${TAGGED_LIST}`, {
            location: map.loc,
          });
        }
        return parseEntry(item, file, handlers, true);
      },
    );
    entries.push(entry);
  }
  return entries;
}

export function parseBlock(map: YamlMap, file: string, handlers: boolean): BlockNode {
  const keywords = collectKeywords(map, 'Block', BLOCK_NAMES, BLOCK_LISTS, { deferStringCheck: true });
  checkCollections(findPair(map, 'collections')?.value, map.loc);
  // its tasks' short action names resolve in its own collections, when it lists some
  const own = keywords.get('collections')?.value;
  const block = withOwnCollections(own, () => blockList(map, 'block', file, handlers));
  const rescue = afterDeprecations(() => block, () => withOwnCollections(own, () => blockList(map, 'rescue', file, handlers)));
  const always = afterDeprecations(() => [...block, ...rescue], () => withOwnCollections(own, () => blockList(map, 'always', file, handlers)));
  // NOTE: 2.19 checks string-typed keywords once the block's lists are loaded, before rescue and always
  checkStringKeywords(map.pairs.filter((pair) => !BLOCK_LISTS.has(keyText(pair))), 'Block', map);
  if (block.length === 0) {
    for (const [name, list] of [['rescue', rescue], ['always', always]] as const) {
      if (list.length > 0) throw new ParseError('BLOCK_WITHOUT_BLOCK', `'${name}' keyword cannot be used without 'block'`, { location: map.loc });
    }
  }
  return { kind: 'block', loc: map.loc, block, rescue, always, keywords };
}

const IMPORT_LOOP_ERRORS: Record<string, string> = {
  import_tasks: "You cannot use loops on 'import_tasks' statements. You should use 'include_tasks' instead.",
  import_role: "You cannot use loops on 'import_role' statements. You should use 'include_role' instead.",
};

/** Checks ansible makes on each task of a list (load_list_of_tasks). */
function checkTask(task: TaskNode, handlers: boolean): void {
  if (handlers && (task.action === 'import_role' || task.action === 'include_role')) {
    throw new ParseError('HANDLER_ROLE', `Using '${task.actionWritten}' as a handler is not supported.`, { location: task.loc });
  }
  const loopError = IMPORT_LOOP_ERRORS[task.action];
  if (loopError !== undefined && (task.keywords.has('loop') || task.withLookup !== undefined)) {
    throw new ParseError('IMPORT_LOOP', loopError, { location: task.loc });
  }
}

function parseEntries(items: readonly YamlNode[], file: string, handlers: boolean): TaskOrBlock[] {
  const entries: TaskOrBlock[] = [];
  items.forEach((item, index) => {
    // NOTE: a None entry of a play's (or a file's) list ends a run of tasks and is dropped.
    if (isNull(item)) return;
    const entry = afterDeprecations(
      () => entries,
      () => {
        if (item.kind !== 'map') throw notADict(implicitBlockRun(items, index));
        return parseEntry(item, file, handlers, false);
      },
    );
    entries.push(entry);
  });
  return entries;
}

function isNull(node: YamlNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

/** The entries ansible groups into one implicit block with `items[index]`: its neighbours up to a None or a block. */
function implicitBlockRun(items: readonly YamlNode[], index: number): YamlNode[] {
  const inRun = (node: YamlNode | undefined): node is YamlNode => node !== undefined && !isNull(node) && !(node.kind === 'map' && isBlock(node));
  let start = index;
  while (inRun(items[start - 1])) start--;
  let end = index + 1;
  while (inRun(items[end])) end++;
  return items.slice(start, end);
}

/** NOTE: ansible builds the implicit block's list itself, so the error has no origin; it shows the list. */
function notADict(run: readonly YamlNode[]): ParseError {
  const ds = pyRepr(run.map((node) => toData(node)));
  return new ParseError('BLOCK_MALFORMED', `A malformed block was encountered while loading a block: The ds (${ds}) should be a dict but was a <class 'list'>`, {
    context: `Origin: <unknown>\n\n${ds}`,
  });
}

/**
 * `nested` is true inside a block: at the top of a play's list every entry sits in an implicit
 * block, and 2.19 refuses a block as a handler only below that.
 */
function parseEntry(item: YamlMap, file: string, handlers: boolean, nested: boolean): TaskOrBlock {
  if (handlers && nested && findPair(item, 'block') !== undefined) {
    throw new ParseError('HANDLER_BLOCK', 'Using a block as a handler is not supported.', { location: item.loc });
  }
  // NOTE: inside a block's lists 2.19 (load_list_of_tasks) takes only an entry with `block` for a
  // block: one with rescue or always alone is a task, whose keys are then action candidates.
  if (nested ? findPair(item, 'block') !== undefined : isBlock(item)) return parseBlock(item, file, handlers);
  const task = parseTask(item, handlers);
  checkTask(task, handlers);
  // NOTE: ansible loads a statically imported role as it reads the task, so the role's library/
  // modules resolve in the tasks after it.
  const role = task.action === 'import_role' ? task.args.get('name') : undefined;
  if (typeof role === 'string' && !role.includes('{{')) libraryModules.rolesListed([role], file);
  return task;
}

export function parseTaskList(node: YamlNode | undefined, file: string, options: TaskListOptions): TaskOrBlock[] {
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return [];
  if (node.kind !== 'seq') {
    const value = toData(node);
    throw new ParseError(
      'TASKS_NOT_LIST',
      `A malformed block was encountered while loading ${options.field ?? 'tasks'}: ${pyStr(value)} should be a list or None but is ${pythonClassName(value)}`,
      { location: options.ownerLoc ?? node.loc },
    );
  }
  return parseEntries(node.items, file, options.handlers);
}

/** An import_tasks/include_tasks file: a list of tasks, or nothing. */
export function parseTaskFile(node: YamlNode | undefined, file: string, handlers: boolean): TaskOrBlock[] {
  if (node !== undefined && node.kind !== 'seq' && !isNull(node)) {
    throw new ParseError('TASK_FILE_NOT_LIST', 'included task files must contain a list of tasks', nodeOrigin(node));
  }
  return parseTaskList(node, file, { handlers });
}
