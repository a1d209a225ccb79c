/**
 * `args: "{{ a_dict }}"`: the task's arguments as one template (the parser keeps it as
 * `_variable_params`). 2.19 warns that this is unsafe, then requires a dict; the task's other
 * arguments override its keys.
 */
import { isDict, isStringLike, pyTypeName, textOf, type Data, type DataDict } from '../core/data.js';
import { RAW_PARAM_ACTIONS } from '../playbook/builtin-actions.js';
import { isPossiblyAllTemplate } from '../playbook/is-possibly-all-template.js';
import { valueOrigin } from '../core/value-origins.js';
import type { TaskStep } from '../compile/program.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { isOmit } from '../template/index.js';
import type { DisplayEvent } from './events.js';
import { TaskError, linksOf, type ErrorLink } from './task-error.js';

export const ARGS_SPLAT_KEY = '_variable_params';

const UNSAFE_WARNING =
  'Using a template for task args is unsafe in some situations (see https://docs.ansible.com/ansible/devel/reference_appendices/faq.html#argsplat-unsafe).';

/**
 * The args keys that hold the whole args as a template: `args:`'s, then the free-form text an
 * action that takes none was given when it is all a template (`debug: "{{ a_dict }}"`).
 */
export function splatKeys(task: TaskStep['task']): string[] {
  const keys = task.args.has(ARGS_SPLAT_KEY) ? [ARGS_SPLAT_KEY] : [];
  const raw = task.args.get('_raw_params');
  if (!RAW_PARAM_ACTIONS.has(task.action) && isStringLike(raw) && isPossiblyAllTemplate(textOf(raw))) keys.push('_raw_params');
  return keys;
}

/** The templated dict, or undefined when the task's args are no template. `outer`: the "Finalization …" link. */
export function argsSplat(step: TaskStep, vars: VarSource, templar: TemplateRenderer, outer: ErrorLink, warn: (event: DisplayEvent) => void): DataDict | undefined {
  const task = step.task;
  const keys = splatKeys(task);
  if (keys.length === 0) return undefined;
  const out: DataDict = new Map();
  for (const key of keys) {
    const origin = valueOrigin(task.args, key) ?? task.argsLoc;
    warn({ message: UNSAFE_WARNING, ...(origin ? { origin } : {}) });
    let value;
    try {
      value = templar.renderDeep(task.args.get(key) as Data, vars, { origin });
    } catch (e) {
      const [first, ...rest] = linksOf(e);
      throw new TaskError([outer, { message: first?.message ?? 'unknown error', origin: first?.origin ?? origin }, ...rest]);
    }
    // NOTE: args templated to omit give no arguments: 2.19 runs the action without them.
    if (isOmit(value)) continue;
    if (!isDict(value)) throw new TaskError([outer, { message: `Task args must resolve to a 'dict' not '${pyTypeName(value)}'.`, origin }]);
    for (const [k, v] of value) out.set(k, v);
  }
  return out;
}
