/**
 * NOTE: 2.19's lazy list or dict holds a variable's nested lists and dicts as they were written
 * until one is read: reading it (an index, a loop, a plugin handed the container) makes a lazy
 * copy of it and keeps that in its place. A copy of the container (`copy()`, a slice, `+`, `*`)
 * takes the items as they are then: one read before is shared with the copy, one not read yet is
 * made afresh from the written one on each side, so `{% set c = l.copy() %}{{ c[0].append(9) }}`
 * leaves `l[0]` alone, but not after `{{ l[0] }}`. Volant copies a variable's containers once per
 * render of a template that changes containers (template-local-copy.ts); this remembers which of
 * their nested containers no one has read yet. Only such templates ask.
 */
const unread = new WeakMap<object, Set<object>>();

/** Notes the container's nested lists and dicts as not read yet. */
export function noteUnreadItems(container: object, items: Iterable<unknown>): void {
  let set: Set<object> | undefined;
  for (const item of items) if (Array.isArray(item) || item instanceof Map) (set ??= new Set()).add(item);
  if (set) unread.set(container, set);
}

/** The container handed out `item` (an index, a loop). */
export function noteItemRead(container: unknown, item: unknown): void {
  if (typeof container === 'object' && container !== null && typeof item === 'object' && item !== null) unread.get(container)?.delete(item);
}

/** The container was read whole (a plugin or a method was handed it, it was compared or iterated). */
export function noteAllRead(container: unknown): void {
  if (typeof container === 'object' && container !== null) unread.delete(container);
}

/** Whether `item` sits in `container` not read yet. */
export function isUnreadItem(container: object, item: unknown): boolean {
  return typeof item === 'object' && item !== null && unread.get(container)?.has(item) === true;
}

/** Whether any of the container's nested containers is not read yet. */
export function holdsUnreadItems(container: object): boolean {
  return unread.has(container);
}
