/**
 * The Python sources shipped to hosts: agent.py, runtime.py, one file per module, and the helper
 * modules (`modules/_name.py`) that modules import.
 *
 * In the bundle (esbuild, loader `.py: text`) the imports below are the files' text. Under tsx
 * (tests, development) Node cannot import `.py`, so they are read from disk instead; that
 * fallback lives in a separate file imported by a computed specifier so esbuild leaves it out.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { libraryModules } from '../core/library-modules.js';
import { splitQualifiedName } from '../core/local-collections.js';
import { collectModuleUtils } from './library-module-utils.js';

export interface AgentSources {
  readonly agent: string;
  readonly runtime: string;
}

interface TextModule {
  default: string;
}

interface DiskSources {
  readDiskSource(relative: string): Promise<string | undefined>;
}

let cached: Promise<AgentSources> | undefined;
const moduleCache = new Map<string, Promise<string | undefined>>();
let disk: Promise<DiskSources> | undefined;

function diskSources(): Promise<DiskSources> {
  // A computed specifier: esbuild does not bundle it, and in the bundle this is never reached.
  const specifier = ['.', 'agent-sources-from-disk.js'].join('/');
  disk ??= import(specifier) as Promise<DiskSources>;
  return disk;
}

async function loadText(bundled: () => Promise<TextModule>, relative: string): Promise<string | undefined> {
  try {
    return (await bundled()).default;
  } catch (error) {
    // Only Node itself (tsx, no bundle) refuses `.py`; in the bundle an unknown module name is
    // simply absent from esbuild's glob.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') return undefined;
    try {
      return await (await diskSources()).readDiskSource(relative);
    } catch {
      return undefined;
    }
  }
}

export function loadAgentSources(): Promise<AgentSources> {
  cached ??= (async () => {
    const agent = await loadText(() => import('../agent/agent.py') as Promise<TextModule>, 'agent.py');
    const runtime = await loadText(() => import('../agent/runtime.py') as Promise<TextModule>, 'runtime.py');
    if (agent === undefined || runtime === undefined) throw new Error('volant: the agent sources are missing');
    return { agent, runtime };
  })();
  return cached;
}

// Modules that run another module inside the agent (volant_runtime.load_module): package runs
// the host's package manager module, whose source must reach the agent with package's own.
const MODULES_RUN_BY: Readonly<Record<string, readonly string[]>> = { package: ['apt', 'dnf', 'dnf5'] };

/**
 * The helper modules a source imports: `import _name[, …]` / `from _name import …` at the start
 * of a line. A helper is `modules/_name.py`, shared code that is never a task's module; names
 * that are no such file (the stdlib's `_thread`) are left to Python.
 */
export function helperImports(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^[ \t]*(?:from[ \t]+(_[a-z0-9_]*)[ \t]+import\b|import[ \t]+([^#\n]+))/gm)) {
    const listed = m[1] !== undefined ? [m[1]] : (m[2] as string).split(',').map((part) => part.trim().split(/[ \t]+/)[0] ?? '');
    for (const name of listed) if (/^_[a-z0-9_]*$/.test(name)) names.add(name);
  }
  return [...names];
}

const dependencyCache = new Map<string, Promise<Map<string, string>>>();

/**
 * Every source the module `name` needs in the agent besides its own, by name: the modules it runs
 * and the helper modules it and they import, all the way down. The session sends those the agent
 * does not have yet with the module's first request, and the agent keeps them for the rest of
 * the run, as it keeps modules.
 */
export function loadDependencySources(name: string): Promise<Map<string, string>> {
  let found = dependencyCache.get(name);
  if (found === undefined) {
    found = collectDependencies(name);
    dependencyCache.set(name, found);
  }
  return found;
}

async function collectDependencies(name: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const visit = async (from: string, source: string): Promise<void> => {
    for (const dependency of [...(MODULES_RUN_BY[from] ?? []), ...helperImports(source)]) {
      if (dependency === name || out.has(dependency)) continue;
      const text = await loadSource(dependency);
      if (text === undefined) continue;
      out.set(dependency, text);
      await visit(dependency, text);
    }
  };
  const own = await loadModuleSource(name);
  if (own !== undefined) await visit(name, own);
  return out;
}

/**
 * A module's source by short name: Volant's own, else a library module shipped with the
 * playbook (see libraryModuleSource); undefined when there is no such module.
 */
export async function loadModuleSource(name: string): Promise<string | undefined> {
  // A helper module (`_name`) is not a module a task may name.
  if (name.startsWith('_')) return undefined;
  return (await loadSource(name)) ?? libraryModuleSource(name);
}

const libraryCache = new Map<string, string>();

/**
 * The agent's module standing for a library module (`library/hello.py`, found as parsing found
 * it): it carries the file's text and runs it as ansible-core does, as `__main__` with
 * AnsibleModule (modules/_ansible_basic.py, shipped with it through its import line).
 */
function libraryModuleSource(name: string): string | undefined {
  const path = libraryModules.find(name);
  if (path === undefined) return undefined;
  let wrapper = libraryCache.get(path);
  if (wrapper === undefined) {
    wrapper = libraryModuleWrapper(path, readFileSync(path, 'utf8'), pythonModuleName(name, path));
    libraryCache.set(path, wrapper);
  }
  return wrapper;
}

/** ansible.module_utils parts with a shim of their own (runtime.ANSIBLE_SHIMS maps them all). */
const SEPARATE_SHIMS: Readonly<Record<string, string>> = { 'ansible.module_utils.urls': '_ansible_urls' };

/** The name ansible's errors give a module: `ansible.legacy.x`, or a collection's Python package path. */
function pythonModuleName(name: string, path: string): string {
  const qualified = splitQualifiedName(name);
  if (qualified === undefined || qualified.collection === 'ansible.legacy') return `ansible.legacy.${basename(path, extname(path))}`;
  return `ansible_collections.${qualified.collection}.plugins.modules.${qualified.resource}`;
}

/** NOTE: JSON string literals are Python string literals, so the text is carried as one. */
export function libraryModuleWrapper(path: string, text: string, moduleName = `ansible.legacy.${basename(path, extname(path))}`): string {
  const header = `# Volant: the library module ${JSON.stringify(path)}\n`;
  // NOTE: ansible tells module kinds apart by these words in the file, in this order.
  const run = /^[ \t]*(?:from|import)[ \t]+ansible\.module_utils\b/m.test(text)
    ? 'run_library_module'
    : !text.includes('\0') && !text.includes('<<INCLUDE_ANSIBLE_MODULE_JSON_ARGS>>') && text.includes('WANT_JSON')
      ? 'run_want_json_module'
      : undefined;
  if (run === undefined) {
    const msg = `Volant runs library modules written with AnsibleModule or marked WANT_JSON; ${path} is neither: old-style and binary modules are not supported`;
    return `${header}def RUN_REQUEST(name, args, **request):\n    return {'failed': True, 'msg': ${JSON.stringify(msg)}}\n`;
  }
  // a collection's module runs in its package (ansible_collections.<ns>.<coll>.plugins.modules)
  const modulePackage = moduleName.startsWith('ansible_collections.') ? moduleName.split('.').slice(0, -1).join('.') : undefined;
  const { utils: found, missing } = collectModuleUtils(text, modulePackage);
  if (missing !== undefined) {
    // NOTE: 2.19 fails on the controller while it builds the module: the task fails with this alone
    const msg = `Could not find imported module support code for ${moduleName}. Looked for ([${missing.map((name) => `'${name}'`).join(', ')}])`;
    return `${header}def RUN_REQUEST(name, args, **request):\n    return {'failed': True, 'msg': ${JSON.stringify(`Task failed: ${msg}`)}, '_volant_task_failed': True}\n`;
  }
  const utils = Object.fromEntries([...found].map(([name, util]) => [name, [util.source, util.package ? 1 : 0]]));
  return [
    header,
    'import _ansible_basic\n',
    // the shims _ansible_basic does not bring, shipped only to modules that import them
    ...Object.entries(SEPARATE_SHIMS).flatMap(([name, helper]) =>
      [text, ...[...found.values()].map((util) => util.source)].some((source) => source.includes(name)) ? [`import ${helper}  # ${name}\n`] : [],
    ),
    `SOURCE = ${JSON.stringify(text)}\n`,
    `PATH = ${JSON.stringify(path)}\n`,
    `UTILS = ${JSON.stringify(utils)}\n\n\n`,
    'def RUN_REQUEST(name, args, **request):\n',
    ...(modulePackage !== undefined && run === 'run_library_module'
      ? [`    return _ansible_basic.${run}(name, SOURCE, PATH, args, utils=UTILS, package=${JSON.stringify(modulePackage)}, **request)\n`]
      : [`    return _ansible_basic.${run}(name, SOURCE, PATH, args, utils=UTILS, **request)\n`]),
  ].join('');
}

/** The source of `modules/<name>.py`: a module, or a helper module (`_name`). */
function loadSource(name: string): Promise<string | undefined> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return Promise.resolve(undefined);
  let source = moduleCache.get(name);
  if (source === undefined) {
    // NOTE: esbuild turns this template into a glob over src/agent/modules/*.py, so every module
    // file is in the bundle without a list to maintain.
    source = loadText(() => import(`../agent/modules/${name}.py`) as Promise<TextModule>, `modules/${name}.py`);
    moduleCache.set(name, source);
  }
  return source;
}
