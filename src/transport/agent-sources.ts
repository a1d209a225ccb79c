/**
 * The Python sources shipped to hosts: agent.py, runtime.py and one file per module.
 *
 * In the bundle (esbuild, loader `.py: text`) the imports below are the files' text. Under tsx
 * (tests, development) Node cannot import `.py`, so they are read from disk instead; that
 * fallback lives in a separate file imported by a computed specifier so esbuild leaves it out.
 */
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
const MODULES_RUN_BY: Readonly<Record<string, readonly string[]>> = { package: ['apt'] };

/** The sources of the modules `name` may run inside the agent, by name. */
export async function loadHelperSources(name: string): Promise<Map<string, string>> {
  const helpers = new Map<string, string>();
  for (const helper of MODULES_RUN_BY[name] ?? []) {
    const source = await loadModuleSource(helper);
    if (source !== undefined) helpers.set(helper, source);
  }
  return helpers;
}

/** A module's source by short name, or undefined when Volant has no such module. */
export function loadModuleSource(name: string): Promise<string | undefined> {
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
