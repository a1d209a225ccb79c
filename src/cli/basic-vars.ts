/**
 * The runner's VarsPort over the inventory and the play: ansible's precedence as layers, lowest
 * first, built without copying (src/vars' LayeredVars and SourceView).
 */
import { isDict, type Data, type DataDict, type DictKey } from '../core/data.js';
import type { CompiledPlay, TaskStep } from '../compile/program.js';
import type { Inventory } from '../inventory/inventory.js';
import type { PlayHostsInfo, PlayVars, VarsPort } from '../run/vars-port.js';
import type { VarSource } from '../template/api.js';
import { LayeredVars, type VarLayer } from '../vars/layered-vars.js';
import { SourceView } from '../vars/source-view.js';
import { cleanFacts, namespaceFacts } from '../vars/clean-facts.js';

export interface BasicVarsOptions {
  readonly inventory: Inventory;
  readonly extraVars: DataDict;
  /** Magic variables that do not depend on host or play (playbook_dir, ansible_version …). */
  readonly magic: DataDict;
  /** Reads vars_files entries (already resolved against the playbook's dir). */
  readonly loadVarsFile: (name: string, vars: VarSource) => DataDict;
}

const EMPTY: DataDict = new Map();

function dictLayer(value: Data | undefined): DataDict {
  return isDict(value) ? value : EMPTY;
}

export class BasicVars implements VarsPort {
  private readonly facts = new Map<string, DataDict>();
  private readonly nonPersistent = new Map<string, DataDict>();
  private readonly includeVars = new Map<string, DataDict>();
  private readonly inventoryLayers = new Map<string, VarLayer[]>();

  constructor(private readonly options: BasicVarsOptions) {}

  private store(map: Map<string, DataDict>, host: string): DataDict {
    let d = map.get(host);
    if (!d) map.set(host, (d = new Map()));
    return d;
  }

  setFacts(host: string, facts: DataDict): void {
    const store = this.store(this.facts, host);
    for (const [k, v] of facts) store.set(k, v);
  }

  setNonPersistent(host: string, vars: DataDict): void {
    const store = this.store(this.nonPersistent, host);
    for (const [k, v] of vars) store.set(k, v);
  }

  setIncludeVars(host: string, vars: DataDict): void {
    const store = this.store(this.includeVars, host);
    for (const [k, v] of vars) store.set(k, v);
  }

  clearFacts(host: string): void {
    this.facts.delete(host);
  }

  hostVar(host: string, name: string): Data | undefined {
    const layers = this.inventoryFor(host);
    for (let i = layers.length - 1; i >= 0; i--) {
      const v = (layers[i] as VarLayer).get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** Group vars (all first, then by depth and name), then host vars: fixed for the run. */
  private inventoryFor(host: string): VarLayer[] {
    let layers = this.inventoryLayers.get(host);
    if (layers) return layers;
    const inv = this.options.inventory;
    const h = inv.getHost(host);
    layers = [];
    if (h) {
      const all = inv.groups.get('all');
      if (all) layers.push(all.vars);
      for (const g of inv.sortedGroupsOf(h)) layers.push(g.vars);
      layers.push(h.vars);
    }
    this.inventoryLayers.set(host, layers);
    return layers;
  }

  /** ansible_facts plus the `ansible_*` names facts are also injected as. */
  private factLayers(host: string): VarLayer[] {
    const facts = this.facts.get(host);
    if (!facts || facts.size === 0) return [new Map<DictKey, Data>([['ansible_facts', new Map()]])];
    return [cleanFacts(facts).facts, new Map<DictKey, Data>([['ansible_facts', namespaceFacts(facts)]])];
  }

  startPlay(play: CompiledPlay, hosts: PlayHostsInfo, prompted: DataDict): PlayVars {
    const options = this.options;
    const playVars = dictLayer(play.play.keywords.get('vars')?.value);
    const varsFilesKw = play.play.keywords.get('vars_files');
    const playScope = new LayeredVars([options.magic, playVars, prompted, options.extraVars]);
    const varsFiles: DataDict = new Map();
    if (varsFilesKw && varsFilesKw.value !== null) {
      const list = Array.isArray(varsFilesKw.value) ? varsFilesKw.value : [varsFilesKw.value];
      for (const entry of list) {
        const loaded = options.loadVarsFile(String(entry), playScope);
        for (const [k, v] of loaded) varsFiles.set(k, v);
      }
    }
    const roleDefaults: VarLayer[] = play.roles.map((r) => r.def.defaults);
    const roleVars: VarLayer[] = play.roles.map((r) => r.def.vars);
    const groups = options.inventory.groupsDict();
    const playMagic = new Map<DictKey, Data>([
      ['ansible_play_name', play.play.keywords.get('name')?.value ?? null],
      ['role_names', play.roles.map((r) => r.def.name)],
      ['ansible_role_names', play.roles.map((r) => r.def.name)],
    ]);
    const hostvars: HostVarsMap = new HostVarsMap((host: string): VarSource => this.forHost(host, playLayers, hosts));
    const playLayers: PlayLayers = { roleDefaults, roleVars, playVars, varsFiles, prompted, playMagic, hostvars, groups };
    return {
      forTask: (host: string, step?: TaskStep, locals?: ReadonlyMap<string, Data>): VarSource => this.taskSource(host, playLayers, hosts, step, locals),
      forPlay(): VarSource {
        return new LayeredVars([options.magic, playMagic, playVars, varsFiles, prompted, options.extraVars]);
      },
    };
  }

  private forHost(host: string, play: PlayLayers, hosts: PlayHostsInfo): VarSource {
    return this.taskSource(host, play, hosts, undefined, undefined);
  }

  private taskSource(host: string, play: PlayLayers, hosts: PlayHostsInfo, step?: TaskStep, locals?: ReadonlyMap<string, Data>): VarSource {
    const role = step?.role;
    const layers: VarLayer[] = [...play.roleDefaults];
    if (role) {
      for (let r: typeof role | undefined = role; r; r = r.parent) layers.push(r.def.defaults);
    }
    layers.push(...this.inventoryFor(host));
    layers.push(...this.factLayers(host));
    layers.push(play.playVars, play.prompted, play.varsFiles);
    layers.push(...play.roleVars);
    if (role) for (let r: typeof role | undefined = role; r; r = r.parent) layers.push(r.def.vars);
    if (step) {
      for (const kw of step.folded.blockVars) layers.push(dictLayer(kw.value));
      layers.push(dictLayer(step.task.keywords.get('vars')?.value));
    }
    layers.push(this.includeVars.get(host) ?? EMPTY);
    layers.push(this.nonPersistent.get(host) ?? EMPTY);
    if (role) layers.push(role.params);
    if (step?.includeParams) layers.push(step.includeParams);
    layers.push(this.options.extraVars);
    const h = this.options.inventory.getHost(host);
    const magic = new Map<DictKey, Data>([
      ['inventory_hostname', host],
      ['inventory_hostname_short', host.split('.')[0] ?? host],
      ['group_names', h ? h.groupNames().filter((g) => g !== 'all' && g !== 'ungrouped' || g === 'ungrouped').filter((g) => g !== 'all') : []],
      ['groups', play.groups],
      ['hostvars', play.hostvars],
      ['ansible_play_hosts_all', [...hosts.all]],
      ['ansible_play_hosts', [...hosts.active()]],
      ['play_hosts', [...hosts.active()]],
      ['ansible_play_batch', [...hosts.batch()]],
    ]);
    if (role) {
      magic.set('role_name', role.def.name);
      magic.set('role_path', role.def.path);
      magic.set('ansible_role_name', role.def.name);
    }
    const source = new LayeredVars([this.options.magic, play.playMagic, magic, ...layers]);
    const withLocals = locals && locals.size > 0 ? source.with(locals as Map<DictKey, Data>) : source;
    const varsView = new SourceView(withLocals, new Set(['vars']));
    return withLocals.with(new Map<DictKey, Data>([['vars', varsView]]));
  }
}

interface PlayLayers {
  readonly roleDefaults: VarLayer[];
  readonly roleVars: VarLayer[];
  readonly playVars: DataDict;
  readonly varsFiles: DataDict;
  readonly prompted: DataDict;
  readonly playMagic: DataDict;
  readonly hostvars: HostVarsMap;
  readonly groups: DataDict;
}

/** hostvars: a dict whose entries are built only when a host is looked up. */
class HostVarsMap extends Map<DictKey, Data> {
  private readonly cache = new Map<string, SourceView>();

  constructor(private readonly build: (host: string) => VarSource) {
    super();
  }

  override get(key: DictKey): Data | undefined {
    if (typeof key !== 'string') return undefined;
    let view = this.cache.get(key);
    if (!view) {
      view = new SourceView(this.build(key), new Set(), key);
      this.cache.set(key, view);
    }
    return view;
  }

  override has(key: DictKey): boolean {
    return typeof key === 'string';
  }
}
