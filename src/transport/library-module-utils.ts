/**
 * The module_utils a library module imports from the playbook's or a role's `module_utils/`
 * (`from ansible.module_utils.mything import x`), with those they import in turn: they travel
 * inside the module's wrapper, as ansible-core packs them into the module's AnsiballZ file.
 */
import { readFileSync } from 'node:fs';
import { libraryModules } from '../core/library-modules.js';

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
export function moduleUtilsImports(source: string, ownPackage?: string): UtilsImport[] {
  const found: UtilsImport[] = [];
  for (const m of source.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+([^#\n]+)/gm)) {
    const [, dots = '', module = '', list = ''] = m;
    let base: string | undefined;
    if (dots === '' && module === 'ansible.module_utils') base = '';
    else if (dots === '' && module.startsWith('ansible.module_utils.')) base = module.slice('ansible.module_utils.'.length);
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
  for (const m of source.matchAll(/^[ \t]*import[ \t]+ansible\.module_utils\.([\w.]+)/gm)) found.push({ module: m[1] as string, names: [] });
  return found;
}

export interface ModuleUtilsFound {
  /** By dotted name under ansible.module_utils, packages before their modules. */
  readonly utils: Map<string, ModuleUtil>;
  /** The first import found nowhere: the names ansible looked for, as its error lists them. */
  readonly missing?: readonly string[];
}

/** Every module_utils file (and package) the library module's text needs. */
export function collectModuleUtils(text: string): ModuleUtilsFound {
  const utils = new Map<string, ModuleUtil>();
  let missing: string[] | undefined;
  const load = (name: string): boolean => {
    if (utils.has(name)) return true;
    const util = libraryModules.findModuleUtil(name);
    if (util === undefined) return false;
    const source = util.path === undefined ? '' : readFileSync(util.path, 'utf8');
    utils.set(name, { source, package: util.package });
    visit(source, util.package ? name : name.split('.').slice(0, -1).join('.'));
    return true;
  };
  const visit = (source: string, ownPackage?: string): void => {
    for (const { module, names } of moduleUtilsImports(source, ownPackage)) {
      const parts = module.split('.');
      if (SHIM_ROOTS.has(parts[0] as string)) continue;
      let depth = 1;
      while (depth <= parts.length && load(parts.slice(0, depth).join('.'))) depth++;
      if (depth <= parts.length) {
        missing ??= [...names.slice(0, 1).map((name) => `ansible.module_utils.${module}.${name}`), `ansible.module_utils.${module}`];
        continue;
      }
      // a name taken from a package may be its submodule
      for (const name of names) if (utils.get(module)?.package === true) load(`${module}.${name}`);
    }
  };
  visit(text);
  return missing === undefined ? { utils } : { utils, missing };
}
