import type { DataDict } from '../core/data.js';
import { keyOrigin, setKeyOrigin } from '../core/key-origins.js';
import type { YamlNode } from './node.js';

/** Records the key positions of a mapping node on the dict made from it. */
export function setKeyOriginsFromNode(dict: DataDict, node: YamlNode | undefined): void {
  if (!node || node.kind !== 'map') return;
  for (const pair of node.pairs) {
    if (pair.key.kind !== 'scalar') continue;
    const key = pair.key.value;
    if (typeof key === 'string' && dict.has(key) && !keyOrigin(dict, key)) setKeyOrigin(dict, key, pair.key.loc);
  }
}
