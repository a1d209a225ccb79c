import { pyStr } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';

/**
 * ansible's task.get_name(), untemplated: `role : name` (`role : action` when unnamed), what
 * --step asks about and --start-at-task matches. NOTE: an include_role names itself (its name,
 * else `include_role : the role`) without the role it sits in.
 */
export function taskGetName(step: TaskStep): string {
  const task = step.task;
  const name = taskOwnName(step);
  if (task.action === 'include_role') return name ?? `${task.actionWritten} : ${pyStr(task.args.get('name') ?? null)}`;
  return `${step.role ? `${step.role.def.name} : ` : ''}${name ?? task.actionWritten}`;
}

/** The task's `name:` as written, when it has one. */
export function taskOwnName(step: TaskStep): string | undefined {
  const nameKw = step.task.keywords.get('name');
  return nameKw && nameKw.value !== null && nameKw.value !== '' ? pyStr(nameKw.value) : undefined;
}
