import { readdirSync, statSync } from 'node:fs';
import type { Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import { localTmpFile } from './local-tmp-name.js';
import { setUploadMode, TEMP_FILE_MODE } from './upload-mode.js';
import { readControllerFile, type ControllerVault } from './controller-file.js';
import { controllerSearchDirs, fileNotFoundMessage, pyStr, searchCandidates, toBoolLike } from './util.js';
import { throwRemoteStatError } from './remote-stat-error.js';
import { compilePyRegex, pySearch } from '../template/filters/ansible-python-regex.js';

/** Options only assemble knows; copy gets the rest. */
const ASSEMBLE_ONLY = ['remote_src', 'regexp', 'delimiter', 'ignore_hidden', 'decrypt'];

/**
 * assemble: with remote_src (the default) the module joins a directory on the host; otherwise
 * the fragments of a controller directory are joined here and the copy module writes the result.
 */
export const assemble: Action = async (ctx) => {
  const src = ctx.args.get('src');
  const dest = ctx.args.get('dest');
  if (src === undefined || src === null || dest === undefined || dest === null) throw new ActionFail('src and dest are required');
  if (toBoolLike(ctx.args.get('remote_src') ?? true)) {
    // NOTE: 2.19's action pops decrypt off the task's args before it runs the module, which never
    // checks it (a 'maybe' passes) and shows its default
    const moduleArgs = new Map(ctx.args);
    moduleArgs.delete('decrypt');
    return ctx.runModule({ module: 'assemble', args: moduleArgs });
  }
  const name = pyStr(src);
  const path = ctx.findFile(name, 'files');
  if (!path) {
    // NOTE: 2.19 fails with the plain not-found error (not its action's failure); an absolute path
    // is looked for nowhere else, so it lists no places.
    const dirs = controllerSearchDirs(ctx.step, ctx.lookup.baseDir);
    throw new TaskError([{ message: fileNotFoundMessage(name, name.startsWith('/') ? [] : searchCandidates(name, 'files', dirs)) }]);
  }
  if (!statSync(path).isDirectory()) throw new ActionFail(`Source (${path}) is not a directory`);
  const args = new Map(ctx.args);
  for (const key of [...ASSEMBLE_ONLY, 'src']) args.delete(key);
  // NOTE: as 2.19's loader gives them, vault-encrypted fragments are joined decrypted unless `decrypt: false`
  const vault = toBoolLike(ctx.args.get('decrypt') ?? true) ? ctx.lookup.vault : undefined;
  const content = joinFragments(path, ctx.args.get('delimiter'), ctx.args.get('regexp'), toBoolLike(ctx.args.get('ignore_hidden')), vault);
  args.set('_volant_content_b64', content.toString('base64'));
  // NOTE: 2.19's action joins the fragments into a controller temp file (its diff names it) and uploads it as `src`
  args.set('_volant_after_header', localTmpFile());
  args.set('_volant_upload_name', 'src');
  // the uploaded file's mode (the module's source, which `mode: preserve` copies) depends on how it went up
  setUploadMode(ctx, args, TEMP_FILE_MODE);
  args.set('_volant_diff_always', true);
  const result = throwRemoteStatError(await ctx.runModule({ module: 'copy', args }), pyStr(args.get('dest') ?? ''));
  // NOTE: 2.19's assemble action sets its one diff as a dict, where copy's makes a list, and
  // none at all without --diff
  const diff = result.get('diff');
  if (Array.isArray(diff) && diff.length === 1) result.set('diff', diff[0] ?? null);
  else if (Array.isArray(diff)) result.delete('diff');
  return result;
};

/** The fragments of `dir` as ansible joins them (see the assemble module on the host). */
function joinFragments(dir: string, delimiter: Data | undefined, regexp: Data | undefined, ignoreHidden: boolean, vault: ControllerVault | undefined): Buffer {
  // NOTE: a Python regular expression, with Python's words when it does not compile.
  const pattern = regexp === undefined || regexp === null ? undefined : compilePyRegex(pyStr(regexp));
  const delim = delimiter === undefined || delimiter === null || delimiter === '' ? undefined : unescape(pyStr(delimiter));
  const parts: Buffer[] = [];
  let delimit = false;
  let addNewline = false;
  for (const name of readdirSync(dir).sort()) {
    if (pattern && !pySearch(pattern, name)) continue;
    const full = `${dir}/${name}`;
    if (!statSync(full).isFile() || (ignoreHidden && name.startsWith('.'))) continue;
    const content = readControllerFile(full, vault).bytes;
    if (addNewline) parts.push(Buffer.from('\n'));
    if (delimit && delim) {
      parts.push(delim);
      if (!delim.toString('latin1').endsWith('\n')) parts.push(Buffer.from('\n'));
    }
    parts.push(content);
    delimit = true;
    addNewline = !content.toString('latin1').endsWith('\n');
  }
  return Buffer.concat(parts);
}

/** Python's codecs.escape_decode for the usual escapes (`\n`, `\t`, `\\`, `\xNN`). */
function unescape(text: string): Buffer {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };
  const out = text.replace(/\\(x[0-9a-fA-F]{2}|.)/g, (m, c: string) => (c.startsWith('x') && c.length === 3 ? String.fromCharCode(parseInt(c.slice(1), 16)) : simple[c] ?? m));
  return Buffer.from(out, 'latin1');
}
