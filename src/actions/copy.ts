import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { localTree } from './local-tree.js';
import { isDict, pyStr, type Data } from '../core/data.js';
import { dumpJson } from '../core/json.js';
import type { Action } from '../run/action.js';
import { fileNotFoundMessage, searchedFor, toBoolLike } from './util.js';
import { ActionFail } from '../run/task-error.js';

/**
 * copy, controller half: a `src` on the controller is read here and its bytes go to the agent in
 * the request (no temp file on the host); `content` and `remote_src` go as they are.
 */
export const copy: Action = async (ctx) => {
  const args = new Map(ctx.args);
  const src = args.get('src');
  // NOTE: ansible writes a dict or list given as `content` as JSON, not as its Python repr.
  const content = args.get('content');
  if (content !== undefined && (isDict(content) || Array.isArray(content))) args.set('content', dumpJson(content));
  if (args.get('dest') === undefined || args.get('dest') === null) return new Map<string, Data>([['failed', true], ['msg', 'dest is required']]);
  if ((src === undefined || src === null) && !args.has('content')) return new Map<string, Data>([['failed', true], ['msg', 'src (or content) is required']]);
  if (src !== undefined && src !== null && !toBoolLike(args.get('remote_src')) && !args.has('content')) {
    const name = pyStr(src);
    const path = ctx.findFile(name, 'files');
    if (!path) {
      const dirs = [ctx.step.role ? `${ctx.step.role.def.path}` : ctx.step.baseDir, ctx.lookup.baseDir];
      // NOTE: 2.19's copy action reports its own lookup failure as an unexpected AnsibleActionFail.
      throw new ActionFail(`Unexpected AnsibleActionFail error: ${fileNotFoundMessage(name, searchedFor(name, 'files', dirs))}`);
    }
    if (statSync(path).isDirectory()) {
      // NOTE: like rsync, a trailing slash copies the directory's contents, none its directory.
      const source = name.endsWith('/') ? `${path.replace(/\/+$/, '')}/` : path.replace(/\/+$/, '');
      args.set('_volant_tree', localTree(source));
      args.set('_volant_tree_src', source);
      return ctx.runModule({ module: 'copy', args });
    }
    args.set('_volant_content_b64', readFileSync(path).toString('base64'));
    args.set('_volant_after_header', path);
    if (!args.has('_original_basename')) args.set('_original_basename', basename(name.replace(/\/$/, '')));
  }
  return ctx.runModule({ module: 'copy', args });
};
