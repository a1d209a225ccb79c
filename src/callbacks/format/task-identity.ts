import type { TaskInfo } from '../../run/events.js';

/**
 * Which task a banner belongs to: its id, else where it is written and its name (the runner may
 * hand each result its own TaskInfo object).
 */
export function taskKey(task: TaskInfo): string {
  return task.id ?? `${task.loc.file}:${task.loc.line}:${task.loc.column}\u0000${task.name}`;
}

/** The task's name as banners show it: `role : name` in a role (the runner's name may carry it already). */
export function displayedTaskName(task: TaskInfo): string {
  const name = task.name.trim();
  if (task.role && !name.startsWith(`${task.role} : `)) return `${task.role} : ${name}`;
  return name;
}
