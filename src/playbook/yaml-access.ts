/** Small helpers to read located YAML maps by key. */
import { pyStr } from '../core/data.js';
import type { YamlMap, YamlNode, YamlPair } from '../yaml/node.js';

/** A map key as text: keys in playbooks are strings; other scalars as Python's str() prints them. */
export function keyText(pair: YamlPair): string {
  return pair.key.kind === 'scalar' ? pyStr(pair.key.value) : '';
}

export function findPair(map: YamlMap, name: string): YamlPair | undefined {
  return map.pairs.find((pair) => keyText(pair) === name);
}

export function getNode(map: YamlMap, name: string): YamlNode | undefined {
  return findPair(map, name)?.value;
}
