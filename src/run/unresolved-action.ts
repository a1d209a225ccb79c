/**
 * An action written in the `action:`/`local_action:` forms parses whatever it names; 2.19 looks
 * it up only when the task runs (after `when` and per loop item, before its arguments are
 * templated), and a name that is no builtin action or module and no library module fails there.
 */
import { libraryModules } from '../core/library-modules.js';
import { builtinActionName } from '../playbook/builtin-actions.js';
import type { TaskNode } from '../playbook/model.js';
import { TaskError } from './task-error.js';
import { removedModuleMessage } from '../playbook/action-collections.js';
import { builtinModuleRemoved } from '../playbook/builtin-module-route.js';

export function unresolvedActionError(task: TaskNode): TaskError | undefined {
  // A module written as a task's key was resolved while parsing.
  if (task.actionAsKey || task.implicit) return undefined;
  const written = task.actionWritten;
  // (the action a name resolved to while parsing: a local collection's module by a short or routed name)
  if (builtinActionName(written) !== undefined || libraryModules.find(written) !== undefined || libraryModules.find(task.action) !== undefined) return undefined;
  // a module its collection's meta/runtime.yml removed fails with the tombstone's words
  const removed = builtinModuleRemoved(written) ?? removedModuleMessage(written);
  if (removed !== undefined) return new TaskError([{ message: removed, origin: task.loc }]);
  return new TaskError([{ message: `Cannot resolve '${written}' to an action or module.`, ...(task.actionLoc ? { origin: task.actionLoc } : {}) }]);
}
