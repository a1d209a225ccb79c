/**
 * The variables port the runner uses (src/run/vars-port.ts' VarsPort, matched structurally so
 * vars does not import run or compile), over VariableManager: ansible's whole precedence for
 * compiled plays and steps. The CLI constructs one per run.
 */
import { dirname } from 'node:path';
import { isDict, type Data, type DataDict, type DictKey } from '../core/data.js';
import type { Inventory } from '../inventory/inventory.js';
import { setKeyOriginsFromNode } from '../inventory/key-origins.js';
import { updateKeepingKeyOrigins } from '../core/key-origins.js';
import { copyValueOrigin } from '../core/value-origins.js';
import type { Keyword, Keywords, RoleDefinition, RoleRef } from '../playbook/model.js';
import { roleShortName } from '../playbook/load-role.js';
import type { VarSource } from '../template/api.js';
import { withLocals } from './layered-vars.js';
import type { PlayHosts, PlayScope, RoleScope, TaskScope } from './scopes.js';
import { VariableManager, type VariableManagerOptions } from './variable-manager.js';
import { loadVarsFilesEntry, varsFilesEntries, type VarsFilesEntry } from './vars-files-entry.js';
import type { WarningDetail } from '../inventory/warning-detail.js';

/** The parts of compile's RoleInstance read here. */
export interface RoleInstanceLike {
  readonly def: Pick<RoleDefinition, 'name' | 'path' | 'defaults' | 'vars' | 'collection'>;
  readonly ref: Pick<RoleRef, 'keywords'>;
  readonly params: DataDict;
  readonly parent?: RoleInstanceLike;
  readonly fromInclude: boolean;
  readonly public?: boolean;
  readonly dependencies?: readonly RoleInstanceLike[];
}

/** The parts of compile's TaskStep read here. */
export interface StepLike {
  readonly task: { readonly keywords: Keywords; readonly action?: string };
  readonly folded: { readonly blockVars: readonly Keyword[]; readonly environment: readonly Keyword[] };
  readonly role?: RoleInstanceLike;
  readonly includeParams?: DataDict;
  /** The directory of the task's file. */
  readonly baseDir?: string;
  /** Asked as 2.19 loads the role: no chain of dependants yet (their vars and params). */
  readonly noDepChain?: boolean;
}

/** The parts of compile's CompiledPlay read here. */
export interface CompiledPlayLike {
  readonly play: { readonly keywords: Keywords };
  readonly roles: readonly RoleInstanceLike[];
  /** The play's `roles:` entries, a repeated one again (see CompiledPlay.playRoles). */
  readonly playRoles?: readonly RoleInstanceLike[];
  readonly program?: { readonly steps: readonly ({ readonly kind: string; readonly role?: RoleInstanceLike } | object)[] };
  readonly handlers?: { readonly steps: readonly ({ readonly kind: string; readonly role?: RoleInstanceLike } | object)[] };
}

export interface RunnerPlayVars {
  /** The play's vars_files as read without a host (as 2.19 loads the play). */
  readonly varsFilesAtLoad?: readonly DataDict[];
  forTask(host: string, step?: StepLike, locals?: ReadonlyMap<string, Data>): VarSource;
  forPlay(): VarSource;
  forStep(step: StepLike): VarSource;
  /** include_role ran: the role joins the play's roles (its defaults and vars too when it is public). */
  addPublicRole?(role: RoleInstanceLike): void;
  /** A serial batch starts: the roles include_role added are gone (2.19 copies the play per batch). */
  startBatch?(): void;
  /**
   * The vars_files paths one of 2.19's get_vars(play) calls reads, in order (each shown at -vvv):
   * without a host, or for `host` when a name is templated.
   */
  varsFilesRead(host?: string): readonly string[];
}

/** A vars_files file read: its variables, and the path it was found at. */
export interface LoadedVarsFile {
  readonly data: DataDict;
  readonly path: string;
}

export interface RunnerVarsOptions extends VariableManagerOptions {
  /**
   * Reads one vars_files name: renders `name` with `vars` and loads the file. Returns undefined
   * (or throws an ENOENT error) when there is no such file; other errors propagate.
   */
  loadVarsFile(name: string, vars: VarSource, playDir?: string): LoadedVarsFile | undefined;
  /** private_role_vars: a role's defaults and vars stay its own unless it is included with public. */
  readonly privateRoleVars?: boolean;
}

const EMPTY: DataDict = new Map();
const NOT_READ: LoadedVarsFile = { data: EMPTY, path: '' };

export class RunnerVars {
  readonly manager: VariableManager;

  constructor(private readonly options: RunnerVarsOptions) {
    this.manager = new VariableManager(options);
  }

  get inventory(): Inventory {
    return this.manager.inventory;
  }

  startPlay(compiled: CompiledPlayLike, hosts: PlayHosts, prompted: DataDict): RunnerPlayVars {
    const scopes = new RoleScopes(compiled, this.options.privateRoleVars);
    const keywords = compiled.play.keywords;
    const varsValue = keywordDict(keywords.get('vars'));
    const nameValue = keywords.get('name')?.value;
    const hostsValue = keywords.get('hosts')?.value ?? 'all';
    const hostsPattern = Array.isArray(hostsValue) ? hostsValue.map(String) : String(hostsValue);
    // Grows when an include_role runs (a role not public keeps its variables to itself).
    const entries = compiled.playRoles ?? compiled.roles.filter((r) => !r.fromInclude && !r.parent);
    const roles: RoleScope[] = entries.map((r) => scopes.scope(r));
    const loadedRoles = roles.length;
    const baseScope: PlayScope = {
      name: nameValue !== undefined && nameValue !== null && nameValue !== '' ? String(nameValue) : Array.isArray(hostsPattern) ? hostsPattern.join(',') : hostsPattern,
      hosts: hostsPattern,
      roles,
      vars: varsValue ?? EMPTY,
      varsPrompt: prompted.size > 0 ? prompted : undefined,
    };
    const { atPlay, readAt, ...varsFiles } = this.varsFilesLoader(keywords.get('vars_files'), baseScope);
    const play: PlayScope = { ...baseScope, ...varsFiles };
    const manager = this.manager;
    // 2.19 warns of reserved names as the play loads, its vars and vars_files' first, then its roles'.
    manager.warnReservedIn([baseScope.vars, ...(atPlay ?? [])]);
    manager.taskVars(undefined, play, undefined, hosts);
    // One TaskScope per step, so the manager's per-host cache sees the same task again.
    const taskScopes = new WeakMap<StepLike, TaskScope>();
    const scopeOf = (step: StepLike): TaskScope => {
      let scope = taskScopes.get(step);
      if (!scope) {
        scope = taskScope(step, scopes);
        taskScopes.set(step, scope);
      }
      return scope;
    };
    return {
      varsFilesAtLoad: atPlay ?? [],
      forTask(host: string, step?: StepLike, locals?: ReadonlyMap<string, Data>): VarSource {
        const source = manager.taskVars(host, play, step ? scopeOf(step) : undefined, hosts);
        return locals && locals.size > 0 ? withLocals(source, locals as ReadonlyMap<DictKey, Data>) : source;
      },
      forPlay(): VarSource {
        return manager.taskVars(undefined, play, undefined, hosts);
      },
      forStep(step: StepLike): VarSource {
        return manager.taskVars(undefined, play, scopeOf(step), hosts);
      },
      addPublicRole(role: RoleInstanceLike): void {
        const scope = scopes.scope(role);
        // NOTE: 2.19 appends the role each time an include loads it, a role already there again.
        roles.push(scope);
      },
      startBatch(): void {
        roles.splice(loadedRoles);
      },
      varsFilesRead: (host?: string): readonly string[] => readAt?.(host) ?? [],
    };
  }

  /**
   * vars_files: names without templates are read once; templated names are read per host with
   * that host's variables (as ansible templates them per host). A list entry takes its first
   * file that loads.
   */
  private varsFilesLoader(
    keyword: Keyword | undefined,
    scope: PlayScope,
  ): Pick<PlayScope, 'varsFiles' | 'varsFilesFor'> & { atPlay?: DataDict[]; readAt?: (host?: string) => readonly string[] } {
    const entries = varsFilesEntries(keyword);
    if (entries.length === 0) return {};
    const isTemplated = (name: Data): boolean => String(name).includes('{{') || String(name).includes('{%');
    const warn = (detail: WarningDetail): void => {
      const same = (d: WarningDetail): boolean => d.message === detail.message && d.location === detail.location;
      if (!this.manager.warningDetails.some(same)) this.manager.warningDetails.push(detail);
    };
    // NOTE: 2.19 skips a vars_files entry none of whose files exists, silently; a list entry
    // takes its first file that exists.
    // An entry skipped (no file found, an undefined name) reads nothing: no path.
    const load = (entry: VarsFilesEntry, vars: VarSource, strict = false): LoadedVarsFile =>
      loadVarsFilesEntry(
        entry,
        (name) => {
          try {
            return this.options.loadVarsFile(name, vars, keyword ? dirname(keyword.loc.file) : undefined);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
            return undefined;
          }
        },
        warn,
        strict,
      ) ?? NOT_READ;
    const anyTemplated = entries.some((e) => (Array.isArray(e.value) ? e.value.some(isTemplated) : isTemplated(e.value)));
    // ansible reads them once without a host as the play loads (a name needing a host variable
    // is skipped there, with its warning), then for each host; what asks without a host
    // (loading an include) sees the first.
    // NOTE: each file read makes its variables known to the names after it, as 2.19 reads them in turn.
    const atPlay: DataDict[] = [];
    const pathsAtPlay: string[] = [];
    for (const e of entries) {
      const file = load(e, this.manager.quietly(() => this.manager.taskVars(undefined, { ...scope, varsFiles: [...atPlay] })));
      atPlay.push(file.data);
      if (file !== NOT_READ) pathsAtPlay.push(file.path);
    }
    if (!anyTemplated) return { varsFiles: atPlay, atPlay, readAt: () => pathsAtPlay };
    const perHost = new Map<string, LoadedVarsFile[]>();
    const readFor = (host: string, forTask: boolean): LoadedVarsFile[] => {
      // NOTE: once a host's facts are gathered, 2.19 fails a task whose vars_files name is
      // still undefined instead of skipping it.
      const strict = forTask && this.manager.hasGatheredFacts(host);
      const key = `${strict ? 'strict' : 'lenient'}:${host}`;
      let files = perHost.get(key);
      if (!files) {
        const read: LoadedVarsFile[] = [];
        for (const e of entries) read.push(load(e, this.manager.taskVars(host, { ...scope, varsFiles: read.map((f) => f.data) }), strict));
        files = read;
        perHost.set(key, files);
      }
      return files;
    };
    return {
      varsFiles: atPlay,
      atPlay,
      varsFilesFor: (host: string, forTask: boolean) => readFor(host, forTask).map((f) => f.data),
      readAt: (host?: string) => {
        if (host === undefined) return pathsAtPlay;
        // a name that fails for the host fails where its variables are asked for, not here
        try {
          return readFor(host, true).flatMap((f) => (f === NOT_READ ? [] : [f.path]));
        } catch {
          return [];
        }
      },
    };
  }

  setFacts(host: string, facts: DataDict): void {
    this.manager.setFacts(host, facts);
  }

  setNonPersistent(host: string, vars: DataDict): void {
    this.manager.setNonPersistentFacts(host, vars);
  }

  setIncludeVars(host: string, vars: DataDict): void {
    this.manager.setIncludeVars(host, vars);
  }

  clearFacts(host: string): void {
    this.manager.clearFacts(host);
  }

  /** 2.19's _facts_gathered_for_host: the mark gather_facts leaves in the fact cache. */
  factsGathered(host: string): boolean {
    return this.manager.facts(host).get('_ansible_facts_gathered') === true;
  }

  hostVar(host: string, name: string): Data | undefined {
    return this.manager.hostVarsSource(host).get(name);
  }

  /** add_host (result-processor's addHost). */
  addHost(name: string, groups: readonly string[], vars: DataDict): void {
    this.manager.inventory.addHost(name, groups, vars);
  }

  /** group_by (result-processor's addGroup): one group (the first) with its parents. */
  addGroup(host: string, groups: readonly string[], parents: readonly string[]): void {
    for (const group of groups) this.manager.inventory.addGroup(host, group, parents);
  }
}

/** A `vars:` keyword's dict, with where each name was written (for warnings about them). */
function keywordDict(kw: Keyword | undefined): DataDict | undefined {
  if (!kw || !isDict(kw.value)) return undefined;
  setKeyOriginsFromNode(kw.value, kw.node);
  return kw.value;
}

/** The actions whose own vars are include params too (2.19's Task.get_include_params). */
const INCLUDES: ReadonlySet<string> = new Set(['include_tasks', 'include_role']);

/**
 * NOTE: an include's own vars are its include params as well as task vars, so they rank over
 * set_fact there, and `tags` and `when` among them (dropped from task vars) stay.
 */
function withOwnParams(outer: DataDict | undefined, own: DataDict): DataDict {
  const params: DataDict = new Map();
  for (const from of [outer ?? EMPTY, own]) {
    updateKeepingKeyOrigins(params, from);
    // where each value was written, for errors about it (an include's `vars: {ansible_port: abc}`)
    for (const key of from.keys()) copyValueOrigin(from, params, key);
  }
  return params;
}

function taskScope(step: StepLike, scopes: RoleScopes): TaskScope {
  const vars: DataDict[] = [];
  for (const kw of step.folded.blockVars) {
    const dict = keywordDict(kw);
    if (dict) vars.push(dict);
  }
  const own = keywordDict(step.task.keywords.get('vars'));
  if (own) vars.push(own);
  const env = step.folded.environment;
  const includeParams = own && INCLUDES.has(step.task.action ?? '') ? withOwnParams(step.includeParams, own) : step.includeParams;
  const scope: TaskScope = {
    vars,
    ...(includeParams ? { includeParams } : {}),
    ...(step.baseDir !== undefined ? { fileDir: step.baseDir } : {}),
    // NOTE: 2.19's environment is a list keyword extended level by level: a written list's
    // items join it, None adds nothing, anything else (a dict, a template) is one item.
    environment: env.flatMap((k) => (k.value === null ? [] : Array.isArray(k.value) ? k.value : [k.value])),
  };
  if (!step.role) return scope;
  return { ...scope, role: scopes.scope(step.role), depChain: step.noDepChain ? [] : scopes.chain(step.role) };
}

/** RoleScope views of compile's role instances, made once per play. */
class RoleScopes {
  private readonly byInstance = new Map<RoleInstanceLike, RoleScope>();
  private readonly children = new Map<RoleInstanceLike, RoleInstanceLike[]>();

  /** `privateRoleVars` (private_role_vars): roles of `roles:` and import_role are not public either. */
  constructor(
    compiled: CompiledPlayLike,
    private readonly privateRoleVars = false,
  ) {
    const seen = new Set<RoleInstanceLike>();
    const visit = (r: RoleInstanceLike | undefined): void => {
      if (!r || seen.has(r)) return;
      seen.add(r);
      if (r.parent) {
        visit(r.parent);
        const list = this.children.get(r.parent) ?? [];
        list.push(r);
        this.children.set(r.parent, list);
      }
    };
    for (const r of compiled.roles) visit(r);
    for (const program of [compiled.program, compiled.handlers]) {
      for (const step of program?.steps ?? []) if ('role' in step) visit(step.role);
    }
  }

  scope(instance: RoleInstanceLike): RoleScope {
    let scope = this.byInstance.get(instance);
    if (!scope) {
      const entryVars = keywordDict(instance.ref.keywords.get('vars'));
      // An include's role knows its dependencies; a role of `roles:` has them among the play's.
      const deps = instance.dependencies ?? (this.children.get(instance) ?? []).filter((c) => !c.fromInclude);
      const collection = instance.def.collection;
      scope = {
        // a collection's role: role_name is its short name, ansible_role_name the full one
        name: roleShortName(instance.def),
        ...(collection === undefined ? {} : { fqcn: instance.def.name, collection }),
        path: instance.def.path,
        defaults: instance.def.defaults,
        vars: instance.def.vars,
        ...(entryVars ? { entryVars } : {}),
        params: instance.params,
        dependencies: deps.map((d) => this.scope(d)),
        public: instance.public ?? (!instance.fromInclude && !this.privateRoleVars),
      };
      this.byInstance.set(instance, scope);
    }
    return scope;
  }

  /** The roles that pulled `instance` in, outermost first. */
  chain(instance: RoleInstanceLike): RoleScope[] {
    const chain: RoleScope[] = [];
    for (let p = instance.parent; p; p = p.parent) chain.unshift(this.scope(p));
    return chain;
  }
}
