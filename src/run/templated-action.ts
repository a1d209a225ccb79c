/**
 * 2.19 templates a task's action when it runs (`action: "{{ ansible_pkg_mgr }} name=git"`): the
 * task is then that module's, resolved as the name written so would be. Only `action:` and
 * `local_action:` can be templates (a task's key must name a module while parsing).
 */
import { pyStr } from '../core/data.js';
import { libraryModules } from '../core/library-modules.js';
import type { TaskStep } from '../compile/program.js';
import { builtinActionName } from '../playbook/builtin-actions.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { TaskError } from './task-error.js';

/** Whether the step's action is a template, to be rendered for each host as it runs. */
export function hasTemplatedAction(step: TaskStep, templar: TemplateRenderer): boolean {
  const task = step.task;
  return !task.actionAsKey && !task.implicit && templar.isTemplate(task.actionWritten);
}

/** The step with its action templated, or the step itself when its action is no template. */
export function withTemplatedAction(step: TaskStep, vars: VarSource, templar: TemplateRenderer): TaskStep {
  const task = step.task;
  if (!hasTemplatedAction(step, templar)) return step;
  const written = pyStr(templar.render(task.actionWritten, vars, task.actionLoc ? { origin: task.actionLoc } : {}));
  // what it gives is a name, never templated again
  if (templar.isTemplate(written)) {
    throw new TaskError([{ message: `Cannot resolve '${written}' to an action or module.`, ...(task.actionLoc ? { origin: task.actionLoc } : {}) }]);
  }
  const library = libraryModules.find(written) === undefined ? undefined : written.replace(/^ansible\.legacy\./, '');
  const action = builtinActionName(written) ?? library ?? written;
  // A name nothing resolves fails where its value was written (a variable's), as 2.19 says.
  const variable = /^\{\{\s*([A-Za-z_]\w*)\s*\}\}$/.exec(task.actionWritten)?.[1];
  const origin = (variable === undefined ? undefined : vars.origin?.(variable)) ?? task.actionLoc;
  return { ...step, task: { ...task, actionWritten: written, action, ...(origin ? { actionLoc: origin } : {}) } };
}
