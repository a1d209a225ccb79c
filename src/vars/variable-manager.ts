/**
 * Builds the variables a task sees on a host with ansible-core 2.19's precedence (low → high):
 *
 *   play roles' defaults · the task role's defaults (its dependencies, chain, own)
 *   · inventory: `all` group vars, other group vars (depth, priority, name), group_vars/all
 *     (inventory dirs, then playbook dir), group_vars/<group> (inventory dirs, then playbook dir),
 *     host vars + inventory_hostname/_short + group_names, host_vars/ (inventory, then playbook)
 *   · facts (`ansible_facts`, plus cleaned facts as top-level names)
 *   · play vars · vars_prompt · vars_files · play roles' vars/main.yml
 *   · the task role's vars (chain, dependencies' exports, vars/main.yml, entry `vars:`)
 *   · block and task vars · include_vars · set_fact and registered vars
 *   · role params · include params · extra vars · magic variables · environment, vars
 *
 * Nothing is copied per task: a task's VarSource is a list of layers (most precomputed once per
 * run, per host or per role) that `get` walks from the top.
 */
import { strRepr, type Data, type DataDict, type DictKey } from '../core/data.js';
import type { VarSource } from '../template/api.js';
import type { Group } from '../inventory/group.js';
import { Host } from '../inventory/host.js';
import type { Inventory } from '../inventory/inventory.js';
import { copyValueOrigin, copyValueOrigins } from '../core/value-origins.js';
import { markDeprecated, type ValueDeprecation } from '../core/deprecated-values.js';
import { copyKeyOrigin, keyOrigin, type KeyOrigin } from '../inventory/key-origins.js';
import type { WarningDetail } from '../inventory/warning-detail.js';
import { inventoryVarsDirs } from '../inventory/load-inventory.js';
import { VarsFiles } from '../inventory/vars-files.js';
import { ansibleVersionDict } from './ansible-version.js';
import { cleanFacts, namespaceFacts } from './clean-facts.js';
import { HostVars } from './host-vars.js';
import { LayeredVars, type VarLayer } from './layered-vars.js';
import { allDependencies, roleDefaults, roleParams, roleVars } from './role-layers.js';
import type { PlayHosts, PlayScope, RoleScope, TaskScope } from './scopes.js';
import { RESERVED_NAMES } from './reserved-names.js';
import { SourceView } from './source-view.js';
import { combinedValue, combineInto, type HashBehaviour } from './combine-vars.js';
import type { FactCacheStore } from './fact-cache-store.js';

/** Command-line state that ansible exposes as `ansible_*` variables. */
export interface RunOptionVars {
  checkMode?: boolean;
  diffMode?: boolean;
  forks?: number;
  /** Absolute inventory sources (ansible_inventory_sources). */
  inventorySources?: readonly string[];
  skipTags?: readonly string[];
  /** --limit as given; ansible_limit is absent without one. */
  limit?: string;
  runTags?: readonly string[];
  verbosity?: number;
}

export interface VariableManagerOptions {
  inventory: Inventory;
  /** Directory of the playbook being run: `playbook_dir`, and its host_vars/ group_vars/. */
  playbookDir: string;
  extraVars?: DataDict;
  options?: RunOptionVars;
  /** ansible.cfg in use (`ansible_config_file`), null when none. */
  configFile?: string | null;
  /** `ansible_playbook_python`: the controller's Python. */
  playbookPython?: string;
  /** INJECT_FACTS_AS_VARS (default true): facts also as top-level `ansible_*` names. */
  injectFactsAsVars?: boolean;
  /** Shared reader of host_vars/ group_vars/ files (one per run). */
  varsFiles?: VarsFiles;
  /** `[defaults] precedence` (VARIABLE_PRECEDENCE): the merge order of the group variable sources. */
  variablePrecedence?: readonly string[];
  /** `[defaults] hash_behaviour`: `merge` merges dicts of the same name across sources. */
  hashBehaviour?: HashBehaviour;
  /**
   * Names the template engine provides as globals in ansible (`omit`), for an engine that reads
   * them from the VarSource: the lowest layer, left out of `vars`.
   */
  globals?: DataDict;
  /** A persistent fact cache (`fact_caching = jsonfile`); facts stay in memory without one. */
  factCache?: FactCacheStore;
}

/** ansible's default VARIABLE_PRECEDENCE, lowest first. */
const DEFAULT_PRECEDENCE = ['all_inventory', 'groups_inventory', 'all_plugins_inventory', 'all_plugins_play', 'groups_plugins_inventory', 'groups_plugins_play'];

interface HostState {
  /** The fact cache (setup results, cacheable set_fact). Replaced, never mutated, on change. */
  facts: DataDict;
  /** The facts are the cache's in memory (loaded or stored): the store is not read again. */
  factsInMemory: boolean;
  factsLayer: DataDict | undefined;
  /** include_vars results. */
  includeVars: DataDict;
  /** set_fact (non-cacheable) and registered results. */
  nonPersistent: DataDict;
  inventory: { version: number; playbookDir: string; layer: DataDict } | undefined;
  hostSource: { generation: string; source: LayeredVars } | undefined;
  /** Bumped when this host's facts or vars change. */
  generation: number;
  /** The last task source built for this host: the runner asks for it several times per step. */
  last: CachedSource | undefined;
}

interface CachedSource {
  readonly play: PlayScope | undefined;
  readonly task: TaskScope | undefined;
  readonly hosts: PlayHosts | undefined;
  readonly stamp: string;
  readonly source: LayeredVars;
}

const EMPTY: DataDict = new Map();

export class VariableManager {
  readonly inventory: Inventory;
  readonly varsFiles: VarsFiles;
  readonly hostvars: HostVars;
  /** Warnings in ansible's words (restricted fact names, vars files), each once. */
  readonly warnings: string[] = [];
  /**
   * Warnings that point at where a variable was written (reserved names), in the order ansible
   * prints them; a formatter adds `Origin:` and the source lines.
   */
  readonly warningDetails: WarningDetail[] = [];
  private readonly reservedInLayer = new WeakMap<Map<DictKey, Data>, string[]>();
  private readonly reservedWarned = new Set<string>();
  private extra: DataDict;
  private pbDir: string;
  private readonly hosts = new Map<string, HostState>();
  private readonly injectFacts: boolean;
  private readonly precedence: readonly string[];
  private readonly mergeDicts: boolean;
  /** Template globals (`omit`): answered by name, never listed (`varnames`, `vars`, `hostvars` keys). */
  private readonly globalsLayer: VarLayer | undefined;
  private baseMagic!: DataDict;
  private readonly optionMagic: DataDict;
  /** Bumped when any host's facts or vars change, so cached hostvars sources are rebuilt. */
  private generation = 0;
  /** Bumped by changes that touch every host (playbook_dir). */
  private epoch = 0;
  /** With the number of play roles it was built for: an include_role adds one as the play runs. */
  private readonly playMagicCache = new WeakMap<PlayScope, { roles: number; magic: DataDict }>();
  private readonly roleMagicCache = new WeakMap<RoleScope, DataDict>();
  private readonly exportedVarsCache = new WeakMap<RoleScope, DataDict>();
  private readonly chainCache = new WeakMap<RoleScope, Map<string, { defaults: DataDict; vars: DataDict; params: DataDict }>>();
  private readonly roleIds = new WeakMap<RoleScope, number>();
  private readonly searchPathCache = new WeakMap<TaskScope, { epoch: number; layer: DataDict }>();
  private nextRoleId = 1;

  constructor(private readonly config: VariableManagerOptions) {
    this.inventory = config.inventory;
    this.varsFiles = config.varsFiles ?? new VarsFiles();
    this.extra = config.extraVars ?? new Map();
    this.pbDir = config.playbookDir;
    this.injectFacts = config.injectFactsAsVars ?? true;
    this.precedence = config.variablePrecedence ?? DEFAULT_PRECEDENCE;
    this.mergeDicts = config.hashBehaviour === 'merge';
    const globals = config.globals;
    this.globalsLayer = globals && globals.size > 0 ? { get: (name) => globals.get(name), has: (name) => globals.has(name), keys: () => [] } : undefined;
    this.hostvars = new HostVars({
      hostVarsSource: (name) => (this.inventory.getHost(name) ? this.hostVarsSource(name) : undefined),
      hostNames: () => this.inventory.hosts.keys(),
    });
    this.rebuildBaseMagic();
    const o = config.options ?? {};
    this.optionMagic = new Map<DictKey, Data>([
      ['ansible_version', ansibleVersionDict()],
      ['ansible_check_mode', o.checkMode ?? false],
      ['ansible_diff_mode', o.diffMode ?? false],
      ['ansible_forks', o.forks ?? 5],
      ['ansible_inventory_sources', [...(o.inventorySources ?? this.inventory.sources)]],
      ['ansible_skip_tags', [...(o.skipTags ?? [])]],
    ]);
    if (o.limit !== undefined) this.optionMagic.set('ansible_limit', o.limit);
    this.optionMagic.set('ansible_run_tags', [...(o.runTags ?? ['all'])]);
    this.optionMagic.set('ansible_verbosity', o.verbosity ?? 0);
  }

  get extraVars(): DataDict {
    return this.extra;
  }

  get playbookDir(): string {
    return this.pbDir;
  }

  /** import_playbook from another directory changes `playbook_dir` and the playbook vars dirs. */
  set playbookDir(dir: string) {
    this.pbDir = dir;
    this.rebuildBaseMagic();
    this.generation++;
    this.epoch++;
  }

  private rebuildBaseMagic(): void {
    this.baseMagic = new Map<DictKey, Data>([
      ['playbook_dir', this.pbDir],
      ['ansible_playbook_python', this.config.playbookPython ?? '/usr/bin/python3'],
      ['ansible_config_file', this.config.configFile ?? null],
    ]);
  }

  // ---- per-host stores -----------------------------------------------------------------

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { facts: EMPTY, factsInMemory: false, factsLayer: undefined, includeVars: EMPTY, nonPersistent: EMPTY, inventory: undefined, hostSource: undefined, generation: 0, last: undefined };
      this.hosts.set(host, s);
    }
    return s;
  }

  /** The host's fact cache (what `setup` and cacheable set_fact stored). */
  facts(host: string): DataDict {
    if (this.config.factCache) return this.storedFacts(host, this.state(host)).facts;
    return this.hosts.get(host)?.facts ?? EMPTY;
  }

  /** Reads the persistent cache for a host whose facts are not in memory (2.19 looks at each read). */
  private storedFacts(host: string, s: HostState): HostState {
    if (s.factsInMemory || !this.config.factCache) return s;
    const stored = this.config.factCache.load(host);
    if (stored === undefined) return s;
    s.facts = stored;
    s.factsInMemory = true;
    s.factsLayer = undefined;
    this.generation++;
    s.generation++;
    return s;
  }

  /** Whether `setup` has filled the host's fact cache (its `module_setup` fact). */
  hasGatheredFacts(host: string): boolean {
    return this.facts(host).get('module_setup') === true;
  }

  /** ansible's set_host_facts: merges into the fact cache, top-level keys replaced. */
  setFacts(host: string, facts: DataDict): void {
    // NOTE: 2.19 warns of a reserved name as it stores the variable, where it was written (in
    // name order: the result reached it with sorted keys).
    this.warnReserved([facts], true);
    const s = this.storedFacts(host, this.state(host));
    s.facts = merged(s.facts, facts);
    s.factsInMemory = true;
    this.config.factCache?.save(host, s.facts);
    s.factsLayer = undefined;
    this.generation++;
    s.generation++;
  }

  /** set_fact and register: variables that last for the run, above play and task vars. */
  setNonPersistentFacts(host: string, facts: DataDict): void {
    // NOTE: 2.19 warns of a reserved name as it stores the variable, where it was written (in
    // name order: the result reached it with sorted keys).
    this.warnReserved([facts], true);
    const s = this.state(host);
    s.nonPersistent = merged(s.nonPersistent, facts);
    this.generation++;
    s.generation++;
  }

  /** include_vars: one variable into the host's vars cache. */
  setHostVariable(host: string, name: string, value: Data): void {
    const s = this.state(host);
    s.includeVars = merged(s.includeVars, new Map([[name, value]]), this.mergeDicts);
    this.generation++;
    s.generation++;
  }

  /** include_vars: the loaded variables into the host's vars cache, with where they were written. */
  setIncludeVars(host: string, vars: DataDict): void {
    // NOTE: 2.19 warns of a reserved name as it stores the variable, where it was written (in
    // name order: the result reached it with sorted keys).
    this.warnReserved([vars], true);
    const s = this.state(host);
    s.includeVars = merged(s.includeVars, vars, this.mergeDicts);
    this.generation++;
    s.generation++;
  }

  /** meta: clear_facts (the fact cache only; set_fact/register values stay). */
  clearFacts(host: string): void {
    this.config.factCache?.delete(host);
    const s = this.hosts.get(host);
    if (!s) return;
    s.facts = EMPTY;
    s.factsInMemory = false;
    s.factsLayer = undefined;
    this.generation++;
    s.generation++;
  }

  // ---- layers ----------------------------------------------------------------------------

  /** Everything the inventory says about a host, flattened once per inventory version. */
  inventoryLayer(hostName: string): DataDict {
    const s = this.state(hostName);
    if (s.inventory && s.inventory.version === this.inventory.version && s.inventory.playbookDir === this.pbDir) {
      return s.inventory.layer;
    }
    const inv = this.inventory;
    const host = inv.getHost(hostName) ?? new Host(hostName);
    const all = inv.groups.get('all') as Group;
    const groups = inv.sortedGroupsOf(host);
    const invDirs = inventoryVarsDirs(inv);
    const layer: DataDict = new Map();
    const add = (vars: DataDict): void => {
      for (const [k, v] of vars) {
        if (!layer.has(k)) copyKeyOrigin(vars, layer, k);
        copyValueOrigin(vars, layer, k);
        layer.set(k, combinedValue(layer.get(k), v, this.mergeDicts));
      }
    };
    // NOTE: ansible's default VARIABLE_PRECEDENCE puts every inventory group's own vars below every
    // group_vars/ file, and group_vars/all below group_vars/<group>.
    const sources: Record<string, () => void> = {
      all_inventory: () => add(all.vars),
      groups_inventory: () => groups.forEach((g) => add(g.vars)),
      all_plugins_inventory: () => invDirs.forEach((dir) => add(this.varsFiles.varsFor(dir, 'group', 'all'))),
      all_plugins_play: () => add(this.varsFiles.varsFor(this.pbDir, 'group', 'all')),
      groups_plugins_inventory: () => invDirs.forEach((dir) => groups.forEach((g) => add(this.varsFiles.varsFor(dir, 'group', g.name)))),
      groups_plugins_play: () => groups.forEach((g) => add(this.varsFiles.varsFor(this.pbDir, 'group', g.name))),
    };
    for (const name of this.precedence) sources[name]?.();
    add(host.vars);
    layer.set('inventory_hostname', host.name);
    layer.set('inventory_hostname_short', host.shortName());
    layer.set('group_names', host.groupNames());
    for (const dir of invDirs) add(this.varsFiles.varsFor(dir, 'host', host.name));
    add(this.varsFiles.varsFor(this.pbDir, 'host', host.name));
    this.takeVarsFileWarnings();
    s.inventory = { version: this.inventory.version, playbookDir: this.pbDir, layer };
    return layer;
  }

  private factsLayer(hostName: string): DataDict {
    const s = this.storedFacts(hostName, this.state(hostName));
    if (s.factsLayer) return s.factsLayer;
    const layer: DataDict = new Map();
    layer.set('ansible_facts', namespaceFacts(s.facts));
    if (this.injectFacts) {
      const { facts, warnings } = cleanFacts(s.facts);
      for (const w of warnings) this.warn(w);
      for (const [k, v] of facts) {
        layer.set(k, v);
        copyKeyOrigin(s.facts, layer, k);
      }
    } else {
      layer.set('ansible_local', s.facts.get('ansible_local') ?? new Map());
    }
    s.factsLayer = layer;
    return layer;
  }

  /** What reading group_vars/host_vars files warned of (duplicate keys, a file where a folder belongs), shown as it is read. */
  private takeVarsFileWarnings(): void {
    for (const d of this.varsFiles.takeDetails()) this.warningDetails.push(d);
  }

  private warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /**
   * ansible's warn_if_reserved on the combined variables: each reserved name used, in the
   * combined order, pointing where the name was first written (the lowest layer: Python's
   * `dict | dict` keeps the first key). Each warning once.
   */
  /** Runs `fn` without reserved-name warnings (variables only read to template a vars_files name). */
  quietly<T>(fn: () => T): T {
    const was = this.quiet;
    this.quiet = true;
    try {
      return fn();
    } finally {
      this.quiet = was;
    }
  }

  /** warn_if_reserved on some layers, lowest first (a play's own vars and vars_files as it loads). */
  warnReservedIn(layers: readonly DataDict[]): void {
    this.warnReserved(layers);
  }

  private quiet = false;

  private warnReserved(layers: readonly VarLayer[], byName = false): void {
    if (this.quiet) return;
    let found: Map<string, KeyOrigin | undefined> | undefined;
    for (const layer of layers) {
      if (!(layer instanceof Map)) continue;
      let names = this.reservedInLayer.get(layer);
      if (!names) {
        names = [];
        for (const key of layer.keys()) if (typeof key === 'string' && key !== 'vars' && RESERVED_NAMES.has(key)) names.push(key);
        this.reservedInLayer.set(layer, names);
      }
      for (const name of names) {
        found ??= new Map();
        if (!found.has(name)) found.set(name, keyOrigin(layer, name));
      }
    }
    if (!found) return;
    const entries = [...found];
    if (byName) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, origin] of entries) {
      const message = `Found variable using reserved name ${strRepr(name)}.`;
      const key = `${message}\0${origin ? JSON.stringify(origin) : ''}`;
      if (this.reservedWarned.has(key)) continue;
      this.reservedWarned.add(key);
      this.warningDetails.push(
        origin === undefined
          ? { message }
          : 'description' in origin
            ? { message, origin: origin.description, shown: name }
            : { message, location: origin },
      );
    }
  }

  private roleId(role: RoleScope): number {
    let id = this.roleIds.get(role);
    if (id === undefined) {
      id = this.nextRoleId++;
      this.roleIds.set(role, id);
    }
    return id;
  }

  private roleChainLayers(role: RoleScope, chain: readonly RoleScope[]): { defaults: DataDict; vars: DataDict; params: DataDict } {
    let byChain = this.chainCache.get(role);
    if (!byChain) {
      byChain = new Map();
      this.chainCache.set(role, byChain);
    }
    const key = chain.map((r) => this.roleId(r)).join(',');
    let entry = byChain.get(key);
    if (!entry) {
      const merge = this.mergeDicts;
      entry = { defaults: roleDefaults(role, chain, merge), vars: roleVars(role, chain, false, merge), params: roleParams(role, chain, merge) };
      byChain.set(key, entry);
    }
    return entry;
  }

  private exportedVars(role: RoleScope): DataDict {
    let vars = this.exportedVarsCache.get(role);
    if (!vars) {
      vars = roleVars(role, [], true, this.mergeDicts);
      this.exportedVarsCache.set(role, vars);
    }
    return vars;
  }

  private playMagic(play: PlayScope): DataDict {
    let magic = this.playMagicCache.get(play)?.magic;
    if (!magic || this.playMagicCache.get(play)?.roles !== play.roles.length) {
      const depNames = unique(play.roles.flatMap((r) => allDependencies(r).map(roleFullName)));
      const playRoleNames = play.roles.map(roleFullName);
      magic = new Map<DictKey, Data>([
        // NOTE: ansible builds these two from Python sets: their order is arbitrary there.
        ['ansible_role_names', unique([...depNames, ...playRoleNames])],
        ['ansible_play_role_names', playRoleNames],
        ['ansible_dependent_role_names', depNames],
        ['role_names', playRoleNames],
        ['ansible_play_name', play.name],
      ]);
      this.playMagicCache.set(play, { roles: play.roles.length, magic });
    }
    return magic;
  }

  private roleMagic(role: RoleScope): DataDict {
    let magic = this.roleMagicCache.get(role);
    if (!magic) {
      magic = new Map<DictKey, Data>([
        ['role_name', role.name],
        ['role_path', role.path],
        ['role_uuid', role.uuid ?? `role-${this.roleId(role)}`],
        ['ansible_collection_name', role.collection ?? null],
        ['ansible_role_name', roleFullName(role)],
      ]);
      this.roleMagicCache.set(role, magic);
    }
    return magic;
  }

  /**
   * `ansible_search_path` (2.19's Task.get_search_path): the role's path and those of the roles
   * that pulled it in, innermost first, the task file's directory, then the playbook's.
   */
  private searchPathLayer(task: TaskScope): DataDict {
    const cached = this.searchPathCache.get(task);
    if (cached && cached.epoch === this.epoch) return cached.layer;
    const paths = task.role ? [task.role, ...[...(task.depChain ?? [])].reverse()].map((r) => r.path) : [];
    for (const dir of [task.fileDir, this.pbDir]) if (dir !== undefined && !paths.includes(dir)) paths.push(dir);
    const layer: DataDict = new Map<DictKey, Data>([['ansible_search_path', paths]]);
    this.searchPathCache.set(task, { epoch: this.epoch, layer });
    return layer;
  }

  private playHostsLayer(play: PlayScope, hosts: PlayHosts | undefined): VarLayer {
    return new PlayHostsLayer(this.inventory, play, hosts);
  }

  // ---- sources ---------------------------------------------------------------------------

  /**
   * The variables of a task on a host (ansible's get_vars(play, host, task)). Each part is
   * optional: no host for a play's own keywords, no task for play-level templating. `playHosts`
   * gives the play's host lists; without it they come from the play's hosts pattern.
   */
  taskVars(hostName: string | undefined, play?: PlayScope, task?: TaskScope, playHosts?: PlayHosts): LayeredVars {
    if (hostName === undefined) return this.buildTaskVars(undefined, play, task, playHosts);
    const s = this.storedFacts(hostName, this.state(hostName));
    const stamp = `${this.inventory.version}:${this.epoch}:${s.generation}`;
    const last = s.last;
    if (last && last.play === play && last.task === task && last.hosts === playHosts && last.stamp === stamp) return last.source;
    const source = this.buildTaskVars(hostName, play, task, playHosts);
    s.last = { play, task, hosts: playHosts, stamp, source };
    return source;
  }

  private buildTaskVars(hostName: string | undefined, play?: PlayScope, task?: TaskScope, playHosts?: PlayHosts): LayeredVars {
    const layers: VarLayer[] = [];
    // Empty dicts are left out: they cannot answer, and every lookup would visit them.
    const push = (...items: VarLayer[]): void => {
      for (const item of items) if (!(item instanceof Map && item.size === 0)) layers.push(item);
    };
    if (this.globalsLayer) push(this.globalsLayer);
    const globalsCount = layers.length;
    const role = task?.role;
    const chain = task?.depChain ?? [];
    const roleLayers = role ? this.roleChainLayers(role, chain) : undefined;
    if (play) for (const r of play.roles) if (r.public !== false) push(roleDefaults(r, [], this.mergeDicts));
    if (roleLayers) push(roleLayers.defaults);
    if (hostName !== undefined) push(this.inventoryLayer(hostName), this.factsLayer(hostName));
    if (play) {
      push(play.vars);
      if (play.varsPrompt) push(play.varsPrompt);
      const files = (hostName !== undefined ? play.varsFilesFor?.(hostName, task !== undefined) : undefined) ?? play.varsFiles ?? [];
      for (const file of files) push(file);
      for (const r of play.roles) if (r.public !== false) push(this.exportedVars(r));
    }
    if (task) {
      if (roleLayers) push(roleLayers.vars);
      // NOTE: 2.19 joins block and task vars with `|=` before combining them with the rest: they
      // replace each other's dicts even when hash_behaviour merges.
      if (this.mergeDicts) push(withoutTaskKeywords(replaced(task.vars ?? [])));
      else for (const vars of task.vars ?? []) push(withoutTaskKeywords(vars));
    }
    if (hostName !== undefined) {
      const s = this.state(hostName);
      push(s.includeVars, s.nonPersistent);
    }
    if (task) {
      if (roleLayers) push(roleLayers.params);
      if (task.includeParams) push(task.includeParams);
    }
    push(this.extra);
    this.warnReserved(layers.slice(globalsCount));
    push(this.baseMagic);
    if (play) push(this.playMagic(play));
    if (role) push(this.roleMagic(role));
    if (play) push(this.playHostsLayer(play, playHosts));
    else push(this.groupsLayer());
    push(this.optionMagic);
    if (play && task && playHosts) push(new StrategyHostsLayer(playHosts));
    if (task?.fileDir !== undefined) push(this.searchPathLayer(task));
    push(this.hostvarsLayer);
    if (task) push(new Map<DictKey, Data>([['environment', task.environment ?? []]]));
    // NOTE: `vars` holds every variable but template globals such as `omit`, and not itself.
    if (play || task) push(new VarsLayer(layers.slice(globalsCount), this.mergeDicts));
    return new LayeredVars(layers, this.mergeDicts);
  }

  /** `hostvars[name]`: the host's variables without play or task (ansible's get_vars(host)). */
  hostVarsSource(hostName: string): LayeredVars {
    const s = this.storedFacts(hostName, this.state(hostName));
    const generation = `${this.inventory.version}:${this.generation}`;
    if (s.hostSource && s.hostSource.generation === generation) return s.hostSource.source;
    const own = [this.inventoryLayer(hostName), this.factsLayer(hostName), s.includeVars, s.nonPersistent, this.extra];
    this.warnReserved(own);
    const source = new LayeredVars([
      ...own,
      this.baseMagic,
      this.groupsLayer(),
      this.optionMagic,
    ], this.mergeDicts);
    s.hostSource = { generation, source };
    return source;
  }

  private groupsLayer(): DataDict {
    return new Map<DictKey, Data>([['groups', this.inventory.groupsDict()]]);
  }

  private readonly hostvarsLayer: VarLayer = {
    get: (name) => (name === 'hostvars' ? this.hostvars : undefined),
    has: (name) => name === 'hostvars',
    keys: () => ['hostvars'],
  };
}

/** The `vars` variable: every variable below it, as one lazy dict. */
class VarsLayer implements VarLayer {
  private view: SourceView | undefined;
  constructor(
    private readonly below: readonly VarLayer[],
    private readonly mergeDicts: boolean,
  ) {}
  get(name: DictKey): Data | undefined {
    if (name !== 'vars') return undefined;
    this.view ??= new SourceView(new LayeredVars(this.below, this.mergeDicts), undefined, 'vars');
    return this.view;
  }
  has(name: DictKey): boolean {
    return name === 'vars';
  }
  keys(): Iterable<DictKey> {
    return ['vars'];
  }
}

const PLAY_HOSTS_DEPRECATION: ValueDeprecation = {
  message: 'The `play_hosts` magic variable is deprecated.',
  version: '2.23',
  help: 'Use `ansible_play_batch` instead.',
};

const PLAY_HOSTS_NAMES: readonly string[] = ['groups', 'ansible_play_hosts_all', 'ansible_play_hosts', 'ansible_play_batch', 'play_hosts'];

const STRATEGY_HOSTS_NAMES: readonly string[] = ['ansible_current_hosts', 'ansible_failed_hosts'];

/**
 * What the strategy adds to a task's variables (2.19's add_tqm_variables): the current batch's
 * hosts still running, and those of it that failed.
 */
class StrategyHostsLayer implements VarLayer {
  constructor(private readonly hosts: PlayHosts) {}
  get(name: DictKey): Data | undefined {
    if (name === 'ansible_current_hosts') {
      const active = new Set(this.hosts.active());
      return this.hosts.batch().filter((h) => active.has(h));
    }
    if (name === 'ansible_failed_hosts') return [...(this.hosts.failed?.() ?? [])];
    return undefined;
  }
  has(name: DictKey): boolean {
    return typeof name === 'string' && STRATEGY_HOSTS_NAMES.includes(name);
  }
  keys(): Iterable<DictKey> {
    return STRATEGY_HOSTS_NAMES;
  }
}

/** `groups` and the play's host lists, read from the runner's lists when asked. */
class PlayHostsLayer implements VarLayer {
  private readonly groups: DataDict;
  constructor(
    private readonly inventory: Inventory,
    private readonly play: PlayScope,
    private hosts: PlayHosts | undefined,
  ) {
    this.groups = inventory.groupsDict();
  }
  private current(): PlayHosts {
    if (!this.hosts) {
      const all = this.inventory.hostsMatching(this.play.hosts, { ignoreRestrictions: true });
      this.hosts = { all, active: () => all, batch: () => all };
    }
    return this.hosts;
  }
  get(name: DictKey): Data | undefined {
    switch (name) {
      case 'groups':
        return this.groups;
      case 'ansible_play_hosts_all':
        return [...this.current().all];
      case 'ansible_play_hosts':
        return [...this.current().active()];
      case 'ansible_play_batch':
        return [...this.current().batch()];

      case 'play_hosts':
        return markDeprecated([...this.current().batch()], PLAY_HOSTS_DEPRECATION);
      default:
        return undefined;
    }
  }
  has(name: DictKey): boolean {
    return typeof name === 'string' && PLAY_HOSTS_NAMES.includes(name);
  }
  keys(): Iterable<DictKey> {
    return PLAY_HOSTS_NAMES;
  }
}

/** ansible drops `tags` and `when` from a task's vars (they are keywords, not variables). */
function withoutTaskKeywords(vars: DataDict): DataDict {
  if (!vars.has('tags') && !vars.has('when')) return vars;
  const out = new Map(vars);
  out.delete('tags');
  out.delete('when');
  copyValueOrigins(vars, out);
  return out;
}

/** Several dicts joined with Python's `|=` (later ones replace names), as one. */
function replaced(dicts: readonly DataDict[]): DataDict {
  if (dicts.length === 1) return dicts[0] as DataDict;
  const out: DataDict = new Map();
  for (const dict of dicts) combineInto(out, dict, false, true);
  return out;
}

function merged(base: DataDict, update: DataDict, mergeDicts = false): DataDict {
  const out = new Map(base);
  copyValueOrigins(base, out);
  for (const k of base.keys()) if (!update.has(k)) copyKeyOrigin(base, out, k);
  for (const [k, v] of update) {
    out.set(k, combinedValue(base.get(k), v, mergeDicts));
    copyValueOrigin(update, out, k);
    copyKeyOrigin(update, out, k);
  }
  return out;
}

function roleFullName(role: RoleScope): string {
  return role.fqcn ?? role.name;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

export type { VarSource };
