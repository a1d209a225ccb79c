import { VolantError, type ErrorDeprecation } from '../core/errors.js';
import type { TaskOrBlock } from './model.js';
import { errorDeprecation } from './module-args.js';

/** The deprecations the parser noted on tasks (legacy forms), blocks opened. */
export function deprecationsOf(nodes: readonly TaskOrBlock[]): ErrorDeprecation[] {
  return nodes.flatMap((n) => (n.kind === 'block' ? deprecationsOf([...n.block, ...n.rescue, ...n.always]) : (n.deprecations ?? []).map(errorDeprecation)));
}

/**
 * Runs `parse`. NOTE: 2.19 prints a deprecation as it reads the task, so when something later
 * fails to load, the deprecations of what was read before it (`done`) print before the error.
 */
export function afterDeprecations<T>(done: () => readonly TaskOrBlock[], parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof VolantError) {
      e.deprecations.unshift(...deprecationsOf(done()));
      readBeforeError.set(e, [...done(), ...(readBeforeError.get(e) ?? [])]);
    }
    throw e;
  }
}

/** The tasks and blocks read before an error, in reading order (the play's static imports among them). */
export const readBeforeError = new WeakMap<object, readonly TaskOrBlock[]>();
