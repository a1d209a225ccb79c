/**
 * NOTE: `{% set %}` keeps the very value its expression gave, so a local holds 2.19's lazy
 * container when the expression gave one (`{% set l2 = l.copy() %}` then `l2 < 'a'` names
 * '_AnsibleLazyTemplateList') and a plain one when the template wrote it (`{% set l2 = [1] %}`).
 * Volant's containers carry no such type: the assignment remembers how to name its value, asked
 * only when an operator on the local fails (operand-tags.ts).
 */
import type { Frame } from './render-state.js';
import type { Value } from './runtime/py-object.js';

type Namer = () => string | undefined;

const assignedNames = new WeakMap<object, Namer>();

/** Remembers how the assigned expression's tagger names `value`, if it is a container. */
export function noteAssignedContainer(f: Frame, value: Value, tagger: (f: Frame, value: Value) => string | undefined): void {
  if (Array.isArray(value) || value instanceof Map) assignedNames.set(value, () => tagger(f, value));
}

/** The tagged type name a local's container was given as it was assigned, if any. */
export function assignedContainerName(value: Value): string | undefined {
  return typeof value === 'object' && value !== null ? assignedNames.get(value)?.() : undefined;
}
