import type { Data, DataDict, DictKey } from '../core/data.js';
import { PyDate, PyFloat, UnsafeString, VaultString } from '../core/data.js';
import { markTaggedContainer } from '../core/tagged-containers.js';
import { markSetList } from '../core/set-lists.js';
import { setKeyLocationLookup, setValueOriginLookup } from '../core/value-origins.js';
import type { YamlMap, YamlNode } from './node.js';

function toKey(value: Data): DictKey {
  if (value instanceof PyFloat) return value.value;
  // NOTE: Volant's dict keys have no bigint; a key beyond 2^53 is rounded.
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof VaultString) return value.ciphertext;
  // NOTE: Volant's dict keys have no date type; a date key becomes its str().
  if (value instanceof PyDate) return value.text;
  if (Array.isArray(value) || value instanceof Map) return String(value);
  return value;
}

/** Plain Volant data from located YAML: positions dropped, dicts as ordered Maps. */
export function toData(node: YamlNode, made = new Map<YamlNode, Data>()): Data {
  if (node.kind === 'scalar') return node.value;
  // NOTE: a recursive value (`&a [*a]`) is one list or dict that holds itself, as in Python.
  const known = made.get(node);
  if (known !== undefined) return known;
  if (node.kind === 'seq') {
    const items: Data[] = [];
    made.set(node, items);
    for (const item of node.items) items.push(toData(item, made));
    setValueOriginLookup(items, (index) => (typeof index === 'number' ? node.items[index]?.loc : undefined));
    markTaggedContainer(items);
    if (node.set === true) markSetList(items);
    return items;
  }
  const out: DataDict = new Map();
  made.set(node, out);
  for (const pair of node.pairs) out.set(toKey(toData(pair.key, made)), toData(pair.value, made));
  setValueOriginLookup(out, (key) => valueLocation(node, key));
  setKeyLocationLookup(out, (key) => keyNodeLocation(node, key));
  markTaggedContainer(out);
  return out;
}

/** Where the value of `key` was written (the last pair wins, as in the dict). */
function valueLocation(node: YamlMap, key: DictKey) {
  return lastPair(node, key)?.value.loc;
}

/** Where `key` itself was written: its first pair, whose key object the dict keeps. */
function keyNodeLocation(node: YamlMap, key: DictKey) {
  return node.pairs.find((pair) => pair.key.kind === 'scalar' && toKey(pair.key.value) === key)?.key.loc;
}

function lastPair(node: YamlMap, key: DictKey): YamlMap['pairs'][number] | undefined {
  for (let i = node.pairs.length - 1; i >= 0; i--) {
    const pair = node.pairs[i] as YamlMap['pairs'][number];
    if (pair.key.kind === 'scalar' && toKey(pair.key.value) === key) return pair;
  }
  return undefined;
}
