import { pyStr } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';

/** --start-at-task matches a task's name, `role : name`, or a glob of either. */
export function matchesStartAt(pattern: string | undefined, step: TaskStep): boolean {
  const nameKw = step.task.keywords.get('name');
  if (pattern === undefined || !nameKw || nameKw.value === null) return false;
  const name = pyStr(nameKw.value);
  const full = step.role ? `${step.role.def.name} : ${name}` : name;
  const glob = new RegExp(`^${pattern.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return name === pattern || full === pattern || glob.test(name) || glob.test(full);
}
