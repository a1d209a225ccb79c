/**
 * The arguments `module_defaults` gives a task, as 2.19's get_action_args_with_defaults picks
 * them: every layer (play, role, blocks, task, outer first) templated with the host's variables,
 * merged key by key so an inner layer's entry for an action replaces an outer one whole, then
 * the entry of the action the task resolves to (as written: its values keep their origins and are
 * templated with the task's arguments, which override them).
 */
import { PyFloat, isDict, isStringLike, pyTypeName, type DataDict } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import type { TaskStep } from '../compile/program.js';
import { groupHasAction, resolvedActionName } from '../playbook/module-defaults.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { TaskError } from './task-error.js';

export function moduleDefaultArgs(step: TaskStep, vars: VarSource, templar: TemplateRenderer): DataDict {
  const layers = step.folded.module_defaults;
  if (layers.length === 0) return new Map();
  const merged: DataDict = new Map();
  for (const kw of layers) {
    if (kw.value === null) continue;
    for (const dict of Array.isArray(kw.value) ? kw.value : [kw.value]) {
      if (!isDict(dict)) continue;
      for (const [action, defaults] of dict) {
        // Only a whole entry written as a template is templated here; the values of a mapping
        // are templated with the task's own arguments.
        const origin = valueOrigin(dict, action) ?? kw.loc;
        merged.set(action, isStringLike(defaults) ? templar.renderDeep(defaults, vars, { origin }) : defaults);
      }
    }
  }
  const action = resolvedActionName(step.task.action);
  // the defaults of the action groups holding the action come first, its own over them
  const fromGroups: DataDict = new Map();
  for (const [key, value] of merged) {
    if (typeof key === 'string' && key.startsWith('group/') && isDict(value) && groupHasAction(key, action)) for (const [k, v] of value) fromGroups.set(k, v);
  }
  const own = merged.get(action);
  const defaults = fromGroups.size > 0 && (own === undefined || own === null || isDict(own)) ? new Map([...fromGroups, ...(isDict(own) ? own : [])]) : own;
  if (defaults === undefined) return new Map();
  if (isDict(defaults)) return defaults;
  // NOTE: what Python's dict.update says of a value that is no mapping.
  if (typeof defaults === 'string') {
    if (defaults === '') return new Map();
    throw new TaskError([{ message: 'dictionary update sequence element #0 has length 1; 2 is required' }]);
  }
  // A number written in the playbook is still tagged with its origin when 2.19 reaches it.
  const type = typeof defaults === 'number' ? '_AnsibleTaggedInt' : defaults instanceof PyFloat ? '_AnsibleTaggedFloat' : pyTypeName(defaults);
  throw new TaskError([{ message: `'${type}' object is not iterable` }]);
}
