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
import { PyFloat, type Data, type DataDict, type DictKey } from '../core/data.js';
import { hasValueOrigins, keyLocation, valueOrigin } from '../core/value-origins.js';
import type { Target } from './ast.js';
import type { AssignedScalar, Frame, LoopItemSource } from './render-state.js';
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
  if (name === undefined) return;
  if (!hasValueOrigins(container)) {
    iteration.loopItems?.delete(name);
    return;
  }
  (iteration.loopItems ??= new Map()).set(name, [container, key, isKey]);
}

/**
 * Notes the names a loop unpacks its item into (`{% for k, v in d.items() %}`): each holds an
 * item of the item, tagged as that one is (entry-origins.ts gives a pair its key's and value's).
 */
export function noteUnpackedItems(iteration: Frame, target: Target, item: Value): void {
  if (target.kind !== 'tuple') return;
  const container = Array.isArray(item) || item instanceof Map ? (item as Data[] | DataDict) : undefined;
  // a dict unpacks into its keys
  const parts: Value[] | undefined = container === undefined ? undefined : Array.isArray(container) ? container : [...container.keys()];
  target.items.forEach((t, j) => {
    const part = parts?.length === target.items.length ? (parts[j] as Value) : undefined;
    if (t.kind === 'tuple') noteUnpackedItems(iteration, t, part ?? null);
    else if (t.kind !== 'name') return;
    else if (container === undefined || part === undefined) iteration.loopItems?.delete(t.name);
    else noteLoopItem(iteration, t.name, container, Array.isArray(container) ? j : (part as DictKey), container instanceof Map);
  });
}

/**
 * NOTE: `{% set y = x %}` keeps x's very value, tag and all, as `{% set a, b = pair %}` keeps the
 * pair's items: the assignment remembers how its expression names the value (asked only when an
 * operator on the local fails); any other value assigned to the name forgets it.
 */
export function noteAssignedScalar(f: Frame, name: string, value: Value, tagger: (f: Frame, value: Value) => string | undefined): void {
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat;
  if (scalar) (f.loopItems ??= new Map()).set(name, { value, name: () => tagger(f, value) });
  else f.loopItems?.delete(name);
}

/**
 * The tagged type name of the local `name`, when it holds a loop item read from a place with an
 * origin (`tagged` names it) or an assigned scalar its expression names; else that of the
 * container it was assigned.
 */
export function localOperandName(f: Frame, name: string, value: Value, tagged: (value: Value) => string | undefined): string | undefined {
  for (let frame: Frame | null = f; frame !== null; frame = frame.parent) {
    if (!frame.vars.has(name)) continue;
    const source = frame.loopItems?.get(name);
    if (source === undefined) break;
    if (!Array.isArray(source)) {
      const assigned = source as AssignedScalar;
      return assigned.value === value ? assigned.name() : undefined;
    }
    const [container, key, isKey] = source as Exclude<LoopItemSource, AssignedScalar>;
    if (isKey) return key === value && keyLocation(container as DataDict, key) !== undefined ? tagged(value) : undefined;
    return (container as Data[])[key as number] === value && valueOrigin(container, key) !== undefined ? tagged(value) : undefined;
  }
  return assignedContainerName(value);
}
