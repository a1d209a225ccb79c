/**
 * A notification 2.19 cannot look up. NOTE: 2.19 tests a notification's membership in a set of each
 * named handler's names, so a dict or list in `notify:` is Python's TypeError, which ends the run as
 * an unexpected exception (rc 250, before the task's result is shown) once the play has a handler
 * with a name; where none has one it is only a handler that was not found.
 */
import { isDict, isTuple, type Data } from '../core/data.js';
import { isTaggedContainer } from '../core/tagged-containers.js';

/** The TypeError 2.19 raises for `notification`, or undefined when it can look it up. */
export function unhashableNotification(notification: Data): TypeError | undefined {
  const kind = isDict(notification) ? 'dict' : Array.isArray(notification) && !isTuple(notification) ? 'list' : undefined;
  if (kind === undefined) return undefined;
  const name = isTaggedContainer(notification) ? `_AnsibleTagged${kind === 'dict' ? 'Dict' : 'List'}` : kind;
  return new TypeError(`unhashable type: '${name}'`);
}
