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

const BUNDLED: Readonly<Record<string, () => Promise<TextModule>>> = {
  plugin_host: () => import('../controller-python/plugin_host.py') as Promise<TextModule>,
  _shim_ansible: () => import('../controller-python/_shim_ansible.py') as Promise<TextModule>,
  _shim_errors: () => import('../controller-python/_shim_errors.py') as Promise<TextModule>,
  _shim_display: () => import('../controller-python/_shim_display.py') as Promise<TextModule>,
  _shim_lookup: () => import('../controller-python/_shim_lookup.py') as Promise<TextModule>,
  _shim_unsafe: () => import('../controller-python/_shim_unsafe.py') as Promise<TextModule>,
  _shim_convert_bool: () => import('../controller-python/_shim_convert_bool.py') as Promise<TextModule>,
  _shim_jinja_context: () => import('../controller-python/_shim_jinja_context.py') as Promise<TextModule>,
  _shim_jinja2: () => import('../controller-python/_shim_jinja2.py') as Promise<TextModule>,
  _shim_listify: () => import('../controller-python/_shim_listify.py') as Promise<TextModule>,
  _ansible_text: () => import('../agent/modules/_ansible_text.py') as Promise<TextModule>,
  _ansible_six: () => import('../agent/modules/_ansible_six.py') as Promise<TextModule>,
};

const ON_DISK: Readonly<Record<string, string>> = {
  _ansible_text: 'agent/modules/_ansible_text.py',
  _ansible_six: 'agent/modules/_ansible_six.py',
};

interface DiskSources {
  readSource(relative: string): Promise<string>;
}

async function loadOne(name: string, bundled: () => Promise<TextModule>): Promise<string> {
  try {
    return (await bundled()).default;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const specifier = ['.', 'helper-sources-from-disk.js'].join('/');
    const disk = (await import(specifier)) as DiskSources;
    return disk.readSource(ON_DISK[name] ?? `controller-python/${name}.py`);
  }
}

let loaded: Promise<Readonly<Record<string, string>>> | undefined;

export function loadHelperSources(): Promise<Readonly<Record<string, string>>> {
  loaded ??= (async () => {
    const entries = await Promise.all(Object.entries(BUNDLED).map(async ([name, bundled]) => [name, await loadOne(name, bundled)] as const));
    return Object.fromEntries(entries);
  })();
  return loaded;
}
