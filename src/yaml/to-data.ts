import type { Data, DataDict, DictKey } from '../core/data.js';
import { PyFloat, UnsafeString, VaultString } from '../core/data.js';
import type { YamlNode } from './node.js';

function toKey(value: Data): DictKey {
  if (value instanceof PyFloat) return value.value;
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return value.ciphertext;
  if (Array.isArray(value) || value instanceof Map) return String(value);
  return value;
}

/** Plain Volant data from located YAML: positions dropped, dicts as ordered Maps. */
export function toData(node: YamlNode): Data {
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'seq':
      return node.items.map(toData);
    case 'map': {
      const out: DataDict = new Map();
      for (const pair of node.pairs) out.set(toKey(toData(pair.key)), toData(pair.value));
      return out;
    }
  }
}
