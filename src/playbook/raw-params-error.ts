import { isStringLike, textOf, VaultString } from '../core/data.js';
import { builtinFqcn, RAW_PARAM_ACTIONS } from './builtin-actions.js';
import { isPossiblyAllTemplate } from './is-possibly-all-template.js';
import type { TaskNode } from './model.js';

/**
 * The error 2.19 raises when the task runs (not while parsing) if free-form words were given
 * to an action that takes none, e.g. `debug: msg=two words`; undefined when the args are fine.
 * A `_raw_params` that is wholly a template is let through, as ansible does.
 */
export function rawParamsError(task: Pick<TaskNode, 'action' | 'args'>): string | undefined {
  if (RAW_PARAM_ACTIONS.has(task.action)) return undefined;
  const raw = task.args.get('_raw_params');
  if (!(isStringLike(raw) || raw instanceof VaultString)) return undefined;
  const text = textOf(raw);
  if (text === '' || isPossiblyAllTemplate(text)) return undefined;
  return `Action '${builtinFqcn(task.action)}' does not support raw params.`;
}
