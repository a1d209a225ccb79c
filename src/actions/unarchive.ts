import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import { isStringLike, truthy } from '../core/data.js';
import type { Action } from '../run/action.js';
import type { AgentSession } from '../run/transport.js';
import { ActionFail, ActionSkip, TaskError } from '../run/task-error.js';
import { controllerSearchDirs, fileNotFoundMessage, pyStr, searchedFor, taggedTypeName, textForMethod, toBoolLike } from './util.js';

interface UnarchiveSession extends AgentSession {
  exists(path: string): Promise<boolean>;
  taskTmpFolder?(): string;
}

/**
 * unarchive, controller half (2.19's action): `copy` as the old spelling of `remote_src`, `creates`
 * skipping the task, and a controller `src` sent to the host's temp folder first. dest must be a
 * folder: the module checks that first and answers it as this action's failure. A vaulted `src` is
 * sent as it is (no decryption).
 */
export const unarchive: Action = async (ctx) => {
  const args = new Map(ctx.args);
  if (args.has('copy')) {
    if (args.has('remote_src')) throw new ActionFail("parameters are mutually exclusive: ('copy', 'remote_src')");
    args.set('remote_src', !toBoolLike(args.get('copy')));
    args.delete('copy');
  }
  const src = args.get('src');
  const dest = args.get('dest');
  if (src === undefined || src === null || dest === undefined || dest === null) throw new ActionFail('src (or content) and dest are required');
  const session = (await ctx.session()) as UnarchiveSession;
  const creates = args.get('creates');
  if (truthy(creates) && (await session.exists(textForMethod(creates ?? null, 'startswith')))) throw new ActionSkip(`skipped, since ${pyStr(creates ?? null)} exists`);
  textForMethod(dest, 'startswith');
  // NOTE: 2.19 expands `~` in src with os.path, whatever remote_src says
  if (!isStringLike(src)) throw new TaskError([{ message: `expected str, bytes or os.PathLike object, not ${taggedTypeName(src)}` }]);
  if (!toBoolLike(args.get('remote_src'))) {
    const name = expandUser(pyStr(src));
    const path = ctx.findFile(name, 'files');
    if (!path) {
      const dirs = controllerSearchDirs(ctx.step, ctx.lookup.baseDir);
      // NOTE: 2.19 lets the loader's not-found error out of this action: "Task failed: …" in its msg too
      throw new TaskError([{ message: fileNotFoundMessage(name, searchedFor(name, 'files', dirs)) }]);
    }
    // NOTE: named as ansible's per-task remote temp folder, so the result's src reads the same
    // (the login user's remote_tmp, or /var/tmp for an unprivileged become user, as 2.19's upload)
    const folder = `${session.taskTmpFolder?.() ?? '~/.ansible/tmp'}/ansible-tmp-${Date.now() / 1000}-${process.pid}-${randomBytes(6).readUIntBE(0, 6)}`;
    if (!session.putFile) throw new ActionFail('this connection cannot send files');
    await session.putFile(path, `${folder}/source`);
    args.set('_volant_staged_dir', folder);
    args.set('src', `${folder}/source`);
  }
  args.delete('decrypt');
  const result = await ctx.runModule({ module: 'unarchive', args });
  // the host's answer to the action's own check of dest
  if (result.get('_volant_action_answer') === true) throw new ActionFail(pyStr(result.get('msg')));
  return result;
};

function expandUser(path: string): string {
  return path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path;
}
