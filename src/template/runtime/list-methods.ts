/**
 * Python's `list` methods. NOTE: Jinja lets templates mutate lists (`{% set _ = l.append(1) %}`),
 * and playbooks rely on it; the list object itself changes, as in Python.
 */
import { isTuple, type Data } from '../../core/data.js';
import type { Kwargs, Value } from './py-object.js';
import { PyException, raisedDuringHandling, typeError, valueError } from './py-exception.js';
import { equals, isInt, iterate, num, order, repr, truthy, typeName } from './py-values.js';
import type { MethodImpl } from './str-methods.js';
import { isLiteralList, sequenceCount } from './literal-lists.js';
import { copiedUnreadItems } from './template-local-copy.js';

type List = Value[];

function index(self: List, v: Value | undefined, dflt: number): number {
  if (v === undefined || v === null) return dflt;
  if (!isInt(v)) throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
  return Number(v);
}

/** Methods shared by tuples and lists (read-only). */
export const sequenceMethods: Record<string, MethodImpl<List>> = {
  index: (self, args) => {
    const [start, stop] = [bound(args[1], 0, self.length), bound(args[2], self.length, self.length)];
    let i = -1;
    for (let k = start; k < stop; k++) {
      if (equals(self[k], args[0] as Value)) {
        i = k;
        break;
      }
    }
    if (i < 0) throw valueError(`${repr(args[0] as Value)} is not in ${isTuple(self) ? 'tuple' : 'list'}`);
    return i;
  },
  count: sequenceCount,
};

/** A start/stop index of list.index, clamped as Python clamps it (negative counts from the end). */
function bound(v: Value | undefined, dflt: number, length: number): number {
  if (v === undefined || v === null) return dflt;
  const n = Number(num(v) ?? dflt);
  return n < 0 ? Math.max(0, length + n) : Math.min(n, length);
}

export function sortValues(items: Value[], key: ((v: Value) => Value) | null, reverse: boolean): Value[] {
  const keyed = items.map((v) => [key ? key(v) : v, v] as const);
  // NOTE: Python sorts reverse=True by reversing, sorting and reversing again (stable, and the
  // items meet in that order: its TypeError names the pair it compared first).
  if (reverse) keyed.reverse();
  keyed.sort((a, b) => order(a[0], b[0]));
  if (reverse) keyed.reverse();
  return keyed.map(([, v]) => v);
}

/**
 * NOTE: 2.19's lazy list pops in Python: it reads `self[idx]` (a non-int index fails as a
 * subscript does) and raises its own IndexError inside the `except`, whose chain Ansible shows.
 */
function lazyPop(self: List, idx: Value | undefined): Value {
  if (idx !== undefined && idx !== null && !isInt(idx)) throw typeError(`list indices must be integers or slices, not ${typeName(idx)}`);
  let i = idx === undefined || idx === null ? -1 : Number(idx);
  if (i < 0) i += self.length;
  if (i < 0 || i >= self.length) throw raisedDuringHandling('IndexError', 'pop index out of range');
  return self.splice(i, 1)[0] as Value;
}

export const listMethods: Record<string, MethodImpl<List>> = {
  ...sequenceMethods,
  append: (self, args) => {
    self.push(args[0] as Value);
    return null;
  },
  extend: (self, args) => {
    for (const v of iterate(args[0] ?? null)) self.push(v);
    return null;
  },
  insert: (self, args) => {
    let i = index(self, args[0], 0);
    if (i < 0) i = Math.max(0, self.length + i);
    self.splice(i, 0, args[1] as Value);
    return null;
  },
  pop: (self, args) => {
    if (self.length === 0) throw new PyException('IndexError', 'pop from empty list');
    if (!isLiteralList(self as Value)) return lazyPop(self, args[0]);
    let i = index(self, args[0], self.length - 1);
    if (i < 0) i += self.length;
    if (i < 0 || i >= self.length) throw new PyException('IndexError', 'pop index out of range');
    return self.splice(i, 1)[0] as Value;
  },
  remove: (self, args) => {
    const i = self.findIndex((x) => equals(x, args[0] as Value));
    if (i < 0) throw valueError('list.remove(x): x not in list');
    self.splice(i, 1);
    return null;
  },
  reverse: (self) => {
    self.reverse();
    return null;
  },
  sort: (self, _args, kwargs: Kwargs) => {
    const sorted = sortValues(self, null, truthy(kwargs.get('reverse') ?? false));
    self.splice(0, self.length, ...sorted);
    return null;
  },
  copy: (self) => copiedUnreadItems([self as Data[]], self.slice() as Data[]),
  clear: (self) => {
    self.length = 0;
    return null;
  },
};
