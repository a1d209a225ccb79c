/** raw, script and fetch: actions that use the connection itself rather than a module. */
import { isAbsolute, join, normalize, resolve } from 'node:path';
import { isStringLike, pyStr, strRepr, truthy, type Data, type DataDict } from '../core/data.js';
import { controllerFailures } from '../run/async-job.js';
import type { Action, ActionContext } from '../run/action.js';
import { keywordInt } from '../run/keyword-values.js';
import type { AgentSession } from '../run/transport.js';
import type { ScriptLine } from '../transport/agent-session.js';
import { ActionFail, ActionSkip, TaskError } from '../run/task-error.js';
import { ShlexError, shlexSplit } from '../inventory/shlex-split.js';
import { isDirectory } from '../core/fs-kinds.js';
import { controllerSearchDirs, fileNotFoundMessage, searchedFor, toBoolLike } from './util.js';

interface ScriptSession extends AgentSession {
  runScript(localPath: string, line: ScriptLine, options?: { creates?: string; removes?: string; chdir?: string; executable?: string; timeout?: number; environment?: ReadonlyMap<string, string> }): Promise<Map<string | number | boolean | null, Data>>;
  fetchFile(remotePath: string, localPath: string, checkLocal?: () => void): Promise<Map<string | number | boolean | null, Data>>;
  exists(path: string): Promise<boolean>;
  expandUser(path: string): Promise<string>;
}

/**
 * raw: the command goes through the connection as it is; no agent, no Python needed. Check mode
 * skips it. NOTE: the `environment` keyword does not reach it: 2.19 warns in its result.
 */
export const raw: Action = async (ctx) => {
  const ignoredEnvironment = ctx.step.folded.environment.some((kw) => truthy(kw.value));
  const warnings: Data[] = ignoredEnvironment ? ['raw module does not support the environment keyword'] : [];
  const withWarnings = (result: DataDict): DataDict => (warnings.length > 0 ? result.set('warnings', warnings) : result);
  if (ctx.checkMode) return withWarnings(new Map<string, Data>([['skipped', true]]));
  const rawParams = ctx.args.get('_raw_params');
  const executable = ctx.args.get('executable');
  // NOTE: 2.19 hands a missing free form to the connection as None, which fails there unless an
  // executable quotes it first (as '')
  if ((rawParams === undefined || rawParams === null) && !truthy(executable ?? null)) {
    throw new TaskError([{ message: "'NoneType' object is not iterable", origin: ctx.step.task.loc }]);
  }
  const command = pyStr(rawParams ?? '');
  const session = await ctx.session();
  const timeout = taskTimeout(ctx);
  return withWarnings(
    await session.runRaw(command, {
      ...(executable !== undefined && executable !== null ? { executable: pyStr(executable) } : {}),
      ...(timeout ? { timeout } : {}),
    }),
  );
};

/** The task's `timeout:` keyword, templated; 2.19 bounds the whole action with it. */
function taskTimeout(ctx: ActionContext): number | undefined {
  const kw = ctx.step.folded.scalars.get('timeout');
  if (kw === undefined) return undefined;
  return keywordInt({ ...kw, value: ctx.templar.renderDeep(kw.value, ctx.vars, { origin: kw.loc }) });
}

/** script: a controller file copied to the host and run there with its arguments. */
/** The script's name in its command line, as 2.19 takes it (Python's ValueError when a quote is left open). */
function scriptName(command: string): string {
  try {
    return shlexSplit(command, false)[0] ?? '';
  } catch (error) {
    if (error instanceof ShlexError) throw new TaskError([{ message: error.message }]);
    throw error;
  }
}

export const script: Action = async (ctx) => {
  const command = pyStr(ctx.args.get('_raw_params') ?? ctx.args.get('cmd') ?? '').trim();
  // NOTE: 2.19 finds the script by the first word of a POSIX shlex split (quotes removed, so a
  // name may hold spaces); the rest of the line goes to the shell as written.
  const name = scriptName(command);
  const options: { creates?: string; removes?: string; chdir?: string; executable?: string } = {};
  for (const key of ['creates', 'removes', 'chdir', 'executable'] as const) {
    const v = ctx.args.get(key);
    if (v !== undefined && v !== null) options[key] = pyStr(v);
  }
  const session = (await ctx.session()) as ScriptSession;
  // NOTE: as 2.19, creates/removes that leave nothing to do skip the task before the script is
  // looked for, and check mode runs no script: changed when creates/removes say it would run,
  // skipped without them.
  if (options.creates && (await session.exists(options.creates))) throw new ActionSkip(`${options.creates} exists, matching creates option`);
  if (options.removes && !(await session.exists(options.removes))) throw new ActionSkip(`${options.removes} does not exist, matching removes option`);
  if (options.chdir && !options.chdir.startsWith('/')) throw new ActionFail(`chdir ${options.chdir} must be an absolute path for a Unix-aware remote node`);
  const path = ctx.findFile(name, 'files');
  if (!path) {
    const dirs = controllerSearchDirs(ctx.step, ctx.lookup.baseDir);
    // NOTE: ansible raises its own failure while handling the not-found error.
    throw new ActionFail(fileNotFoundMessage(name, searchedFor(name, 'files', dirs)), true);
  }
  if (ctx.checkMode) {
    if (!options.creates && !options.removes) throw new ActionSkip('Check mode is not supported for this task.');
    return new Map<string, Data>([['changed', true]]);
  }
  const timeout = taskTimeout(ctx);
  return session.runScript(path, { command, name }, { ...options, ...(timeout ? { timeout } : {}), ...(ctx.environment ? { environment: ctx.environment } : {}) });
};

/** fetch: a file from the host into dest/<host>/<path> (or dest itself with flat). */
export const fetch: Action = async (ctx) => {
  if (ctx.checkMode) throw new ActionSkip('check mode not (yet) supported for this module');
  const src = ctx.args.get('src');
  const destArg = ctx.args.get('dest');
  // NOTE: ansible checks in this order and keeps the last message that applies.
  let invalid = '';
  if (!isStringLike(src)) invalid = 'Invalid type supplied for source option, it must be a string';
  if (!isStringLike(destArg)) invalid = 'Invalid type supplied for dest option, it must be a string';
  if (src === undefined || src === null || destArg === undefined || destArg === null) invalid = 'src and dest are required';
  if (invalid) throw new ActionFail(invalid);
  const session = (await ctx.session()) as ScriptSession;
  // NOTE: 2.19 expands a leading ~ or ~user on the host first: the result's paths and the local
  // dest (dest/<host>/<expanded path>) use the expanded source.
  const written = pyStr(src);
  const source = written.startsWith('~') ? await session.expandUser(written) : written;
  if (source !== written && source.split('/').slice(0, -1).includes('..')) {
    const address = ctx.vars.get('ansible_host') ?? ctx.host;
    throw new TaskError([{ message: `'${pyStr(address)}' returned an invalid relative home directory path containing '..'` }]);
  }
  let dest = pyStr(destArg);
  // NOTE: a trailing slash (a directory to fetch into) must be seen before resolve() drops it.
  const intoDirectory = dest.endsWith('/');
  if (!isAbsolute(dest)) dest = resolve(ctx.lookup.baseDir, dest);
  const flat = toBoolLike(ctx.args.get('flat'));
  const local = !flat ? normalize(join(dest, ctx.host, source)) : intoDirectory ? join(dest, source.split('/').pop() ?? source) : dest;
  // NOTE: 2.19's message names the path as written (a relative dest is resolved only after the check)
  const shownDest = intoDirectory ? `${pyStr(destArg)}${source.split('/').pop() ?? source}` : pyStr(destArg);
  const checkLocal = flat ? () => flatDestNotDirectory(local, shownDest, intoDirectory) : undefined;
  return missingOrDirectory(await session.fetchFile(source, local, checkLocal), source, toBoolLike(ctx.args.get('fail_on_missing') ?? true));
};

/** With flat, 2.19 writes no file over a directory: dest itself, or the name it makes inside dest/. */
function flatDestNotDirectory(local: string, shownDest: string, intoDirectory: boolean): void {
  if (!isDirectory(local)) return;
  if (!intoDirectory) throw new ActionFail('dest is an existing directory, use a trailing slash if you want to fetch src into that directory');
  throw new ActionFail(`calculated dest '${shownDest}' is an existing directory, use another path that does not point to an existing directory`);
}

const MISSING = 'the remote file does not exist, not transferring, ignored';
const IS_DIRECTORY = 'remote file is a directory, fetch cannot work on directories';

/**
 * fetch's answer for a source that is missing or a directory, with `fail_on_missing` as 2.19
 * reads it: without it the task does not fail; with it a missing file is slurp's failure.
 */
function missingOrDirectory(result: DataDict, source: string, failOnMissing: boolean): DataDict {
  const msg = result.get('msg');
  if (!truthy(result.get('failed')) || (msg !== MISSING && msg !== IS_DIRECTORY)) return result;
  if (msg === IS_DIRECTORY) {
    return failOnMissing ? result : new Map<string, Data>([['msg', `${IS_DIRECTORY}, not transferring, ignored`]]);
  }
  if (!failOnMissing) return new Map<string, Data>([['changed', false], ['file', source], ['msg', MISSING]]);
  // NOTE: ansible shows the slurp module's own error (with its OSError) above the fetch's msg.
  controllerFailures.set(result, [{ message: 'Module failed.' }, { message: `File not found: ${source}` }, { message: `[Errno 2] No such file or directory: ${strRepr(source)}` }]);
  return result;
}
