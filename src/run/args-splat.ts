/**
 * `args: "{{ a_dict }}"`: the task's arguments as one template (the parser keeps it as
 * `_variable_params`). 2.19 warns that this is unsafe, then requires a dict; the task's other
 * arguments override its keys.
 */
import { isDict, pyTypeName, type DataDict } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import type { TaskStep } from '../compile/program.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { DisplayEvent } from './events.js';
import { TaskError, linksOf, type ErrorLink } from './task-error.js';

export const ARGS_SPLAT_KEY = '_variable_params';

const UNSAFE_WARNING =
  'Using a template for task args is unsafe in some situations (see https://docs.ansible.com/ansible/devel/reference_appendices/faq.html#argsplat-unsafe).';

/** The templated dict, or undefined when the task's args are no template. `outer`: the "Finalization …" link. */
export function argsSplat(step: TaskStep, vars: VarSource, templar: TemplateRenderer, outer: ErrorLink, warn: (event: DisplayEvent) => void): DataDict | undefined {
  const task = step.task;
  const template = task.args.get(ARGS_SPLAT_KEY);
  if (template === undefined) return undefined;
  const origin = valueOrigin(task.args, ARGS_SPLAT_KEY) ?? task.argsLoc;
  warn({ message: UNSAFE_WARNING, ...(origin ? { origin } : {}) });
  let value;
  try {
    value = templar.renderDeep(template, vars, { origin });
  } catch (e) {
    const [first, ...rest] = linksOf(e);
    throw new TaskError([outer, { message: first?.message ?? 'unknown error', origin: first?.origin ?? origin }, ...rest]);
  }
  if (!isDict(value)) throw new TaskError([outer, { message: `Task args must resolve to a 'dict' not '${pyTypeName(value)}'.`, origin }]);
  return value;
}
