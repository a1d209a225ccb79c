/** Actions that need the controller's files or the agent: gather_facts/setup and include_vars. */
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { PyFloat, isDict, isStringLike, pyStr, pyTypeName, truthy, type Data, type DataDict } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import { setKeyOriginsFromNode } from '../inventory/key-origins.js';
import type { Action, ActionContext } from '../run/action.js';
import { IncludeVarsOptionError, includeVarsHashBehaviour, mergeInto, readVarsDir, varsDirOptions, varsDirPath } from '../vars/include-vars-dir.js';
import { TaskError } from '../run/task-error.js';
import { resultSubEvents } from '../run/module-causes.js';
import { loadYaml } from '../yaml/load-yaml.js';
import { reportYamlWarnings } from '../yaml/load-yaml-file.js';
import { readYamlText } from '../yaml/read-yaml-text.js';
import { runVault } from './vault-secrets.js';
import { toData } from '../yaml/to-data.js';
import { controllerSearchDirs, fileNotFoundMessage, searchCandidates } from '../actions/util.js';

/** gather_facts / setup: the setup module in the agent; facts land in ansible_facts. */
export const gatherFactsAction: Action = async (ctx) => {
  const result = await ctx.runModule({ module: 'setup', args: ctx.args });
  if (ctx.action === 'gather_facts' && truthy(result.get('failed'))) return failedModules(result);
  // NOTE: 2.19's gather_facts action and its normal action running setup both mark the result
  // so that -v does not dump the facts.
  result.set('_ansible_verbose_override', true);
  if (ctx.action === 'gather_facts') {
    // NOTE: 2.19's gather_facts action (not the setup module) marks the facts as gathered.
    const facts = result.get('ansible_facts');
    if (isDict(facts)) facts.set('_ansible_facts_gathered', true);
    // its result is built from the modules' facts and notices: no invocation
    result.delete('invocation');
  }
  return result;
};

/**
 * 2.19's gather_facts action when its facts module fails: the module's result under
 * failed_modules, "The following modules failed to execute", and the module's msg as a sub-event.
 */
function failedModules(moduleResult: DataDict): DataDict {
  const name = 'ansible.legacy.setup';
  if (!moduleResult.has('exception')) moduleResult.set('exception', '(traceback unavailable)');
  const result = new Map<string, Data>([
    ['ansible_facts', new Map()],
    ['failed_modules', new Map([[name, moduleResult]])],
    ['failed', true],
    ['msg', `The following modules failed to execute: ${name}.`],
  ]);
  resultSubEvents.set(result, [pyStr(moduleResult.get('msg') ?? '')]);
  return result;
}

/** Whether a vault-encrypted file was read: 2.19's include_vars then hides its result (no_log). */
interface ReadTracker {
  encrypted: boolean;
}

/** A vars file's variables; undefined when it holds something else than a dict (or nothing). */
function readVars(path: string, tracker: ReadTracker): DataDict | undefined {
  const text = readYamlText(path);
  const plain = runVault().openFile(text, path);
  if (plain !== text) tracker.encrypted = true;
  const loaded = reportYamlWarnings(loadYaml(plain, path, { single: true }));
  const first = loaded.documents[0];
  const data = first ? toData(first) : null;
  if (data === null) return new Map();
  if (isDict(data)) setKeyOriginsFromNode(data, first);
  return isDict(data) ? data : undefined;
}

const DIR_OPTIONS = ['dir', 'depth', 'files_matching', 'ignore_files', 'extensions', 'ignore_unknown_extensions'];
const FILE_OPTIONS = ['file', '_raw_params'];
const INCLUDE_VARS_OPTIONS = ['name', 'hash_behaviour', ...DIR_OPTIONS, ...FILE_OPTIONS];

type Included = { facts: DataDict; files: string[]; error?: string };

/** include_vars' `dir`: the files of a directory; a bad option fails the task. */
function includeDir(ctx: ActionContext, value: Data, tracker: ReadTracker): Included {
  const options = withTaskError(() => varsDirOptions(ctx.args));
  // NOTE: 2.19 splits a role task's dir on '/' and joins a play task's to its folder unchecked, so
  // a number, list or dict there fails the task with Python's error.
  if (!isStringLike(value)) {
    const type = taggedType(value);
    const message = ctx.step.role ? `'${type}' object has no attribute 'split'` : `join() argument must be str, bytes, or os.PathLike object, not '${type}'`;
    throw new TaskError([{ message }]);
  }
  const dir = varsDirPath(pyStr(value), ctx.step.role?.def.path, dirname(ctx.step.task.loc.file));
  if (!existsSync(dir)) return { facts: new Map(), files: [], error: `${dir} directory does not exist` };
  if (!statSync(dir).isDirectory()) return { facts: new Map(), files: [], error: `${dir} is not a directory` };
  return withTaskError(() => readVarsDir(dir, options, (path) => readVars(path, tracker)));
}

function taggedType(value: Data): string {
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') return '_AnsibleTaggedInt';
  if (value instanceof PyFloat) return '_AnsibleTaggedFloat';
  return Array.isArray(value) ? '_AnsibleTaggedList' : isDict(value) ? '_AnsibleTaggedDict' : pyTypeName(value);
}

/** include_vars' `file` (or free form): one file, searched in the role's or task's vars/ and beside. */
function includeFile(ctx: ActionContext, tracker: ReadTracker): Included {
  const fileArg = ctx.args.get('file') ?? ctx.args.get('_raw_params');
  if (fileArg === undefined || fileArg === null) {
    // NOTE: 2.19 looks for a null name, warns, and reports a file it could not find.
    ctx.warn({ message: 'Invalid request to find a file that matches a "null" value' });
    const error = 'Could not find file on the Ansible Controller.\nIf you are using a module and expect the file to exist on the remote, see the remote_src option';
    return { facts: new Map(), files: [], error };
  }
  // NOTE: 2.19 reads the name as text: any other value (tagged with its origin, even a template's) fails there.
  if (!isStringLike(fileArg)) throw new TaskError([{ message: `'${taggedType(fileArg)}' object has no attribute 'startswith'` }]);
  const name = pyStr(fileArg);
  const candidates = name.startsWith('/') ? [name] : searchCandidates(name, 'vars', controllerSearchDirs(ctx.step, ctx.lookup.baseDir));
  const found = candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
  // NOTE: ansible reports this one under `message`, not `msg`.
  if (!found) return { facts: new Map(), files: [], error: fileNotFoundMessage(name, candidates) };
  let vars: DataDict | undefined;
  try {
    vars = readVars(found, tracker);
  } catch (e) {
    // A file that does not load fails the task with the error's words under `message`.
    if (e instanceof VolantError) return { facts: new Map(), files: [], error: e.message };
    throw e;
  }
  if (vars === undefined) return { facts: new Map(), files: [], error: `${found} must be stored as a dictionary/hash` };
  const facts: DataDict = new Map();
  mergeInto(facts, vars);
  return { facts, files: [found] };
}

/** An option include_vars refuses fails the task with ansible's words. */
function withTaskError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof IncludeVarsOptionError)) throw e;
    throw new TaskError([{ message: e.message, ...(e.whileHandling ? { whileHandling: true } : {}) }]);
  }
}

/** include_vars: YAML/JSON files of variables, with include_vars precedence. */
export const includeVarsAction: Action = (ctx) => {
  const args = ctx.args;
  const unknown = [...args.keys()].map(String).find((key) => !INCLUDE_VARS_OPTIONS.includes(key));
  if (unknown !== undefined) throw new TaskError([{ message: `${unknown} is not a valid option in include_vars` }]);
  if (DIR_OPTIONS.some((key) => args.has(key)) && FILE_OPTIONS.some((key) => args.has(key))) {
    throw new TaskError([{ message: 'You are mixing file only and dir only arguments, these are incompatible' }]);
  }
  const into = args.get('name');
  const dirArg = args.get('dir');
  const tracker: ReadTracker = { encrypted: false };
  const { facts, files, error } = truthy(dirArg ?? null) ? includeDir(ctx, dirArg ?? null, tracker) : includeFile(ctx, tracker);
  const loaded = into !== undefined && into !== null ? new Map<string, Data>([[pyStr(into), facts]]) : facts;
  const out = error === undefined ? includeVarsHashBehaviour(loaded, args.get('hash_behaviour'), ctx.vars) : loaded;
  const result = new Map<string, Data>(error === undefined ? [] : [['failed', true], ['message', error]]);
  result.set('ansible_facts', out).set('ansible_included_var_files', files).set('changed', false);
  // NOTE: a vault-encrypted file's variables are not shown (2.19 sets no_log on the result).
  if (tracker.encrypted) result.set('_ansible_no_log', true);
  return result;
};
