/**
 * NOTE: 2.19 hands templates lazy lists: every list read from a variable, and every list a
 * filter, lookup or method returns, holds its items wrapped until they are read. `list.count`,
 * which the lazy list does not override, compares the wrapped items, which equal nothing, so it
 * counts 0. Only a list written in the template itself (`[1, 1]`, and `+` or `*` of such lists)
 * is a plain Python list that counts. The compiler marks those, and only in templates that call
 * `count` or a method that changes a container, so other templates pay nothing; in the latter it
 * marks the dicts the template writes too (printed-state.ts).
 */
import { isTuple } from '../../core/data.js';
import { typeError } from './py-exception.js';
import { equals } from './py-values.js';
import type { Kwargs, Value } from './py-object.js';

const literalLists = new WeakSet<object>();

export function noteLiteralList<T extends object>(list: T): T {
  literalLists.add(list);
  return list;
}

export function isLiteralList(value: Value): boolean {
  return typeof value === 'object' && value !== null && literalLists.has(value);
}

/** `list.count(x)` / `tuple.count(x)`, with CPython's argument errors naming the receiver's type. */
export function sequenceCount(self: Value[], args: Value[], kwargs: Kwargs): number {
  const owner = isTuple(self) ? 'tuple' : literalLists.has(self) ? 'list' : '_AnsibleLazyTemplateList';
  if (kwargs.size > 0) throw typeError(`${owner}.count() takes no keyword arguments`);
  if (args.length !== 1) throw typeError(`${owner}.count() takes exactly one argument (${args.length} given)`);
  if (owner === '_AnsibleLazyTemplateList') return 0;
  const item = args[0] as Value;
  return self.filter((x) => equals(x, item)).length;
}
