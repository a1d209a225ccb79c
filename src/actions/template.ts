import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { overlay } from '../run/loop-items.js';
import { datetimeValue } from '../template/index.js';
import { isDict, isStringLike, pyRepr, pyStr, truthy, type Data, type DataDict, type DictKey } from '../core/data.js';
import { ownerName } from '../core/owner-name.js';
import type { Action } from '../run/action.js';
import type { RenderOptions } from '../template/api.js';
import { ansibleManaged } from '../template/ansible-managed.js';
import { pythonOsError } from '../core/python-os-error.js';
import { decodeSurrogateEscape, encodeSurrogateEscape, hasEscapedBytes } from '../core/surrogate-escape.js';
import { includeSearchPath } from '../template/lookups/search-path.js';
import { pyCodec, pyEncode } from '../template/filters/ansible-python-codecs.js';
import { ActionFail, TaskError, linksOf } from '../run/task-error.js';
import { localTmpName } from './local-tmp-name.js';
import { newFileMode, setUploadMode } from './upload-mode.js';
import { taskArgsInvocation, withSourceChecksum } from './copy.js';
import { statPathOf, throwRemoteStatError } from './remote-stat-error.js';
import { controllerSearchDirs, fileNotFoundMessage, octalMode, searchedFor, showSearch, taggedTypeName, toBoolLike } from './util.js';

/** Options the template action consumes itself; the rest go to the copy module on the host. */
const TEMPLATE_ONLY = new Set([
  'src', 'newline_sequence', 'trim_blocks', 'lstrip_blocks', 'variable_start_string', 'variable_end_string',
  'block_start_string', 'block_end_string', 'comment_start_string', 'comment_end_string', 'output_encoding',
]);

/** template: rendered on the controller with the host's variables, written by the agent like copy. */
export const template: Action = async (ctx) => {
  // NOTE: 2.19 first makes each string option a string (ensure_type): a list or dict fails as it is.
  for (const option of STRING_OPTIONS) {
    const value = ctx.args.get(option);
    if (value !== undefined && value !== null && (Array.isArray(value) || isDict(value))) {
      throw new TaskError([{ message: `Invalid value provided for 'string': ${pyRepr(value)}` }]);
    }
  }
  const srcArg = ctx.args.get('src');
  const dest = ctx.args.get('dest');
  const state = ctx.args.get('state');
  const newlineSequence = newlineOf(ctx.args.get('newline_sequence'));
  if (state !== undefined && state !== null) throw new ActionFail("'state' cannot be specified on a template");
  if (srcArg === undefined || srcArg === null || dest === undefined || dest === null) {
    throw new ActionFail('src and dest are required');
  }
  if (!NEWLINES.includes(newlineSequence)) throw new ActionFail('newline_sequence needs to be one of: \n, \r or \r\n');
  const name = pyStr(srcArg);
  showSearch(ctx, name, 'templates');
  const path = ctx.findFile(name, 'templates');
  if (!path) {
    const dirs = controllerSearchDirs(ctx.step, ctx.lookup.baseDir);
    // NOTE: ansible raises its own failure while handling the not-found error.
    throw new ActionFail(fileNotFoundMessage(name, searchedFor(name, 'templates', dirs)), true);
  }
  const bytes = readTemplateSource(path);
  let text = decodeSurrogateEscape(bytes);
  // NOTE: 2.19's loader escapes what is not UTF-8 (surrogateescape, written back as the same bytes)
  // and deprecates reading such a source.
  const undecodable = hasEscapedBytes(text);
  // NOTE: 2.19's loader opens a vault-encrypted template as it reads it.
  if (text.startsWith('$ANSIBLE_VAULT') && ctx.lookup.vault) text = ctx.lookup.vault.decrypt(text);
  const st = statSync(path);
  // The variables ansible's template action adds for the template's own use.
  const locals = new Map<string, Data>([
    ['template_host', hostname()],
    ['template_path', name],
    ['template_mtime', datetimeValue(st.mtime)],
    ['template_uid', ownerName(st.uid)],
    ['template_fullpath', resolve(path)],
    ['template_destpath', pyStr(dest)],
    ['template_run_date', datetimeValue(new Date())],
  ]);
  // A variable of the user's named ansible_managed is left as it is.
  if (!ctx.vars.has('ansible_managed')) locals.set('ansible_managed', ansibleManaged(ctx.lookup, { host: hostname(), uid: pyStr(locals.get('template_uid') ?? ''), file: name }, st.mtimeMs));
  const vars = overlay(ctx.vars, locals);
  let rendered: Data;
  try {
    rendered = ctx.templar.render(text, vars, {
      native: false,
      templatePath: path,
      includeSearchPath: includeSearchPath(ctx.vars.get('ansible_search_path'), [], [ctx.lookup.baseDir, dirname(path)]),
      // NOTE: 2.19 names a template file as an error's origin without a line.
      origin: { file: path, line: 0, column: 0 },
      lookup: ctx.lookup,
      trimBlocks: ctx.args.has('trim_blocks') ? toBoolLike(ctx.args.get('trim_blocks')) : true,
      lstripBlocks: toBoolLike(ctx.args.get('lstrip_blocks') ?? false),
      newlineSequence,
      ...delimiterOptions(ctx.args),
    });
  } catch (e) {
    throw new TaskError(linksOf(e));
  }
  const args = new Map<string, Data>();
  for (const [k, v] of ctx.args) if (!TEMPLATE_ONLY.has(String(k))) args.set(String(k), v);
  if (args.get('mode') === 'preserve') args.set('mode', octalMode(st.mode));
  // 2.19's template action reads follow as a loose boolean (a list is False) before copy sees it
  if (args.has('follow')) args.set('follow', toBoolLike(args.get('follow')));
  args.set('_volant_content_b64', encodeOutput(pyStr(rendered), ctx.args.get('output_encoding')).toString('base64'));
  args.set('_original_basename', basename(name));
  const renderedPath = localTmpName(basename(path));
  args.set('_volant_after_header', renderedPath);
  // (2.19 renders into a new controller file and uploads that)
  setUploadMode(ctx, args, newFileMode());
  const copyArgs = copyTaskArgs(ctx.args, args.get('mode'), renderedPath);
  // the copy action 2.19 hands the rendered file to refuses an empty dest itself
  if (!truthy(args.get('dest'))) return new Map<string, Data>([['failed', true], ['msg', 'dest is required'], ['invocation', taskArgsInvocation(copyArgs)]]);
  args.set('_volant_task_args', copyArgs);
  if (ctx.maxDiffSize !== undefined) args.set('_volant_max_diff_size', ctx.maxDiffSize);
  const result = withSourceChecksum(throwRemoteStatError(await ctx.runModule({ module: 'copy', args }), statPathOf(args)), args);
  if (undecodable) addDeprecation(result, `File '${path}' could not be decoded as 'utf-8'. Invalid content has been escaped.`);
  return result;
};

/** The loader's deprecation of a source that is not UTF-8, among the result's own. */
function addDeprecation(result: DataDict, msg: string): void {
  const given = result.get('deprecations');
  const entry = new Map<string, Data>([['msg', msg], ['version', '2.23'], ['collection_name', 'ansible.builtin'], ['help_text', 'This file must be UTF-8 encoded.']]);
  result.set('deprecations', [entry, ...(Array.isArray(given) ? given : [])]);
}

/**
 * The template's text. NOTE: 2.19's loader fails on a source it cannot read (a folder) with its own
 * message and the OSError after it, as "Task failed: …" rather than the action's failed result.
 */
function readTemplateSource(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new TaskError([{ message: `An error occurred while trying to read the file '${path}': ${pythonOsError(error, path)}` }]);
  }
}

/**
 * The arguments 2.19's template action hands its copy action (the invocation copy answers with
 * when no module runs): the task's minus the template-only options, with mode (None when not
 * given, the source's when 'preserve'), src the rendered temp file, and follow a boolean.
 */
function copyTaskArgs(taskArgs: ReadonlyMap<DictKey, Data>, mode: Data | undefined, renderedPath: string): Map<DictKey, Data> {
  const out = new Map<DictKey, Data>();
  for (const [k, v] of taskArgs) if (!TEMPLATE_ONLY.has(String(k)) || k === 'src') out.set(k, v);
  out.set('mode', mode ?? null);
  out.set('src', renderedPath);
  out.set('follow', toBoolLike(taskArgs.get('follow') ?? false));
  return out;
}

/** The rendered text as the bytes of `output_encoding`, as Python's str.encode. */
function encodeOutput(text: string, encoding: Data | undefined): Buffer {
  // NOTE: 2.19 takes any false-like value ('', false, 0, [], None) as utf-8, not only a missing one,
  // and hands any other to str.encode, which takes only a str.
  if (encoding === undefined || !truthy(encoding)) encoding = 'utf-8';
  if (!isStringLike(encoding)) throw new TaskError([{ message: `encode() argument 'encoding' must be str, not ${taggedTypeName(encoding)}` }]);
  const codec = pyCodec(pyStr(encoding));
  // NOTE: ansible encodes with surrogateescape: a byte the source's decoding escaped is written back as it was.
  return encodeSurrogateEscape(text, (part) => pyEncode(part, codec));
}

const NEWLINES = ['\n', '\r', '\r\n'];

/** The options 2.19's template action requires to be strings, in its order. */
const STRING_OPTIONS = [
  'src', 'dest', 'state', 'newline_sequence', 'variable_start_string', 'variable_end_string', 'block_start_string',
  'block_end_string', 'comment_start_string', 'comment_end_string',
];

/** The newline_sequence asked for; its escaped spellings (`\\n`) taken as the characters, as ansible does. */
function newlineOf(value: Data | undefined): string {
  // (one given as null is None, which is none of them)
  const text = value === undefined ? '\n' : pyStr(value);
  const escaped = ['\\n', '\\r', '\\r\\n'].indexOf(text);
  return escaped >= 0 ? (NEWLINES[escaped] as string) : text;
}

const DELIMITER_ARGS = [
  ['variable_start_string', 'variableStart'], ['variable_end_string', 'variableEnd'],
  ['block_start_string', 'blockStart'], ['block_end_string', 'blockEnd'],
  ['comment_start_string', 'commentStart'], ['comment_end_string', 'commentEnd'],
] as const;

/** The template's own delimiters, when the task sets any. */
function delimiterOptions(args: ReadonlyMap<unknown, Data>): Pick<RenderOptions, 'delimiters'> {
  const delimiters: Record<string, string> = {};
  for (const [arg, option] of DELIMITER_ARGS) {
    const value = args.get(arg);
    if (value !== undefined && value !== null) delimiters[option] = pyStr(value);
  }
  return Object.keys(delimiters).length > 0 ? { delimiters } : {};
}
