/**
 * NOTE: a loop's name holds the very item it read, 2.19's origin tag and all: `{% for k in d %}`
 * over a YAML dict gives '_AnsibleTaggedStr' keys. The loop remembers where each item came from
 * (only when its container has origins), asked only when an operator on the name fails.
 *
 * NOTE: `{% set %}` keeps the very value its expression gave, so a local holds 2.19's lazy
 * container when the expression gave one (`{% set l2 = l.copy() %}` then `l2 < 'a'` names
 * '_AnsibleLazyTemplateList') and a plain one when the template wrote it (`{% set l2 = [1] %}`).
 * Volant's containers carry no such type: the assignment remembers how to name its value, asked
 * only when an operator on the local fails (operand-tags.ts).
 */
import type { Data, DataDict, DictKey } from '../core/data.js';
import { hasValueOrigins, keyLocation, valueOrigin } from '../core/value-origins.js';
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

/**
 * Notes in the iteration's frame that `name` holds item `key` of `container` (a dict's key when
 * `isKey`), when the container has origins.
 */
export function noteLoopItem(iteration: Frame, name: string | undefined, container: Data[] | DataDict, key: DictKey, isKey: boolean): void {
  if (name === undefined || !hasValueOrigins(container)) return;
  (iteration.loopItems ??= new Map()).set(name, [container, key, isKey]);
}

/** Whether the local `name` holds a loop item read from a place with an origin (2.19 tags it). */
export function isTaggedLoopItem(f: Frame, name: string, value: Value): boolean {
  for (let frame: Frame | null = f; frame !== null; frame = frame.parent) {
    if (!frame.vars.has(name)) continue;
    const source = frame.loopItems?.get(name);
    if (source === undefined) return false;
    const [container, key, isKey] = source;
    if (isKey) return key === value && keyLocation(container as DataDict, key) !== undefined;
    return (container as Data[])[key as number] === value && valueOrigin(container, key) !== undefined;
  }
  return false;
}
