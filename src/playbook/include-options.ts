/**
 * The checks 2.19 makes on include_tasks, import_tasks, include_role and import_role as it loads
 * them (TaskInclude, HandlerTaskInclude, IncludeRole): which keywords a dynamic include may carry,
 * which options each takes, and the types of `apply` and the `*_from` options.
 */
import { isDict, isStringLike, truthy, type Data } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { YamlMap } from '../yaml/node.js';
import type { TaskNode } from './model.js';
import { pythonClassName } from './python-class-name.js';

/** Keywords a dynamic include may carry (TaskInclude.VALID_INCLUDE_KEYWORDS); handlers also `listen`. */
const INCLUDE_KEYWORDS: ReadonlySet<string> = new Set([
  'action', 'args', 'collections', 'debugger', 'ignore_errors', 'loop', 'loop_control', 'loop_with', 'name', 'no_log',
  'register', 'run_once', 'tags', 'timeout', 'vars', 'when',
]);

const TASKS_OPTIONS: ReadonlySet<string> = new Set(['file', '_raw_params', 'apply']);
const FROM_OPTIONS = ['tasks_from', 'vars_from', 'defaults_from', 'handlers_from'];
const ROLE_OPTIONS: ReadonlySet<string> = new Set(['name', 'role', ...FROM_OPTIONS, 'apply', 'public', 'allow_duplicates', 'rolespec_validate']);

const at = (map: YamlMap): { location: YamlMap['loc'] } => ({ location: map.loc });

function checkKeywords(task: TaskNode, map: YamlMap, className: string): void {
  const allowed = (name: string): boolean => INCLUDE_KEYWORDS.has(name) || (task.isHandler && name === 'listen');
  // NOTE: 2.19 looks through a Python set (no fixed order); Volant names the first in the task.
  for (const name of task.keywords.keys()) {
    if (!allowed(name)) throw new ParseError('INCLUDE_ATTRIBUTE', `'${name}' is not a valid attribute for a ${className}`, at(map));
  }
}

function checkOptions(task: TaskNode, map: YamlMap, valid: ReadonlySet<string>): void {
  // NOTE: a Python set again: Volant keeps the task's order of the unknown options.
  const bad = [...task.args.keys()].map(String).filter((key) => !valid.has(key));
  if (bad.length > 0) throw new ParseError('INCLUDE_OPTIONS', `Invalid options for ${task.actionWritten}: ${bad.join(',')}`, at(map));
}

/** `apply` is for the dynamic include only, and must be a mapping. */
function checkApply(task: TaskNode, map: YamlMap, dynamic: boolean): void {
  const apply: Data = task.args.has('apply') ? (task.args.get('apply') as Data) : new Map();
  if (truthy(apply) && !dynamic) throw new ParseError('INCLUDE_OPTIONS', `Invalid options for ${task.actionWritten}: apply`, at(map));
  if (!isDict(apply)) throw new ParseError('INCLUDE_APPLY', `Expected a dict for apply but got ${pythonClassName(apply)} instead`, at(map));
}

function checkTaskInclude(task: TaskNode, map: YamlMap): void {
  const dynamic = task.action === 'include_tasks';
  if (dynamic) checkKeywords(task, map, task.isHandler ? 'HandlerTaskInclude' : 'TaskInclude');
  checkOptions(task, map, TASKS_OPTIONS);
  const raw = task.args.get('_raw_params');
  if (!truthy(raw) && !truthy(task.args.get('file'))) {
    throw new ParseError('INCLUDE_FILE_MISSING', `No file specified for ${task.actionWritten}`, at(map));
  }
  checkApply(task, map, dynamic);
}

function checkRoleInclude(task: TaskNode, map: YamlMap): void {
  if (task.isHandler) throw new ParseError('INCLUDE_ROLE_HANDLER', `Using '${task.actionWritten}' as a handler is not supported.`, at(map));
  const dynamic = task.action === 'include_role';
  if (dynamic) checkKeywords(task, map, 'IncludeRole');
  const name = task.args.has('name') ? task.args.get('name') : task.args.get('role');
  if (name === undefined || name === null) throw new ParseError('INCLUDE_ROLE_NAME', `'name' is a required field for ${task.actionWritten}.`, at(map));
  checkOptions(task, map, ROLE_OPTIONS);
  for (const option of FROM_OPTIONS) {
    const value = task.args.get(option);
    // NOTE: 2.19 raises this one without pointing at the task.
    if (value !== undefined && !isStringLike(value)) throw new ParseError('INCLUDE_FROM_TYPE', `Expected a string for ${option} but got ${pythonClassName(value)} instead`);
  }
  checkApply(task, map, dynamic);
}

/** Fails as 2.19 does when an include or import task is written with what it does not take. */
export function checkIncludeOptions(task: TaskNode, map: YamlMap): void {
  if (task.action === 'include_tasks' || task.action === 'import_tasks') checkTaskInclude(task, map);
  else if (task.action === 'include_role' || task.action === 'import_role') checkRoleInclude(task, map);
}
