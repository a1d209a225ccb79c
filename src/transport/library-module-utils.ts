/**
 * The module_utils a library module imports from the playbook's or a role's `module_utils/`
 * (`from ansible.module_utils.mything import x`), with those they import in turn: they travel
 * inside the module's wrapper, as ansible-core packs them into the module's AnsiballZ file.
 */
import { readFileSync } from 'node:fs';
import { libraryModules } from '../core/library-modules.js';
import { localCollections } from '../core/local-collections.js';

const LEGACY_ROOT = 'ansible.module_utils';

/** ansible.module_utils names Volant's own shims stand for (runtime.ANSIBLE_SHIMS): never looked up. */
const SHIM_ROOTS = new Set(['basic', 'common', 'six', '_text', 'parsing', 'urls']);

export interface ModuleUtil {
  readonly source: string;
  readonly package: boolean;
}

function importedNames(list: string): string[] {
  return list
    .replace(/[()\\]/g, ' ')
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0] ?? '')
    .filter((name) => /^\w+$/.test(name));
}

/** One import of ansible.module_utils: the module it names and the names it takes from it. */
interface UtilsImport {
  readonly module: string;
  readonly names: readonly string[];
}

/**
 * The ansible.module_utils imports of a source (`from ansible.module_utils.a import b` names
 * module `a` and `b`, which may be a submodule `a.b`). `ownPackage`: the dotted package of a
 * module_utils file, for its relative imports.
 */
export function moduleUtilsImports(source: string, ownPackage?: string, root = LEGACY_ROOT): UtilsImport[] {
  const found: UtilsImport[] = [];
  for (const m of source.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+([^#\n]+)/gm)) {
    const [, dots = '', module = '', list = ''] = m;
    let base: string | undefined;
    if (dots === '' && module === root) base = '';
    else if (dots === '' && module.startsWith(`${root}.`)) base = module.slice(root.length + 1);
    else if (dots !== '' && ownPackage !== undefined) {
      const own = ownPackage === '' ? [] : ownPackage.split('.');
      const parts = own.slice(0, Math.max(0, own.length - (dots.length - 1)));
      base = [...parts, ...(module === '' ? [] : [module])].join('.');
    }
    if (base === undefined) continue;
    const names = importedNames(list);
    if (base === '') for (const name of names) found.push({ module: name, names: [] });
    else found.push({ module: base, names });
  }
  for (const m of source.matchAll(/^[ \t]*import[ \t]+([\w.]+)/gm)) {
    const module = m[1] as string;
    if (module.startsWith(`${root}.`)) found.push({ module: module.slice(root.length + 1), names: [] });
  }
  return found;
}

export interface ModuleUtilsFound {
  /** By full dotted name, packages before their modules. */
  readonly utils: Map<string, ModuleUtil>;
  /** The first import found nowhere: the names ansible looked for, as its error lists them. */
  readonly missing?: readonly string[];
}

/** The module_utils roots of the local collections a source imports from (`ansible_collections.<ns>.<coll>.plugins.module_utils`). */
function collectionRoots(source: string): string[] {
  const roots = [...source.matchAll(/\bansible_collections\.(\w+)\.(\w+)\.plugins\.module_utils\b/g)].map((m) => m[0]);
  return [...new Set(roots)];
}

/** A module's relative imports written absolute, from the package it runs in (a collection's). */
function absoluteImports(source: string, ownPackage: string): string {
  return source.replace(/^([ \t]*from[ \t]+)(\.+)([\w.]*)([ \t]+import)/gm, (_all, from: string, dots: string, module: string, rest: string) => {
    const parts = ownPackage.split('.');
    return `${from}${[...parts.slice(0, parts.length - (dots.length - 1)), ...(module === '' ? [] : [module])].join('.')}${rest}`;
  });
}

/** Where a root's module_utils are: the playbook's and roles' directories, or one collection's. */
function findUtil(root: string, dotted: string): { path?: string; package: boolean } | undefined {
  if (root === LEGACY_ROOT) return libraryModules.findModuleUtil(dotted);
  const [, namespace = '', name = ''] = root.split('.');
  return localCollections.findModuleUtil(`${namespace}.${name}`, dotted);
}

/**
 * Every module_utils file (and package) the library module's text needs, by full dotted name
 * (`ansible.module_utils.x`, `ansible_collections.ns.coll.plugins.module_utils.x`, with the
 * packages above a collection's as empty ones).
 */
export function collectModuleUtils(text: string, modulePackage?: string): ModuleUtilsFound {
  const utils = new Map<string, ModuleUtil>();
  let missing: string[] | undefined;
  const load = (root: string, name: string): boolean => {
    const full = `${root}.${name}`;
    if (utils.has(full)) return true;
    const util = findUtil(root, name);
    if (util === undefined) return false;
    const source = util.path === undefined ? '' : readFileSync(util.path, 'utf8');
    utils.set(full, { source, package: util.package });
    visit(source, root, util.package ? name : name.split('.').slice(0, -1).join('.'));
    return true;
  };
  const addPackages = (root: string): void => {
    const parts = root.split('.');
    for (let depth = 1; depth <= parts.length; depth++) {
      const name = parts.slice(0, depth).join('.');
      if (!utils.has(name)) utils.set(name, { source: '', package: true });
    }
  };
  const visit = (source: string, ownRoot = LEGACY_ROOT, ownPackage?: string): void => {
    for (const root of new Set([LEGACY_ROOT, ownRoot, ...collectionRoots(source)])) {
      for (const { module, names } of moduleUtilsImports(source, root === ownRoot ? ownPackage : undefined, root)) {
        const parts = module.split('.');
        if (root === LEGACY_ROOT && SHIM_ROOTS.has(parts[0] as string)) continue;
        if (root !== LEGACY_ROOT) addPackages(root);
        let depth = 1;
        while (depth <= parts.length && load(root, parts.slice(0, depth).join('.'))) depth++;
        if (depth <= parts.length) {
          missing ??= [...names.slice(0, 1).map((name) => `${root}.${module}.${name}`), `${root}.${module}`];
          continue;
        }
        // a name taken from a package may be its submodule
        for (const name of names) if (utils.get(`${root}.${module}`)?.package === true) load(root, `${module}.${name}`);
      }
    }
  };
  visit(modulePackage === undefined ? text : absoluteImports(text, modulePackage));
  return missing === undefined ? { utils } : { utils, missing };
}
