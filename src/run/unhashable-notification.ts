/**
 * A notification 2.19 cannot look up. NOTE: 2.19 tests a notification's membership in a set of each
 * named handler's names, so a dict or list in `notify:` is Python's TypeError, which ends the run as
 * an unexpected exception (rc 250, before the task's result is shown) once the play has a handler
 * with a name; where none has one it is only a handler that was not found.
 */
import { isDict, isTuple, type Data } from '../core/data.js';

/** Lists of notifications a template made: their items are plain Python values, not YAML's tagged ones. */
const templatedLists = new WeakSet<readonly Data[]>();

export function markTemplatedNotify(value: Data | undefined): void {
  if (Array.isArray(value)) templatedLists.add(value);
}

/** The TypeError 2.19 raises for `notification` (an item of `list`), or undefined when it can look it up. */
export function unhashableNotification(notification: Data, list: readonly Data[]): TypeError | undefined {
  const kind = isDict(notification) ? 'dict' : Array.isArray(notification) && !isTuple(notification) ? 'list' : undefined;
  if (kind === undefined) return undefined;
  // what the playbook's YAML (or a template's whole result) holds is a tagged container in 2.19
  const name = templatedLists.has(list) ? kind : `_AnsibleTagged${kind === 'dict' ? 'Dict' : 'List'}`;
  return new TypeError(`unhashable type: '${name}'`);
}
