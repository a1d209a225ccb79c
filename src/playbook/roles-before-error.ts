import type { PlayNode } from './model.js';

/**
 * A play whose task lists failed to load, kept with its roles and the tasks read before the error
 * (as pre_tasks): 2.19 loads a play's roles (their files) before its handlers and tasks, and each
 * static import as it reads it, so compile loads these before the error is shown.
 */
export const rolesBeforeError = new WeakMap<object, PlayNode>();

/** The play whose roles load before `error` is shown, if any. */
export function playWithRolesBefore(error: unknown): PlayNode | undefined {
  return typeof error === 'object' && error !== null ? rolesBeforeError.get(error) : undefined;
}
