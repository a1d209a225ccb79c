import type { TaskStep } from '../compile/program.js';
import { fnmatchToRegExp } from '../inventory/fnmatch.js';
import { taskGetName, taskOwnName } from './task-get-name.js';

/**
 * --start-at-task matches a task's own name or its get_name() (`role : name`, `role : action`,
 * `include_role : role`), as written or as an fnmatch glob of either.
 */
export function matchesStartAt(pattern: string | undefined, step: TaskStep): boolean {
  if (pattern === undefined) return false;
  const glob = fnmatchToRegExp(pattern);
  const own = taskOwnName(step);
  const full = taskGetName(step);
  return own === pattern || (own !== undefined && glob.test(own)) || full === pattern || glob.test(full);
}
