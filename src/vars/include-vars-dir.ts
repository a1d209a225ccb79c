/**
 * include_vars' `dir` form: which directory it reads, which files in it, in what order, and how
 * one bad file stops the walk — as ansible-core 2.19's include_vars action does.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PyFloat, isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { pythonClassName } from '../playbook/python-class-name.js';
import { compilePyRegex, pySearch, type PyRegex } from '../template/filters/ansible-python-regex.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { copyKeyOrigin } from '../inventory/key-origins.js';
import type { VarSource } from '../template/api.js';
import { combinedValue } from './combine-vars.js';
import { LayeredVars } from './layered-vars.js';

export interface VarsDirOptions {
  readonly depth: number;
  /** The tagged class of a `depth` Python cannot compare with an int (a str, list or dict). */
  readonly depthType?: string;
  readonly matcher: PyRegex | undefined;
  readonly ignoreFiles: readonly string[];
  readonly extensions: readonly string[];
  readonly ignoreUnknownExtensions: boolean;
}

export interface VarsDirResult {
  readonly facts: DataDict;
  readonly files: string[];
  /** The `message` of a failed walk; the facts then hold only the directories read before. */
  readonly error?: string;
}

/** A bad option the action turns into a task failure; `whileHandling` as ansible raised it in an except. */
export class IncludeVarsOptionError extends Error {
  constructor(
    message: string,
    readonly whileHandling = false,
  ) {
    super(message);
  }
}

const DEFAULT_EXTENSIONS = ['yaml', 'yml', 'json'];

/**
 * The directory `dir` names: under a role, the role's vars/ (a path starting with `vars/` is
 * taken from the role's top when it exists there); else beside the file the task is written in.
 */
export function varsDirPath(dir: string, rolePath: string | undefined, taskDir: string): string {
  if (rolePath === undefined) return join(taskDir, dir);
  if (dir.split('/')[0] !== 'vars') return join(rolePath, 'vars', dir);
  const inRole = join(rolePath, dir);
  return existsSync(inRole) ? inRole : dir;
}

/** The dir options as ansible reads them; a bad `extensions` type fails the task. */
export function varsDirOptions(args: DataDict): VarsDirOptions {
  const rawExtensions = args.get('extensions') ?? DEFAULT_EXTENSIONS;
  let extensions: string[];
  // A string is taken as Python's list() of it: one extension per character.
  if (typeof rawExtensions === 'string') extensions = [...rawExtensions];
  else if (Array.isArray(rawExtensions)) extensions = rawExtensions.map((e) => pyStr(e));
  else throw new IncludeVarsOptionError('Invalid type for "extensions" option, it must be a list');
  const filesMatching = args.get('files_matching');
  const matcher = truthy(filesMatching ?? null) ? compileMatcher(pyStr(filesMatching ?? '')) : undefined;
  const depth = args.get('depth') ?? 0;
  const depthType = !truthy(depth) || typeof depth === 'number' || typeof depth === 'boolean' || depth instanceof PyFloat ? undefined : pythonClassName(depth).replace(/^<class '(?:.*\.)?([^.']*)'>$/, '$1');
  return {
    depth: depthType === undefined ? Number(depth) || 0 : 0,
    ...(depthType !== undefined ? { depthType } : {}),
    matcher,
    ignoreFiles: ignoreFilesOf(args.get('ignore_files')),
    extensions,
    ignoreUnknownExtensions: truthy(args.get('ignore_unknown_extensions') ?? false),
  };
}

function compileMatcher(pattern: string): PyRegex {
  try {
    return compilePyRegex(pattern);
  } catch (e) {
    throw new IncludeVarsOptionError((e as Error).message);
  }
}

/** A string is split on whitespace; a dict gives its keys (ansible's check of it has no effect). */
function ignoreFilesOf(value: Data | undefined): string[] {
  if (value === undefined || !truthy(value)) return [];
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (isDict(value)) return [...value.keys()].map(String);
  if (Array.isArray(value)) return value.map((v) => pyStr(v));
  return [pyStr(value)];
}

/** Every directory under `top` (itself first), sorted by path as text, each with its sorted file names. */
function walk(top: string): Array<[string, string[]]> {
  const out: Array<[string, string[]]> = [];
  const visit = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    const files: string[] = [];
    for (const name of names) {
      const path = join(dir, name);
      let isDir = false;
      try {
        isDir = statSync(path).isDirectory();
      } catch {
        // a dangling link is listed as a file, as os.walk does
      }
      if (isDir) visit(path);
      else files.push(name);
    }
    out.push([dir, files.sort()]);
  };
  visit(top);
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function ignored(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    let re: PyRegex;
    try {
      re = compilePyRegex(`${pattern}$`);
    } catch {
      throw new IncludeVarsOptionError(`Invalid regular expression: ${pattern}`, true);
    }
    return pySearch(re, name) !== undefined;
  });
}

function validExtension(name: string, extensions: readonly string[]): boolean {
  // Python's os.path.splitext: a leading dot does not start an extension.
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.slice(0, dot).replace(/^\.+/, '') !== '' ? name.slice(dot + 1) : '';
  return extensions.includes(ext);
}

/**
 * Reads the files of `dir` (an existing directory) in ansible's order: each directory's files
 * after its parent's. A file `read` refuses (undefined: not a dict) or one with an extension not
 * in the list stops the walk; the variables of that directory are then dropped.
 */
export function readVarsDir(dir: string, options: VarsDirOptions, read: (path: string) => DataDict | undefined): VarsDirResult {
  const facts: DataDict = new Map();
  const files: string[] = [];
  for (const [root, names] of walk(dir)) {
    const depth = root === dir ? 1 : relative(dir, root).split('/').length + 1;
    // NOTE: 2.19 compares each directory's depth with the option as given: a str fails at the first.
    if (options.depthType !== undefined) throw new IncludeVarsOptionError(`'>' not supported between instances of 'int' and '${options.depthType}'`);
    if (options.depth !== 0 && depth > options.depth) continue;
    const found: DataDict = new Map();
    for (const name of names) {
      if (options.matcher && pySearch(options.matcher, name) === undefined) continue;
      if (ignored(name, options.ignoreFiles)) continue;
      const valid = validExtension(name, options.extensions);
      if (options.ignoreUnknownExtensions && !valid) continue;
      const path = join(root, name);
      if (!valid) return { facts, files, error: `${path} does not have a valid extension: ${options.extensions.join(', ')}` };
      const vars = read(path);
      if (vars === undefined) return { facts, files, error: `${path} must be stored as a dictionary/hash` };
      files.push(path);
      mergeInto(found, vars);
    }
    mergeInto(facts, found);
  }
  return { facts, files };
}

/** Copies `from`'s variables into `to`, with where each value and key was written. */
export function mergeInto(to: DataDict, from: DataDict): void {
  for (const [k, v] of from) {
    to.set(k, v);
    copyValueOrigin(from, to, k);
    copyKeyOrigin(from, to, k);
  }
}

/**
 * include_vars' `hash_behaviour` option: when it differs from the run's setting, each loaded
 * dict is combined with the value the task already sees (`merge` merges, anything else
 * replaces). The run's setting is the task's variables' own.
 */
export function includeVarsHashBehaviour(loaded: DataDict, option: Data | undefined, vars: VarSource): DataDict {
  if (option === undefined || option === null) return loaded;
  const configured = vars instanceof LayeredVars && vars.mergeDicts ? 'merge' : 'replace';
  if (pyStr(option) === configured || pyStr(option) !== 'merge') return loaded;
  const out: DataDict = new Map(loaded);
  for (const [k, v] of loaded) if (typeof k === 'string') out.set(k, combinedValue(vars.get(k), v, true));
  return out;
}
