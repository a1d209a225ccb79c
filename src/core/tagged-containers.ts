/**
 * Which dicts and lists 2.19 holds in its tagged classes (`_AnsibleTaggedDict`,
 * `_AnsibleTaggedList`): those its YAML (and JSON) loader made, wherever they travel after (a
 * variable, a registered value that handed one through, a list built around one). A container a
 * template or a module made is a plain `dict`/`list`. NOTE: the difference shows where Python
 * names the type, e.g. 2.19's "unhashable type: '_AnsibleTaggedDict'".
 */
import type { Data, DataDict } from './data.js';

const tagged = new WeakSet<DataDict | readonly Data[]>();

export function markTaggedContainer(container: DataDict | readonly Data[]): void {
  tagged.add(container);
}

export function isTaggedContainer(value: Data): boolean {
  return (value instanceof Map || Array.isArray(value)) && tagged.has(value);
}
