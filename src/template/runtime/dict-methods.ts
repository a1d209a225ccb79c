/** Python's `dict` methods. `items()` yields (key, value) tuples, as Python does. */
import { markTuple, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { hasValueOrigins, keyItemOrigins, setValueOriginLookup, valueOrigin } from '../../core/value-origins.js';
import type { Value } from './py-object.js';
import { entryOrigins } from './entry-origins.js';
import { PyException, raisedDuringHandling, typeError } from './py-exception.js';
import { isLiteralList } from './literal-lists.js';
import { dictKey, iterate, mapGet, mapHas, repr, storedKey } from './py-values.js';
import type { MethodImpl } from './str-methods.js';
import { copiedUnreadItems } from './template-local-copy.js';

const EMPTY_POPITEM = "'popitem(): dictionary is empty'";

export const dictMethods: Record<string, MethodImpl<DataDict>> = {
  items: (self) => {
    const pairs = [...self.entries()].map(([k, v]): Data => markTuple([k, v]));
    entryOrigins(self, pairs);
    return pairs;
  },
  keys: (self) => {
    const keys = [...self.keys()];
    keyItemOrigins(self, keys);
    return keys;
  },
  // a value read from a variable's dict stays tagged with where it was written
  values: (self) => {
    const out = [...self.values()];
    if (hasValueOrigins(self)) {
      const keys = [...self.keys()];
      setValueOriginLookup(out, (i) => (typeof i === 'number' && i < keys.length ? valueOrigin(self, keys[i] as DictKey) : undefined));
    }
    return out;
  },
  get: (self, args) => {
    const v = mapGet(self, args[0] ?? null);
    return v === undefined ? (args[1] ?? null) : v;
  },
  update: (self, args, kwargs) => {
    const other = args[0];
    // NOTE: an equal key keeps the key already there (True updates 1), as Python's dict does.
    if (other instanceof Map) for (const [k, v] of other) self.set(storedKey(self, k), v);
    else if (other !== undefined && other !== null) {
      for (const pair of iterate(other)) {
        if (!Array.isArray(pair) || pair.length !== 2) throw typeError(`cannot convert dictionary update sequence element #0 to a sequence`);
        self.set(storedKey(self, dictKey(pair[0] as Value)), pair[1] as Data);
      }
    }
    for (const [k, v] of kwargs) self.set(storedKey(self, k), v as Data);
    return null;
  },
  pop: (self, args) => {
    const key = args[0] ?? null;
    if (!mapHas(self, key)) {
      if (args.length > 1) return args[1] as Value;
      throw new PyException('KeyError', repr(key));
    }
    const v = mapGet(self, key) as Data;
    self.delete(storedKey(self, dictKey(key)));
    return v;
  },
  setdefault: (self, args) => {
    const key = args[0] ?? null;
    if (mapHas(self, key)) return mapGet(self, key) as Data;
    const v = (args[1] ?? null) as Data;
    self.set(dictKey(key), v);
    return v;
  },
  copy: (self) => copiedUnreadItems([self], new Map(self)),
  clear: (self) => {
    self.clear();
    return null;
  },
  popitem: (self) => {
    const last = [...self.entries()].pop();
    // NOTE: 2.19's lazy dict raises this KeyError inside an `except StopIteration` (see raisedDuringHandling).
    if (!last) throw (isLiteralList(self) ? new PyException('KeyError', EMPTY_POPITEM) : raisedDuringHandling('KeyError', EMPTY_POPITEM));
    self.delete(last[0]);
    return markTuple([last[0], last[1]]);
  },
};
