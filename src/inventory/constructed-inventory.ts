/**
 * The `constructed` inventory plugin (ansible.builtin.constructed, reached through `auto`): for
 * every host already in the inventory, `compose` sets variables from expressions, `groups` adds
 * the host to groups whose condition holds, `keyed_groups` to groups named after a value.
 * Expressions see the host's inventory variables (its groups' vars, then its own, then
 * inventory_hostname, inventory_hostname_short and group_names).
 */
import { isDict, pyRepr, pyStr, PyFloat, truthy, type Data, type DataDict } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import { sortGroups } from './group.js';
import type { Host } from './host.js';
import type { Inventory } from './inventory.js';
import { dictSource, type InventoryTemplar } from './inventory-templar.js';
import { InventorySourceError, pluginFailure } from './inventory-source-error.js';
import type { VarsFiles } from './vars-files.js';

export interface ConstructedContext {
  templar: InventoryTemplar;
  /** The plugin that parses the source (`auto`, or `constructed` when enabled by name): failures name it. */
  plugin: string;
  /** Directories of the sources parsed so far (use_vars_plugins reads their host_vars/ group_vars/). */
  varsDirs: readonly string[];
  varsFiles: VarsFiles;
  /** The run's extra vars, which `use_extra_vars` lays over the host's for compose and keyed_groups. */
  extraVars?: DataDict;
}

/**
 * A failure inside the loop over hosts. 2.19 shows one raised while handling another error
 * (`chained`: an expression that failed with strict on) as a cause under "Failed to parse
 * '<source>'.", and folds any other into that line.
 */
class ConstructError extends Error {
  constructor(
    message: string,
    readonly chained = false,
  ) {
    super(message);
  }
}

export function parseConstructedInventory(inventory: Inventory, config: DataDict, source: string, ctx: ConstructedContext): void {
  const strict = looseBoolean(config.get('strict') ?? false);
  const compose = option(config, 'compose', 'dict', source, ctx.plugin);
  const groups = option(config, 'groups', 'dict', source, ctx.plugin);
  const keyed = option(config, 'keyed_groups', 'list', source, ctx.plugin);
  const options = { strict, leadingSeparator: looseBoolean(config.get('leading_separator') ?? true) };
  const varsOf = (host: Host): DataDict => hostVariables(host, looseBoolean(config.get('use_vars_plugins') ?? false) ? ctx : undefined);
  // NOTE: 2.19 adds the extra vars to what compose and keyed_groups see, not to groups' conditions.
  const extra = looseBoolean(config.get('use_extra_vars') ?? false) ? ctx.extraVars : undefined;
  const withExtra = (vars: DataDict): DataDict => (extra && extra.size > 0 ? new Map([...vars, ...extra]) : vars);
  try {
    for (const host of [...inventory.hosts.values()]) {
      if (isDict(compose) && compose.size > 0) composeVars(inventory, ctx.templar, compose, withExtra(varsOf(host)), host.name, strict);
      const vars = varsOf(host);
      if (isDict(groups) && groups.size > 0) composedGroups(inventory, ctx.templar, groups, vars, host.name, strict);
      if (Array.isArray(keyed) && keyed.length > 0) keyedGroups(inventory, ctx.templar, keyed, withExtra(vars), host.name, options);
      // use_vars_plugins: what reading the vars files warns of comes as the inventory loads.
      inventory.warningDetails.push(...ctx.varsFiles.takeDetails());
    }
  } catch (error) {
    if (!(error instanceof ConstructError || error instanceof InventoryError)) throw error;
    const head = `Failed to parse ${pyRepr(source)}`;
    const message = error.message.trimEnd();
    if (!(error instanceof ConstructError && error.chained)) throw pluginFailure(`${head}: ${message}`, ctx.plugin, source);
    throw new InventorySourceError(`${head}: ${message}`, [`${head}.\nOrigin: <inventory plugin '${ctx.plugin}' with source '${source}'>`, message]);
  }
}

/**
 * A dict or list option, checked as 2.19's config manager does (a string is a comma-separated
 * list); absent or null is empty.
 */
function option(config: DataDict, name: string, type: 'dict' | 'list', source: string, plugin: string): Data {
  const value = config.get(name) ?? null;
  if (value === null) return null;
  if (type === 'list' && typeof value === 'string') return value.split(',').map((v) => v.trim());
  if (type === 'dict' ? isDict(value) : Array.isArray(value)) return value;
  const message = `Config '${name}' for 'constructed' inventory plugin from 'Direct' has an invalid value: Invalid value provided for '${type}': ${pyRepr(value)}`;
  throw pluginFailure(message, plugin, source);
}

/** ansible's boolean(strict=False): only the true spellings are true. */
function looseBoolean(value: Data): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return ['y', 'yes', 'on', '1', 'true', 't'].includes(pyStr(value).toLowerCase());
}

/** 2.19's get_all_host_vars: the host's groups' vars (sorted), its own, its magic names. */
function hostVariables(host: Host, plugins: ConstructedContext | undefined): DataDict {
  const out: DataDict = new Map();
  const add = (vars: DataDict): void => {
    for (const [k, v] of vars) out.set(k, v);
  };
  const hostGroups = sortGroups([...host.groups]);
  for (const group of hostGroups) add(group.vars);
  if (plugins) for (const dir of plugins.varsDirs) for (const group of hostGroups) add(plugins.varsFiles.varsFor(dir, 'group', group.name));
  add(host.vars);
  out.set('inventory_hostname', host.name);
  out.set('inventory_hostname_short', host.shortName());
  out.set('group_names', host.groupNames());
  if (plugins) for (const dir of plugins.varsDirs) add(plugins.varsFiles.varsFor(dir, 'host', host.name));
  return out;
}

function evaluate(templar: InventoryTemplar, expression: Data, vars: DataDict): Data {
  return typeof expression === 'string' ? templar.evaluateExpression(expression, dictSource(vars)) : expression;
}

function composeVars(inventory: Inventory, templar: InventoryTemplar, compose: DataDict, vars: DataDict, host: string, strict: boolean): void {
  for (const [name, expression] of compose) {
    let value: Data;
    try {
      value = evaluate(templar, expression, vars);
    } catch (error) {
      if (strict) throw new ConstructError(`Could not set ${pyStr(name)} for host ${host}: ${messageOf(error)}`, true);
      continue;
    }
    inventory.setVariable(host, pyStr(name), value);
  }
}

function composedGroups(inventory: Inventory, templar: InventoryTemplar, groups: DataDict, vars: DataDict, host: string, strict: boolean): void {
  for (const [name, condition] of groups) {
    const groupName = safeGroupName(pyStr(name));
    let holds: boolean;
    try {
      holds = templar.evaluateConditional(condition, dictSource(vars));
    } catch (error) {
      if (strict) throw new ConstructError(`Could not add host ${host} to group ${groupName}: ${messageOf(error)}`, true);
      continue;
    }
    if (!holds) continue;
    inventory.addGroupNamed(groupName);
    inventory.addChild(groupName, host);
  }
}

/**
 * Inventory plugins' to_safe_group_name: characters that cannot be in a variable name (and a
 * leading digit) become `_`, silently, whatever TRANSFORM_INVALID_GROUP_CHARS says.
 */
function safeGroupName(name: string): string {
  return name.replace(/^[\p{Nd}]|[^\p{L}\p{N}\p{Mn}_]/gu, '_');
}

const EMPTY_KEY = (value: Data): boolean => value === null || value === '';

function keyedGroups(
  inventory: Inventory,
  templar: InventoryTemplar,
  entries: Data[],
  vars: DataDict,
  host: string,
  options: { strict: boolean; leadingSeparator: boolean },
): void {
  for (const entry of entries) {
    if (!isDict(entry) || entry.size === 0) throw new ConstructError(`Invalid keyed group entry, it must be a dictionary: ${pyStr(entry)} `);
    let key: Data;
    try {
      key = evaluate(templar, entry.get('key') ?? null, vars);
    } catch (error) {
      if (options.strict) throw new ConstructError(`Could not generate group for host ${host} from ${pyStr(entry.get('key') ?? null)} entry: ${messageOf(error)}`, true);
      continue;
    }
    const defaultValue = entry.has('default_value') ? (entry.get('default_value') as Data) : null;
    const trailing = entry.get('trailing_separator') ?? null;
    if (trailing !== null && defaultValue !== null) {
      throw new ConstructError('parameters are mutually exclusive for keyed groups: default_value|trailing_separator');
    }
    const useDefault = EMPTY_KEY(key) && defaultValue !== null;
    if (!truthy(key) && !useDefault) {
      // An empty list or dict is a valid key that makes no group.
      const emptyContainer = (Array.isArray(key) || isDict(key)) && (Array.isArray(key) ? key.length === 0 : key.size === 0);
      if (options.strict && !emptyContainer) throw new ConstructError(`No key or key resulted empty for ${pyStr(entry.get('key') ?? null)} in host ${host}, invalid entry`);
      continue;
    }
    const prefix = entry.has('prefix') ? (entry.get('prefix') as Data) : '';
    let sep = entry.has('separator') ? (entry.get('separator') as Data) : '_';
    let parent = entry.get('parent_group') ?? null;
    try {
      if (typeof parent === 'string' && templar.isTemplate(parent)) parent = templar.render(parent, dictSource(vars));
    } catch (error) {
      if (options.strict) throw new ConstructError(`Could not generate parent group ${pyRepr(entry.get('parent_group') ?? null)} for group ${pyRepr(key)}: ${messageOf(error)}`, true);
      continue;
    }
    const bareNames: Data[] = [];
    if (useDefault) bareNames.push(defaultValue);
    else if (typeof key === 'string') bareNames.push(key);
    else if (Array.isArray(key)) for (const name of key) bareNames.push(EMPTY_KEY(name) && defaultValue !== null ? defaultValue : name);
    else if (isDict(key)) {
      for (const [name, value] of key) {
        let bare = `${pyStr(name)}${pyStr(sep)}${pyStr(value)}`;
        if (EMPTY_KEY(value)) {
          if (defaultValue !== null) bare = `${pyStr(name)}${pyStr(sep)}${pyStr(defaultValue)}`;
          else if (trailing === false) bare = pyStr(name);
        }
        bareNames.push(bare);
      }
    } else throw new ConstructError(`Invalid group name format, expected a string or a list of them or dictionary, got: ${templatedType(key)}`);
    for (const bare of bareNames) {
      if (prefix === '' && !options.leadingSeparator) sep = '';
      const group = inventory.addGroupNamed(safeGroupName(`${pyStr(prefix)}${pyStr(sep)}${pyStr(bare)}`));
      inventory.addHostNamed(host, group);
      if (truthy(parent)) {
        const parentName = inventory.addGroupNamed(safeGroupName(pyStr(parent)));
        inventory.addChild(parentName, group);
      }
    }
  }
}

/**
 * `type(value)` as 2.19 prints it for a value an expression gave: numbers carry the template's
 * origin, so they show as the tagged int/float classes; a bool cannot be tagged.
 */
export function templatedType(key: Data): string {
  if (typeof key === 'boolean') return "<class 'bool'>";
  if (typeof key === 'number' || typeof key === 'bigint') return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedInt'>";
  if (key instanceof PyFloat) return "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedFloat'>";
  return "<class 'NoneType'>";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
