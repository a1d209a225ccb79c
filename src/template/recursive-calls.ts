import type { Value } from './runtime/py-object.js';
import { Undefined, undefinedError } from './runtime/undefined.js';

/** How many recursive `loop(…)` calls are rendering now (rendering is synchronous). */
let recursiveCalls = 0;

/** Runs a recursive loop's `loop(…)` call, counted while it renders. */
export function inRecursiveCall<T>(fn: () => T): T {
  recursiveCalls++;
  try {
    return fn();
  } finally {
    recursiveCalls--;
  }
}

/**
 * NOTE: inside a recursive loop's `loop(…)` call, 2.19 raises a missing attribute or item at
 * once (`x.c is defined` and `x.c | default` fail there), where elsewhere it is an Undefined.
 */
export function strictInRecursion(obj: Value, r: Value): Value {
  if (recursiveCalls > 0 && r instanceof Undefined && !(obj instanceof Undefined)) throw undefinedError(r);
  return r;
}
