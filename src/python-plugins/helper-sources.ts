/**
 * The Python sources of the plugin helper: src/controller-python/*.py and the agent's
 * module_utils shims it shares (to_text & co, six), by module name.
 *
 * In the bundle (esbuild, loader `.py: text`) the imports below are the files' text. Under tsx
 * (tests, development) Node cannot import `.py`, so they are read from disk instead, through a
 * file imported by a computed specifier so esbuild leaves it out (as agent-sources.ts does).
 */
interface TextModule {
  default: string;
}

/** The helper's own files (src/controller-python/) and the agent's shims it shares (modules/). */
const OWN = ['plugin_host', '_shim_ansible', '_shim_errors', '_shim_display', '_shim_lookup', '_shim_unsafe', '_shim_convert_bool', '_shim_jinja_context', '_shim_jinja2', '_shim_listify'];
const FROM_AGENT = ['_ansible_text', '_ansible_six'];

// NOTE: esbuild turns each template below into a glob over its folder's *.py, so the bundle
// carries every file these lists may name.
const bundled = (name: string): Promise<TextModule> =>
  (FROM_AGENT.includes(name) ? import(`../agent/modules/${name}.py`) : import(`../controller-python/${name}.py`)) as Promise<TextModule>;

const onDisk = (name: string): string => (FROM_AGENT.includes(name) ? `agent/modules/${name}.py` : `controller-python/${name}.py`);

interface DiskSources {
  readSource(relative: string): Promise<string>;
}

async function loadOne(name: string): Promise<string> {
  try {
    return (await bundled(name)).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const specifier = ['.', 'helper-sources-from-disk.js'].join('/');
    const disk = (await import(specifier)) as DiskSources;
    return disk.readSource(onDisk(name));
  }
}

let loaded: Promise<Readonly<Record<string, string>>> | undefined;

export function loadHelperSources(): Promise<Readonly<Record<string, string>>> {
  loaded ??= (async () => {
    const entries = await Promise.all([...OWN, ...FROM_AGENT].map(async (name) => [name, await loadOne(name)] as const));
    return Object.fromEntries(entries);
  })();
  return loaded;
}
