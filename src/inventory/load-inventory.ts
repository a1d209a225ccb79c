/**
 * Inventory sources → Inventory, as ansible's InventoryManager.parse_sources does it: each
 * source tried with the enabled plugins in order (host_list, auto, yaml, ini), directories read
 * entry by entry, failures shown only when no plugin could parse a source.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { canAccess } from '../core/fs-kinds.js';
import { dirname, extname, isAbsolute, join, normalize, resolve } from 'node:path';
import { homedir } from 'node:os';
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { InventoryError, VolantError, YamlError } from '../core/errors.js';
import { HostRangeError } from './expand-host-range.js';
import { expandHostPattern, parseIniInventory } from './ini-inventory.js';
import { Inventory } from './inventory.js';
import { InventorySourceError, pluginFailure } from './inventory-source-error.js';
import { loadYamlNode } from './load-yaml-data.js';
import { parseAddress } from './parse-address.js';
import { parseYamlInventory } from './yaml-inventory.js';
import { parseTomlInventory } from './toml-inventory.js';
import { parseScriptInventory } from './script-inventory.js';
import type { YamlWarning } from '../yaml/load-yaml.js';
import type { WarningDetail } from './warning-detail.js';
import type { YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import type { InventoryTemplar } from './inventory-templar.js';
import type { SourceLocation } from '../core/source-location.js';
import { parseConstructedInventory } from './constructed-inventory.js';
import { parseGeneratorInventory } from './generator-inventory.js';
import { VarsFiles } from './vars-files.js';
import { inventoryPluginLoadWarning } from './routed-inventory-plugins.js';

export interface LoadInventoryOptions {
  /** `-i` values as given: paths (files or directories) or `host1,host2,` lists. */
  sources: readonly string[];
  /** The playbook's directory: its host_vars/ and group_vars/ are read by the vars stage. */
  playbookDir?: string;
  cwd: string;
  /** The controller's Python for the implicit localhost (ansible uses its own sys.executable). */
  localPython?: string;
  /** `[inventory] enable_plugins`: the plugins tried, in this order (short or ansible.builtin. names). */
  enabledPlugins?: readonly string[];
  /** `[inventory] unparsed_is_failed`: no source parsed fails the run. */
  unparsedIsFailed?: boolean;
  /** `[inventory] any_unparsed_is_failed`: any source not parsed fails the run. */
  anyUnparsedIsFailed?: boolean;
  /** `[inventory] inventory_unparsed_warning` (on by default): warn when no source parsed. */
  unparsedWarning?: boolean;
  /** `inventory_ignore_extensions`: endings of directory entries not read (replaces the default list). */
  ignoreExtensions?: readonly string[];
  /** `inventory_ignore_patterns`: regular expressions of directory entries not read. */
  ignorePatterns?: readonly string[];
  /** The template engine, for the constructed and generator plugins (without it they are unknown). */
  templar?: InventoryTemplar;
  /** Reads host_vars/ and group_vars/ (constructed's use_vars_plugins); one per run. */
  varsFiles?: VarsFiles;
  /** Decrypts a source's text when it is vault-encrypted (throws when it cannot). */
  openFile?(text: string, path: string): string;
  /**
   * Why the `-e` values cannot be loaded, if they cannot. 2.19's inventory plugins load the extra
   * vars as they start parsing, so each source then fails with that error.
   */
  extraVarsError?(): { message: string; location?: SourceLocation } | undefined;
  /** The extra vars, for constructed's use_extra_vars (undefined when they cannot be loaded). */
  extraVars?(): DataDict | undefined;
  /** hash_behaviour=merge: how a variable set again combines with its value so far. */
  combineValues?(lower: Data, higher: Data): Data;
  /** TRANSFORM_INVALID_GROUP_CHARS (`force_valid_group_names`); `never` when absent. */
  invalidGroupChars?: Inventory['invalidGroupChars'];
}

/** ansible's default inventory: no warning when it is absent. */
export const DEFAULT_INVENTORY = '/etc/ansible/hosts';

const REJECT_EXTS = ['.pyc', '.pyo', '.swp', '.bak', '~', '.rpm', '.md', '.txt', '.rst', '.orig', '.cfg', '.retry'];

/** Directory entries skipped: hidden ones, vars dirs, then `ignore_patterns` and `ignore_extensions`. */
function ignoredEntries(options: LoadInventoryOptions): RegExp {
  const exts = (options.ignoreExtensions ?? REJECT_EXTS).map((e) => `${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return new RegExp(['^\\.', '^host_vars$', '^group_vars$', '^vars_plugins$', ...(options.ignorePatterns ?? []), ...exts].join('|'));
}

export function loadInventory(options: LoadInventoryOptions): Inventory {
  const inventory = new Inventory();
  if (options.localPython) inventory.localPython = options.localPython;
  inventory.combineValues = options.combineValues;
  if (options.invalidGroupChars) inventory.invalidGroupChars = options.invalidGroupChars;
  inventory.playbookDir = options.playbookDir;
  inventory.reparse = (target) => parseSources(target, options);
  parseSources(inventory, options);
  return inventory;
}

function parseSources(inventory: Inventory, options: LoadInventoryOptions): void {
  let parsedAny = false;
  for (const given of options.sources) {
    if (!given) continue;
    const source = given.includes(',') ? given : unfrackPath(given, options.cwd);
    inventory.sources.push(source);
    if (parseSource(inventory, source, options)) parsedAny = true;
  }
  if (parsedAny) inventory.reconcile();
  else if (options.unparsedIsFailed) throw withWarnings(new InventoryError('inventory-unparsed', 'No inventory was parsed, please check your configuration and options.'), inventory);
  else if (options.unparsedWarning !== false) inventory.warn('No inventory was parsed, only implicit localhost is available');
}

/** The directories whose host_vars/ and group_vars/ belong to the inventory's sources. */
export function inventoryVarsDirs(inventory: Inventory): string[] {
  const cached = varsDirsCache.get(inventory);
  if (cached && cached.count === inventory.sources.length) return cached.dirs;
  const dirs: string[] = [];
  for (const source of inventory.sources) {
    if (source.includes(',') && !existsSync(source)) continue;
    dirs.push(isDirectory(source) ? source : dirname(source));
  }
  varsDirsCache.set(inventory, { count: inventory.sources.length, dirs });
  return dirs;
}

const varsDirsCache = new WeakMap<Inventory, { count: number; dirs: string[] }>();

/** An error that ends the loading, with the warnings given before it (shown first, as ansible's were). */
export class InventoryLoadError extends InventoryError {
  warningDetails: readonly WarningDetail[] = [];
}

function withWarnings(error: InventoryError, inventory: Inventory): InventoryLoadError {
  const failure = new InventoryLoadError(error.code, error.message);
  failure.warningDetails = [...inventory.warningDetails];
  return failure;
}

/**
 * The plugins `enable_plugins` names, in its order (names Volant has no plugin for are skipped).
 * One named ansible.builtin.X is called by its Python module path in its messages, as 2.19 loads it;
 * one named ansible.legacy.X by X.
 */
function enabledPlugins(names: readonly string[] | undefined): readonly InventoryPlugin[] {
  if (!names) return DEFAULT_PLUGINS;
  const byName = new Map(PLUGINS.map((p) => [p.name, p]));
  const out: InventoryPlugin[] = [];
  for (const given of names) {
    const short = given.trim().replace(/^ansible\.(builtin|legacy)\./, '');
    const plugin = byName.get(short);
    if (!plugin) continue;
    // NOTE: 2.19 names a plugin by how it loaded it: ansible.legacy.X loads as X, ansible.builtin.X by its module path.
    const name = given.trim().startsWith('ansible.builtin.') ? `ansible_collections.ansible.builtin.plugins.inventory.${short}` : short;
    out.push(short === given.trim() ? plugin : { ...plugin, name, loadedAs: given.trim() });
  }
  return out;
}

function parseSource(inventory: Inventory, source: string, options: LoadInventoryOptions): boolean {
  let parsed = false;
  const failures: { plugin: string; error: InventorySourceError }[] = [];
  if (isDirectory(source)) {
    for (const entry of readdirSync(source).sort()) {
      if (ignoredEntries(options).test(entry)) continue;
      if (parseSource(inventory, join(source, entry), options)) parsed = true;
    }
  } else {
    inventory.currentSource = source;
    inventory.verbose('setting up inventory plugins', 4);
    // NOTE: 2.19 loads its first collection (ansible.builtin, which names no path) as it looks the plugins up.
    if (!inventory.builtinCollectionShown) inventory.verbose('Loading collection ansible.builtin from ', 4);
    inventory.builtinCollectionShown = true;
    for (const plugin of enabledPlugins(options.enabledPlugins)) {
      if (!plugin.wants(source)) {
        // NOTE: 2.19's verify_file of a file-reading plugin says why before its plugin declines.
        if (plugin.checksAccess?.(source) && !accessible(source)) inventory.verbose(NOT_ACCESSIBLE, 3);
        inventory.verbose(`${plugin.name} declined parsing ${source} as it did not pass its verify_file() method`, 3);
        continue;
      }
      try {
        // `auto` loads them only in the plugin it hands the file to.
        if (!isAuto(plugin.name)) checkExtraVars(plugin.name, source, options);
        plugin.parse(inventory, source, options);
        parsed = true;
        inventory.verbose(`Parsed ${source} inventory source with ${plugin.name} plugin`, 3);
        break;
      } catch (error) {
        if (error instanceof InventorySourceError) failures.push({ plugin: plugin.name, error });
        else if (error instanceof InventoryError) failures.push({ plugin: plugin.name, error: pluginFailure(error.message, plugin.name, source, undefined, error instanceof HostRangeError && error.whileHandling) });
        else throw error;
      }
    }
    inventory.currentSource = undefined;
  }
  if (parsed) inventory.processedSources.push(source);
  else if (source !== DEFAULT_INVENTORY || existsSync(source)) {
    for (const f of failures) {
      const detail = f.error.detailFor(f.plugin);
      if (detail) inventory.warnDetail(detail);
      else inventory.warn(f.error.warningFor(f.plugin));
    }
    if (options.anyUnparsedIsFailed) throw withWarnings(new InventoryError('inventory-source-unparsed', `Completely failed to parse inventory source ${source}`), inventory);
    inventory.warn(`Unable to parse ${source} as an inventory source`);
  }
  return parsed;
}

const NOT_ACCESSIBLE = 'Skipping due to inventory source not existing or not being readable by the current user';

interface InventoryPlugin {
  readonly name: string;
  /** The name enable_plugins loaded it by (a config plugin accepts only that spelling in its file). */
  readonly loadedAs?: string;
  wants(source: string): boolean;
  /** Whether its verify_file asks the base class whether the source is a readable path (2.19's BaseFileInventoryPlugin). */
  checksAccess?(source: string): boolean;
  parse(inventory: Inventory, source: string, options: LoadInventoryOptions): void;
}

const PLUGINS: readonly InventoryPlugin[] = [
  {
    name: 'host_list',
    wants: (source) => !existsSync(source) && source.includes(','),
    parse(inventory, source) {
      for (const part of source.split(',')) {
        const h = part.trim();
        if (!h) continue;
        let host = h;
        let port: number | undefined;
        try {
          ({ host, port } = parseAddress(h, false));
        } catch (error) {
          inventory.verbose(`Unable to parse address from hostname, leaving unchanged: ${error instanceof Error ? error.message : String(error)}`, 3);
          host = h;
          port = undefined;
        }
        if (!inventory.hosts.has(host)) inventory.addHostNamed(host, 'ungrouped', port);
      }
    },
  },
  {
    // Not enabled by default: `h[1:3],web:2222` lists with ranges.
    name: 'advanced_host_list',
    wants: (source) => !existsSync(source) && source.includes(','),
    parse(inventory, source) {
      for (const part of source.split(',')) {
        const h = part.trim();
        if (!h) continue;
        let hosts = [h];
        let port: number | undefined;
        try {
          // 2.19's _expand_hostpattern, without the INI file's own checks
          ({ hosts, port } = expandHostPattern(h, false));
        } catch (error) {
          inventory.verbose(`Unable to parse address from hostname, leaving unchanged: ${error instanceof Error ? error.message : String(error)}`, 3);
          hosts = [h];
          port = undefined;
        }
        for (const host of hosts) if (!inventory.hosts.has(host)) inventory.addHostNamed(host, 'ungrouped', port);
      }
    },
  },
  {
    name: 'script',
    wants: (source) => readable(source) && statSync(source).isFile() && executable(source),
    checksAccess: () => true,
    parse: parseScriptInventory,
  },
  {
    name: 'auto',
    wants: (source) => (source.endsWith('.yml') || source.endsWith('.yaml')) && readable(source),
    checksAccess: (source) => source.endsWith('.yml') || source.endsWith('.yaml'),
    parse(this: InventoryPlugin, inventory, source, options) {
      const node = readYaml(inventory, source, this.name, options);
      const data = node ? toData(node) : null;
      const plugin = isDict(data) ? data.get('plugin') : undefined;
      if (plugin === undefined || plugin === null || plugin === '' || plugin === false) {
        throw pluginFailure(`no root 'plugin' key found, '${source}' is not a valid YAML inventory plugin config file`, this.name, source);
      }
      const name = String(plugin).replace(/^ansible\.builtin\./, '');
      const construct = CONFIG_PLUGINS[name];
      if (isDict(data) && options.templar && construct) {
        // NOTE: 2.19 names the plugin as the file wrote it, a builtin FQCN by its Python module.
        const shown = String(plugin).startsWith('ansible.builtin.') ? `ansible_collections.ansible.builtin.plugins.inventory.${name}` : String(plugin);
        inventory.verbose(`Using inventory plugin '${shown}' to process inventory source '${source}'`, 1);
        checkExtraVars(this.name, source, options);
        return construct(inventory, data, source, options.templar, this.name, options);
      }
      // Other inventory plugins (aws_ec2, community ones …) are not part of Volant.
      const loadWarning = inventoryPluginLoadWarning(String(plugin));
      if (loadWarning !== undefined) inventory.warn(loadWarning);
      throw pluginFailure(`inventory config '${source}' specifies unknown plugin '${String(plugin)}'`, this.name, source);
    },
  },
  configPlugin('constructed'),
  configPlugin('generator'),
  {
    name: 'yaml',
    wants: (source) => readable(source) && (!extname(source) || ['.yaml', '.yml', '.json'].includes(extname(source))),
    checksAccess: () => true,
    parse(this: InventoryPlugin, inventory, source, options) {
      parseYamlInventory(inventory, readYaml(inventory, source, this.name, options), source, this.name);
    },
  },
  {
    name: 'ini',
    wants: (source) => readable(source) && extname(source) !== '.toml',
    checksAccess: () => true,
    parse(inventory, source, options) {
      parseIniInventory(inventory, sourceText(source, 'ini', options), source);
    },
  },
  {
    name: 'toml',
    wants: (source) => readable(source) && extname(source) === '.toml',
    checksAccess: () => true,
    parse(inventory, source, options) {
      parseTomlInventory(inventory, sourceText(source, 'toml', options), source);
    },
  },
];

type ConfigPluginParse = (inventory: Inventory, config: DataDict, source: string, templar: InventoryTemplar, plugin: string, options: LoadInventoryOptions) => void;

/** Plugins whose source is a YAML config naming them; `auto` hands such a file to its plugin. */
const CONFIG_PLUGINS: Record<string, ConfigPluginParse> = {
  constructed(inventory, config, source, templar, plugin, options) {
    const varsDirs = inventory.processedSources.map((s) => (isDirectory(s) ? s : dirname(s)));
    const extraVars = options.extraVars?.();
    parseConstructedInventory(inventory, config, source, { templar, plugin, varsDirs, varsFiles: options.varsFiles ?? new VarsFiles(), ...(extraVars ? { extraVars } : {}) });
  },
  generator: (inventory, config, _source, templar) => parseGeneratorInventory(inventory, config, templar),
};

/** A config plugin enabled by name in enable_plugins: it reads only a config naming it (2.19's _read_config_data). */
function configPlugin(name: string): InventoryPlugin {
  return {
    name,
    wants: (source) => readable(source) && statSync(source).isFile() && ['', '.config', '.yml', '.yaml', '.json'].includes(extname(source)),
    checksAccess: () => true,
    parse(this: InventoryPlugin, inventory, source, options) {
      const shown = this.name;
      const node = readYaml(inventory, source, shown, options);
      const data = node ? toData(node) : null;
      if (!truthy(data)) throw pluginFailure(`${source} is empty`, shown, source);
      // NOTE: 2.19 calls .get on whatever the file holds: a string fails as an attribute error.
      if (typeof data === 'string') throw pluginFailure("'_AnsibleTaggedStr' object has no attribute 'get'", shown, source);
      const plugin = isDict(data) ? (data.get('plugin') ?? 'none found') : 'none found';
      if (!isDict(data) || plugin !== (this.loadedAs ?? name)) throw pluginFailure(`Incorrect plugin name in file: ${pyStr(plugin)}`, shown, source);
      if (!options.templar) throw pluginFailure(`inventory config '${source}' specifies unknown plugin '${name}'`, shown, source);
      (CONFIG_PLUGINS[name] as ConfigPluginParse)(inventory, data, source, options.templar, shown, options);
    },
  };
}

/** ansible's default enable_plugins. */
const DEFAULT_PLUGINS = PLUGINS.filter((p) => ['host_list', 'script', 'auto', 'yaml', 'ini', 'toml'].includes(p.name));

function checkExtraVars(plugin: string, source: string, options: LoadInventoryOptions): void {
  const failure = options.extraVarsError?.();
  if (failure !== undefined) throw pluginFailure(failure.message, plugin, source, failure.location);
}

/** A source file's text, decrypted when it is vault-encrypted (as 2.19's loader reads it). */
function sourceText(source: string, plugin: string, options: LoadInventoryOptions): string {
  const text = readFileSync(source, 'utf8');
  if (!options.openFile) return text;
  try {
    return options.openFile(text, source);
  } catch (error) {
    if (!(error instanceof VolantError && error.code.startsWith('VAULT'))) throw error;
    // NOTE: 2.19's auto plugin shows the vault error at the file; ini wraps it in its own failure.
    if (plugin === 'ini' || plugin.endsWith('.ini')) {
      const summary = `Failed to parse inventory: ${error.message}`;
      throw new InventorySourceError(summary, [`Failed to parse inventory.\nOrigin: <inventory plugin 'ini' with source '${source}'>`, `${error.message}\nOrigin: ${source}`]);
    }
    throw pluginFailure(error.message, plugin, source, isAuto(plugin) ? error.location : undefined);
  }
}

/** The auto plugin, by either of the names 2.19 gives it (short, or its module path when enabled as ansible.builtin.auto). */
function isAuto(name: string): boolean {
  return name === 'auto' || name.endsWith('.auto');
}

function readYaml(inventory: Inventory, source: string, plugin: string, options: LoadInventoryOptions): YamlNode | undefined {
  try {
    const warnings: YamlWarning[] = [];
    const node = loadYamlNode(sourceText(source, plugin, options), source, warnings);
    // NOTE: a warning shows the key's origin: `<unknown>` and the key for a bool; a None key has
    // none, and its hint goes on the message's line.
    for (const w of warnings) {
      if (w.origin) inventory.warn(w.message, { location: w.origin, ...(w.help ? { hint: w.help } : {}) });
      else inventory.warn(w.help ? `${w.message} ${w.help}` : w.message);
    }
    return node;
  } catch (error) {
    // NOTE: 2.19's auto plugin lets the YAML error keep its place; the yaml plugin names itself instead.
    if (error instanceof YamlError) throw pluginFailure(error.message, plugin, source, isAuto(plugin) ? error.location : undefined);
    throw error;
  }
}

/** The base verify_file's test: the path exists and may be read. */
function accessible(path: string): boolean {
  return existsSync(path) && canAccess(path, constants.R_OK);
}

function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile() || statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function executable(path: string): boolean {
  return canAccess(path, constants.X_OK);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** ansible's unfrackpath(follow=False): ~ expanded, made absolute against cwd, normalized. */
export function unfrackPath(path: string, cwd: string): string {
  let p = path;
  if (p === '~' || p.startsWith('~/')) p = homedir() + p.slice(1);
  const abs = isAbsolute(p) ? normalize(p) : resolve(cwd, p);
  return abs.length > 1 && abs.endsWith('/') ? abs.slice(0, -1) : abs;
}
