/**
 * NOTE: ansible's file-sending actions (copy, template, assemble) stat dest before they send
 * anything; when that stat fails (dest under a regular file …) they raise a plain AnsibleError:
 * "Task failed: Failed to get information on remote file (…): …", not a module's failure. The
 * agent's copy makes that stat and marks its answer `_volant_action_error`.
 */
import { pyStr, truthy, type Data, type DataDict, type DictKey } from '../core/data.js';
import { TaskError } from '../run/task-error.js';
import { unstartedModuleResults } from '../run/unstarted-module.js';

/**
 * `statPath`, the dest the action stats first (see statPathOf): when the host could not start
 * the module at all, that stat is what failed, and 2.19 names it with what came back instead of
 * the stat's result (its stderr, else its stdout, else its message).
 */
export function throwRemoteStatError<R extends DataDict>(result: R, statPath?: string): R {
  if (result.get('_volant_action_error') === true) throw new TaskError([{ message: pyStr(result.get('msg')) }]);
  if (statPath !== undefined && unstartedModuleResults.has(result)) {
    const said = ['module_stderr', 'module_stdout', 'msg'].map((key) => result.get(key)).find((value) => truthy(value ?? null));
    throw new TaskError([{ message: `Failed to get information on remote file (${statPath}): ${pyStr(said ?? null).trimEnd()}` }]);
  }
  return result;
}

/** The file 2.19's copy action stats before it sends one: dest, or the sent file's name in it when dest ends in a slash. */
export function statPathOf(args: ReadonlyMap<DictKey, Data>): string | undefined {
  const dest = args.get('dest');
  if (typeof dest !== 'string') return undefined;
  return dest.endsWith('/') ? `${dest}${pyStr(args.get('_original_basename') ?? '')}` : dest;
}
