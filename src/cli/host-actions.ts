/** Actions that need the controller's files or the agent: gather_facts/setup and include_vars. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { copyKeyOrigin, setKeyOriginsFromNode } from '../inventory/key-origins.js';
import type { Action } from '../run/action.js';
import { TaskError } from '../run/task-error.js';
import { resultSubEvents } from '../run/module-causes.js';
import { loadYaml } from '../yaml/load-yaml.js';
import { runVault } from './vault-secrets.js';
import { toData } from '../yaml/to-data.js';
import { fileNotFoundMessage, searchCandidates } from '../actions/util.js';

/** gather_facts / setup: the setup module in the agent; facts land in ansible_facts. */
export const gatherFactsAction: Action = async (ctx) => {
  const result = await ctx.runModule({ module: 'setup', args: ctx.args });
  if (ctx.action === 'gather_facts') {
    if (truthy(result.get('failed'))) return failedModules(result);
    result.set('_ansible_verbose_override', true);
    // NOTE: 2.19's gather_facts action (not the setup module) marks the facts as gathered.
    const facts = result.get('ansible_facts');
    if (isDict(facts)) facts.set('_ansible_facts_gathered', true);
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
  // The agent fills in `changed: false` where ansible's controller would, at the top level only.
  if (moduleResult.get('changed') === false) moduleResult.delete('changed');
  const result = new Map<string, Data>([
    ['ansible_facts', new Map()],
    ['failed_modules', new Map([[name, moduleResult]])],
    ['failed', true],
    ['msg', `The following modules failed to execute: ${name}.`],
  ]);
  resultSubEvents.set(result, [pyStr(moduleResult.get('msg') ?? '')]);
  return result;
}

/** A vars file's variables; undefined when it holds something else than a dict (or nothing). */
function readVars(path: string): DataDict | undefined {
  const loaded = loadYaml(runVault().openFile(readFileSync(path, 'utf8'), path), path, { single: true });
  const first = loaded.documents[0];
  const data = first ? toData(first) : null;
  if (data === null) return new Map();
  if (isDict(data)) setKeyOriginsFromNode(data, first);
  return isDict(data) ? data : undefined;
}

/** Files of a vars dir, sorted, as include_vars walks it (depth 0 = all levels). */
function dirFiles(dir: string, depth: number, extensions: readonly string[], level = 1): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (depth === 0 || level < depth) out.push(...dirFiles(path, depth, extensions, level + 1));
    } else if (extensions.includes(extname(name).replace(/^\./, ''))) out.push(path);
  }
  return out;
}

const DIR_OPTIONS = ['dir', 'depth', 'files_matching', 'ignore_files', 'extensions', 'ignore_unknown_extensions'];
const FILE_OPTIONS = ['file', '_raw_params'];
const INCLUDE_VARS_OPTIONS = ['name', 'hash_behaviour', ...DIR_OPTIONS, ...FILE_OPTIONS];

/** include_vars: YAML/JSON files of variables, with include_vars precedence. */
export const includeVarsAction: Action = (ctx) => {
  const args = ctx.args;
  const unknown = [...args.keys()].map(String).find((key) => !INCLUDE_VARS_OPTIONS.includes(key));
  if (unknown !== undefined) throw new TaskError([{ message: `${unknown} is not a valid option in include_vars` }]);
  if (DIR_OPTIONS.some((key) => args.has(key)) && FILE_OPTIONS.some((key) => args.has(key))) {
    throw new TaskError([{ message: 'You are mixing file only and dir only arguments, these are incompatible' }]);
  }
  const into = args.get('name');
  const dirs = [ctx.step.role ? ctx.step.role.def.path : ctx.step.baseDir, ctx.lookup.baseDir];
  let files: string[];
  const dirArg = args.get('dir');
  if (dirArg !== undefined && dirArg !== null) {
    const name = pyStr(dirArg);
    const found = searchCandidates(name, 'vars', dirs).find((c) => {
      try {
        return statSync(c).isDirectory();
      } catch {
        return false;
      }
    });
    if (!found) {
      return new Map<string, Data>([['failed', true], ['message', `${name} directory does not exist`], ['ansible_facts', new Map()], ['ansible_included_var_files', []], ['changed', false]]);
    }
    const extensions = Array.isArray(args.get('extensions')) ? (args.get('extensions') as Data[]).map(pyStr) : ['yaml', 'yml', 'json'];
    files = dirFiles(found, Number(args.get('depth') ?? 0) || 0, extensions);
  } else {
    const fileArg = args.get('file') ?? args.get('_raw_params');
    if (fileArg === undefined || fileArg === null) {
      return new Map<string, Data>([['failed', true], ['message', 'No file was specified'], ['ansible_facts', new Map()], ['ansible_included_var_files', []], ['changed', false]]);
    }
    const name = pyStr(fileArg);
    const candidates = name.startsWith('/') ? [name] : searchCandidates(name, 'vars', dirs);
    const found = candidates.find((c) => {
      try {
        return statSync(c).isFile();
      } catch {
        return false;
      }
    });
    if (!found) {
      // NOTE: ansible reports this one under `message`, not `msg`.
      return new Map<string, Data>([['failed', true], ['message', fileNotFoundMessage(name, candidates)], ['ansible_facts', new Map()], ['ansible_included_var_files', []], ['changed', false]]);
    }
    files = [found];
  }
  const facts: DataDict = new Map();
  for (const f of files) {
    const vars = readVars(f);
    if (vars === undefined) {
      return new Map<string, Data>([['failed', true], ['message', `${f} must be stored as a dictionary/hash`], ['ansible_facts', new Map()], ['ansible_included_var_files', []], ['changed', false]]);
    }
    for (const [k, v] of vars) {
      facts.set(k, v);
      copyValueOrigin(vars, facts, k);
      copyKeyOrigin(vars, facts, k);
    }
  }
  const out = into !== undefined && into !== null ? new Map<string, Data>([[pyStr(into), facts]]) : facts;
  return new Map<string, Data>([['ansible_facts', out], ['ansible_included_var_files', files], ['changed', false]]);
};
