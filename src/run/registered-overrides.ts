/**
 * Values a result is registered with that differ from what its callbacks show.
 *
 * NOTE: 2.19 keeps a skipped task's false_condition as written, and a conditional in `{{ }}` is a
 * trusted template: callbacks print it as written, while a playbook reading the registered result
 * renders it (to False).
 */
import type { Data, DataDict } from '../core/data.js';

const overrides = new WeakMap<DataDict, Map<string, () => Data>>();

/** `value` is made only if the task registers its result (most skipped tasks do not). */
export function registerAs(result: DataDict, key: string, value: () => Data): void {
  let keys = overrides.get(result);
  if (keys === undefined) overrides.set(result, (keys = new Map()));
  keys.set(key, value);
}

/** `clean` (the registered copy of `result`) with the values registered differently. */
export function applyRegisteredOverrides(result: DataDict, clean: DataDict): void {
  for (const [key, value] of overrides.get(result) ?? []) if (clean.has(key)) clean.set(key, value());
}
