import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { localTree, type ControllerFile } from './local-tree.js';
import { hasVaultHeader, readControllerFile, type ControllerVault } from './controller-file.js';
import { keepBackLastRun } from './copy-tree-last-run.js';
import { setUploadMode, TEMP_FILE_MODE } from './upload-mode.js';
import { localContentTmpFile, localTmpFile } from './local-tmp-name.js';
import { createHash } from 'node:crypto';
import { isDict, pyStr, truthy, type Data, type DataDict, type DictKey } from '../core/data.js';
import { dumpJson } from '../core/json.js';
import type { Action } from '../run/action.js';
import { controllerSearchDirs, fileNotFoundMessage, octalMode, searchedFor, showSearch, textForMethod, toBoolLike } from './util.js';
import { ActionFail } from '../run/task-error.js';
import { statPathOf, throwRemoteStatError } from './remote-stat-error.js';

/** Files larger than this travel before the module runs rather than inside its request. */
const STAGE_ABOVE = 1 << 20;

/**
 * copy, controller half: a `src` on the controller is read here and its bytes go to the agent in
 * the request (no temp file on the host); `content` and `remote_src` go as they are.
 */
export const copy: Action = async (ctx) => {
  const args = new Map(ctx.args);
  // the task's arguments as 2.19's action holds them: its answers without a module show them
  args.set('_volant_task_args', new Map(ctx.args));
  const src = args.get('src');
  // NOTE: ansible writes a dict or list given as `content` as JSON, not as its Python repr.
  const content = args.get('content');
  if (content !== undefined && (isDict(content) || Array.isArray(content))) args.set('content', dumpJson(content));
  for (const internal of ['_original_basename', '_diff_peek']) {
    const given = ctx.args.get(internal);
    if (given !== undefined && given !== null) throw new ActionFail(`Invalid parameter specified: "${internal}"`);
  }
  // the copy module has no `decrypt`: only the action reads it (with remote_src and no content,
  // the module gets every arg)
  if (!toBoolLike(args.get('remote_src')) || (content !== undefined && content !== null)) args.delete('decrypt');
  const invalid = invalidCopyArgs(src, content, args.get('dest'));
  if (invalid) return new Map<string, Data>([['failed', true], ['msg', invalid], ['invocation', taskArgsInvocation(ctx.args)]]);
  if (src !== undefined && src !== null && !toBoolLike(args.get('remote_src')) && !args.has('content')) {
    // NOTE: 2.19's action calls str methods on src and dest before anything reaches the host, so a
    // number, list, dict or bool there fails the task with Python's AttributeError.
    const name = textForMethod(src, 'endswith');
    showSearch(ctx, name, 'files');
    const path = ctx.findFile(name, 'files');
    if (!path) {
      const dirs = controllerSearchDirs(ctx.step, ctx.lookup.baseDir);
      // NOTE: 2.19's copy action reports its own lookup failure as an unexpected AnsibleActionFail.
      const message = `Unexpected AnsibleActionFail error: ${fileNotFoundMessage(name, searchedFor(name, 'files', dirs))}`;
      throw new ActionFail(message, false, undefined, new Map([['invocation', taskArgsInvocation(ctx.args)]]));
    }
    // NOTE: a vault-encrypted source is copied decrypted unless `decrypt: false`.
    const vault = toBoolLike(ctx.args.get('decrypt') ?? true) ? ctx.lookup.vault : undefined;
    const read = (file: string): ControllerFile => readForUpload(file, vault);
    const dest = args.get('dest') ?? null;
    if (statSync(path).isDirectory()) {
      textForMethod(dest, 'endswith');
      // NOTE: like rsync, a trailing slash copies the directory's contents, none its directory.
      const source = name.endsWith('/') ? `${path.replace(/\/+$/, '')}/` : path.replace(/\/+$/, '');
      const { tree, lastRun } = keepBackLastRun(localTree(source, toBoolLike(args.get('local_follow') ?? true), args.get('mode') === 'preserve', read), ctx.args);
      args.set('_volant_tree', tree);
      args.set('_volant_tree_src', source);
      setUploadMode(ctx, args);
      const answer = throwRemoteStatError(await ctx.runModule({ module: 'copy', args }));
      // (the file module run on one of the tree's folders failed: its answer is the task's)
      if (answer.delete('_volant_folder_failed')) return answer;
      if (lastRun !== undefined && answer.get('failed') !== true) {
        const last = await ctx.runModule({ module: 'file', args: lastRun(pyStr(dest)) });
        // (the file module names its path `path`; the action adds it as copy's `dest`)
        if (last.has('path') && !last.has('dest')) last.set('dest', last.get('path') ?? null);
        return last;
      }
      // a module that failed without a checksum failed at the first file: the action gives it that
      // file's (the agent names the file it would have written when the module refuses its args)
      const first = (tree.get('files') as Data[])[0];
      return Array.isArray(first) ? withSourceChecksum(answer, new Map([['_volant_content_b64', first[1] ?? '']])) : answer;
    }
    textForMethod(dest, 'startswith');
    const session = await ctx.session();
    const vaulted = vault !== undefined && hasVaultHeader(readFileSync(path));
    const bytes = vaulted ? read(path).bytes : undefined;
    setUploadMode(ctx, args, vaulted ? TEMP_FILE_MODE : statSync(path).mode);
    if (bytes === undefined && session.putFile && statSync(path).size > STAGE_ABOVE) {
      // NOTE: a large file goes ahead in pieces (bounded frames and controller memory), as Ansible
      // uploads src to a temp file before the copy module runs.
      const staged = `~/.ansible/tmp/volant-staged-${randomBytes(8).toString('hex')}`;
      await session.putFile(path, staged);
      args.set('_volant_staged', staged);
    } else {
      args.set('_volant_content_b64', (bytes ?? readFileSync(path)).toString('base64'));
    }
    if (args.get('mode') === 'preserve') args.set('mode', octalMode(statSync(path).mode));
    // NOTE: ansible diffs a decrypted source against its controller temp copy, and names that
    args.set('_volant_after_header', vaulted ? localTmpFile() : path);
    if (!args.has('_original_basename')) args.set('_original_basename', basename(name.replace(/\/$/, '')));
  }
  // NOTE: 2.19's diff names the destination as "after" only for content that is true in Python;
  // an empty one ('', {}, 0) names the controller temp file the action wrote it into.
  if (content !== undefined && content !== null && !truthy(content)) args.set('_volant_after_header', localContentTmpFile());
  // NOTE: 2.19's action writes content into a controller temp file (mkstemp: 0600) and preserves that file's mode
  if (content !== undefined && content !== null) {
    if (args.get('mode') === 'preserve') args.set('mode', octalMode(TEMP_FILE_MODE));
    setUploadMode(ctx, args, TEMP_FILE_MODE);
  }
  if (ctx.maxDiffSize !== undefined) args.set('_volant_max_diff_size', ctx.maxDiffSize);
  // (remote_src copies on the host without a stat first, unless content is sent)
  const statsFirst = !toBoolLike(args.get('remote_src')) || (content !== undefined && content !== null);
  const result = throwRemoteStatError(await ctx.runModule({ module: 'copy', args }), statsFirst ? statPathOf(args) : undefined);
  if (result.get('_volant_action_answer') === true) {
    // a refusal ansible's copy action makes itself (it needs the host's view of dest): the action's failure
    const answer = new Map(result);
    answer.delete('_volant_action_answer');
    return answer;
  }
  // remote_src results are the module's as they are (content is sent as a file whatever it says).
  const remote = toBoolLike(args.get('remote_src')) && (content === undefined || content === null);
  // (a module that crashed left no invocation: 2.19's action adds the task's args)
  if (remote && !result.has('invocation')) result.set('invocation', taskArgsInvocation(ctx.args));
  return remote ? result : withSourceChecksum(result, args);
};

/**
 * 2.19's copy action's `_ensure_invocation` for the answers it makes itself: the task's arguments,
 * again as module_args, content censored in both.
 */
export function taskArgsInvocation(taskArgs: ReadonlyMap<DictKey, Data>): DataDict {
  const shown = new Map<DictKey, Data>(taskArgs);
  const moduleArgs = new Map<DictKey, Data>(taskArgs);
  if (shown.has('content')) shown.set('content', 'CENSORED: content is a no_log parameter');
  const content = moduleArgs.get('content');
  if (content !== undefined && content !== null) moduleArgs.set('content', 'VALUE_SPECIFIED_IN_NO_LOG_PARAMETER');
  shown.set('module_args', moduleArgs);
  return shown;
}

/** A controller file's bytes, and the mode of the file 2.19 uploads them in: a decrypted vault file goes up in the temp file it is decrypted into. */
function readForUpload(path: string, vault: ControllerVault | undefined): ControllerFile {
  const { bytes, vaulted } = readControllerFile(path, vault);
  return { bytes, uploadMode: vaulted ? TEMP_FILE_MODE : statSync(path).mode & 0o777 };
}

/**
 * NOTE: ansible's copy action (the template action's too) gives a failed module result without a
 * checksum the source's own (a module that failed on its arguments), beside its diff list.
 */
export function withSourceChecksum<R extends DataDict>(result: R, args: ReadonlyMap<DictKey, Data>): R {
  if (truthy(result.get('failed')) && !truthy(result.get('checksum'))) {
    if (!result.has('diff')) result.set('diff', []);
    const b64 = args.get('_volant_content_b64');
    const bytes = typeof b64 === 'string' ? Buffer.from(b64, 'base64') : Buffer.from(pyStr(args.get('content') ?? ''), 'utf8');
    result.set('checksum', createHash('sha1').update(bytes).digest('hex'));
  }
  return result;
}

/** The argument errors ansible's copy action answers itself, in its order. */
function invalidCopyArgs(src: Data | undefined, content: Data | undefined, dest: Data | undefined): string | undefined {
  const given = (v: Data | undefined): boolean => v !== undefined && v !== null;
  if (!truthy(src) && !given(content)) return 'src (or content) is required';
  if (!truthy(dest)) return 'dest is required';
  if (truthy(src) && given(content)) return 'src and content are mutually exclusive';
  if (given(content) && textForMethod(dest ?? null, 'endswith').endsWith('/')) return 'can not use content with a dir as dest';
  return undefined;
}
