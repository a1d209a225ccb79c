/**
 * Where a run finds the Python filter, test and lookup plugins people ship with their playbooks:
 * `filter_plugins/`, `test_plugins/`, `lookup_plugins/` beside a playbook and in a role, then
 * ANSIBLE_FILTER_PLUGINS / [defaults] filter_plugins (and the test and lookup ones), in the order
 * ansible-core's plugin loader searches them.
 *
 * NOTE: one registry per process, as ansible's plugin loaders are: a playbook's or role's
 * directories serve every later template of the run, whichever play or role it belongs to.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isDirectory, isFile } from './fs-kinds.js';

export type PythonPluginKind = 'filter' | 'test' | 'lookup';

export const PLUGIN_KINDS: readonly PythonPluginKind[] = ['filter', 'test', 'lookup'];

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir)
      .sort()
      .map((entry) => join(dir, entry))
      .filter(isDirectory);
  } catch {
    return [];
  }
}

export class PluginDirectories {
  private readonly added = new Map<PythonPluginKind, string[]>(PLUGIN_KINDS.map((k) => [k, []]));
  private readonly configured = new Map<PythonPluginKind, string[]>(PLUGIN_KINDS.map((k) => [k, []]));
  /** Grows whenever a directory list changes: what was resolved against the old lists is stale. */
  version = 0;
  private readonly hasFilesCache = new Map<PythonPluginKind, { version: number; value: boolean }>();

  /** A playbook's or role's own directory: its `filter_plugins/`, `test_plugins/`, `lookup_plugins/` (those that exist). */
  addBaseDirectory(base: string): void {
    for (const kind of PLUGIN_KINDS) {
      const dir = resolve(base, `${kind}_plugins`);
      const list = this.added.get(kind) as string[];
      if (!list.includes(dir) && isDirectory(dir)) {
        list.push(dir);
        this.version++;
      }
    }
  }

  /**
   * The configured path of a kind (ANSIBLE_FILTER_PLUGINS …, or its default), searched after the
   * added directories: each directory after its subdirectories one and two levels deep, as
   * ansible-core lists them.
   */
  configure(kind: PythonPluginKind, paths: readonly string[]): void {
    const out: string[] = [];
    for (const written of paths) {
      if (written === '') continue;
      const dir = resolve(written.startsWith('~') ? join(homedir(), written.slice(1)) : written);
      const one = subdirectories(dir);
      for (const sub of [...one, ...one.flatMap(subdirectories)]) if (!out.includes(sub)) out.push(sub);
      if (!out.includes(dir) && isDirectory(dir)) out.push(dir);
    }
    this.configured.set(kind, out);
    this.version++;
  }

  /** The directories searched for a kind, in order. */
  directories(kind: PythonPluginKind): string[] {
    return [...(this.added.get(kind) as string[]), ...(this.configured.get(kind) as string[])];
  }

  /** Whether any directory of the kind holds a plugin file (`*.py` but `__init__.py`). */
  hasPluginFiles(kind: PythonPluginKind): boolean {
    const cached = this.hasFilesCache.get(kind);
    if (cached?.version === this.version) return cached.value;
    const value = this.directories(kind).some((dir) => pluginFileNames(dir).length > 0);
    this.hasFilesCache.set(kind, { version: this.version, value });
    return value;
  }

  private lookupFiles = { version: -1, found: new Map<string, string | undefined>() };

  /** The file of the lookup `name` (`<name>.py`, the first directory that has it), or undefined. */
  findLookup(name: string): string | undefined {
    const short = name.startsWith('ansible.legacy.') ? name.slice('ansible.legacy.'.length) : name;
    if (short === '' || short.includes('.') || short.includes('/')) return undefined;
    if (this.lookupFiles.version !== this.version) this.lookupFiles = { version: this.version, found: new Map() };
    const { found } = this.lookupFiles;
    if (!found.has(short)) found.set(short, this.directories('lookup').map((dir) => join(dir, `${short}.py`)).find(isFile));
    return found.get(short);
  }
}

function pluginFileNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.py') && n !== '__init__.py');
  } catch {
    return [];
  }
}

/** The run's registry (see the NOTE above). */
export const pluginDirectories = new PluginDirectories();
