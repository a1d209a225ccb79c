/**
 * NOTE: ansible's file-sending actions (copy, template, assemble) stat dest before they send
 * anything; when that stat fails (dest under a regular file …) they raise a plain AnsibleError:
 * "Task failed: Failed to get information on remote file (…): …", not a module's failure. The
 * agent's copy makes that stat and marks its answer `_volant_action_error`.
 */
import { pyStr, type DataDict } from '../core/data.js';
import { TaskError } from '../run/task-error.js';

export function throwRemoteStatError<R extends DataDict>(result: R): R {
  if (result.get('_volant_action_error') === true) throw new TaskError([{ message: pyStr(result.get('msg')) }]);
  return result;
}
