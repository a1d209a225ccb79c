/**
 * Where a run finds the modules people ship with their playbooks (`library/` beside a playbook,
 * a role's `library/`, ANSIBLE_LIBRARY / [defaults] library / -M), searched as ansible-core's
 * module loader searches them for a short or `ansible.legacy.` name.
 *
 * NOTE: one registry per process, as ansible's module_loader is: loading a playbook or a role
 * adds its `library/` for every later task, whichever play or role it belongs to.
 */
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { isDirectory, isFile } from './fs-kinds.js';
import { localCollections, splitQualifiedName } from './local-collections.js';

/** ansible's MODULE_IGNORE_EXTS (REJECT_EXTS plus YAML and INI): files that are never modules. */
const IGNORED_ENDINGS = ['.pyc', '.pyo', '.swp', '.bak', '~', '.rpm', '.md', '.txt', '.rst', '.yaml', '.yml', '.ini'];

export class LibraryModules {
  /** Directories added as playbooks and roles load (ansible's `_extra_dirs`), in that order. */
  private readonly added: string[] = [];
  private configured: string[] = [];
  private readonly listings = new Map<string, Map<string, string>>();

  /** A -M directory, a playbook's or role's `library/` (ignored when it does not exist). */
  addDirectory(directory: string): void {
    const dir = resolve(directory);
    if (!this.added.includes(dir) && isDirectory(dir)) this.added.push(dir);
  }

  /**
   * The configured module path (ANSIBLE_LIBRARY / [defaults] library, or the default), searched
   * after the added directories: each directory with its subdirectories one and two levels deep,
   * as ansible does (-M directories are added, without their subdirectories).
   */
  configure(paths: readonly string[]): void {
    const out: string[] = [];
    for (const written of paths) {
      if (written === '') continue;
      const dir = resolve(written.startsWith('~') ? join(homedir(), written.slice(1)) : written);
      for (const sub of [...subdirectories(dir), ...subdirectories(dir).flatMap(subdirectories)].sort()) if (!out.includes(sub)) out.push(sub);
      if (!out.includes(dir)) out.push(dir);
    }
    this.configured = out;
  }

  /**
   * What loads the roles a play lists (the CLI sets it): ansible loads a play's roles, adding their
   * library/, before it reads the play's pre_tasks and tasks, whose modules may come from there.
   */
  onRolesListed(load: (names: readonly string[], playFile: string) => void): void {
    this.loadListedRoles = load;
  }

  rolesListed(names: readonly string[], playFile: string): void {
    this.loadListedRoles?.(names, playFile);
  }

  private loadListedRoles: ((names: readonly string[], playFile: string) => void) | undefined;

  private readonly utilsDirectories: string[] = [];
  private utilsConfigured: string[] = [];

  /** A playbook's or role's `module_utils/`, or (`configured`) ANSIBLE_MODULE_UTILS' directories. */
  addModuleUtilsDirectory(directory: string): void {
    const dir = resolve(directory);
    if (!this.utilsDirectories.includes(dir) && isDirectory(dir)) this.utilsDirectories.push(dir);
  }

  configureModuleUtils(paths: readonly string[]): void {
    this.utilsConfigured = paths.filter((p) => p !== '').map((p) => resolve(p.startsWith('~') ? join(homedir(), p.slice(1)) : p));
  }

  /**
   * The file standing for `ansible.module_utils.<dotted>` in the module_utils directories
   * (`a/b.py`, or a package's `a/b/__init__.py`; `package` with no file for a directory without
   * one), or undefined.
   */
  findModuleUtil(dotted: string): { path?: string; package: boolean } | undefined {
    const relative = dotted.split('.');
    for (const dir of [...this.utilsDirectories, ...this.utilsConfigured]) {
      const base = join(dir, ...relative);
      if (isFile(`${base}.py`)) return { path: `${base}.py`, package: false };
      if (isFile(join(base, '__init__.py'))) return { path: join(base, '__init__.py'), package: true };
      if (isDirectory(base)) return { package: true };
    }
    return undefined;
  }

  /**
   * The file a task's action names (`hello`, `hello.py`, `ansible.legacy.hello`, or a local
   * collection's `ns.coll.hello`), or undefined.
   */
  find(action: string): string | undefined {
    const qualified = splitQualifiedName(action);
    if (qualified !== undefined && qualified.collection !== 'ansible.legacy') {
      return localCollections.findPluginFile(qualified.collection, 'modules', qualified.resource);
    }
    const name = action.startsWith('ansible.legacy.') ? action.slice('ansible.legacy.'.length) : action;
    if (name === '' || name.includes('/')) return undefined;
    for (const dir of [...this.added, ...this.configured]) {
      const found = this.listing(dir).get(name);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private listing(dir: string): Map<string, string> {
    let names = this.listings.get(dir);
    if (names !== undefined) return names;
    names = new Map();
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      entries = [];
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      if (entry.endsWith('__init__.py') || IGNORED_ENDINGS.some((end) => entry.endsWith(end)) || !isFile(path)) continue;
      const base = basename(entry, extname(entry));
      // NOTE: ansible keeps the first file listed for a base name (`hello.py` or `hello`).
      if (!names.has(base)) names.set(base, path);
      if (!names.has(entry)) names.set(entry, path);
    }
    this.listings.set(dir, names);
    return names;
  }
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir)
      .map((entry) => join(dir, entry))
      .filter(isDirectory);
  } catch {
    return [];
  }
}

/** The run's registry (see the NOTE above). */
export const libraryModules = new LibraryModules();
