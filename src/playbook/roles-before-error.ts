import type { PlayNode } from './model.js';

/**
 * A play whose task lists failed to load, kept with its roles only: 2.19 loads a play's roles
 * (their files, and the errors in them) before its handlers and tasks, so compile loads these
 * roles before the error is shown.
 */
export const rolesBeforeError = new WeakMap<object, PlayNode>();

/** The play whose roles load before `error` is shown, if any. */
export function playWithRolesBefore(error: unknown): PlayNode | undefined {
  return typeof error === 'object' && error !== null ? rolesBeforeError.get(error) : undefined;
}
