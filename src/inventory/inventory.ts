import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pyEquals, pyRepr, UnsafeString, type Data, type DataDict } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import { fnmatchToRegExp } from './fnmatch.js';
import type { WarningDetail } from './warning-detail.js';
import { setKeyOrigin, type KeyOrigin } from './key-origins.js';
import { setValueOrigin } from '../core/value-origins.js';
import { Group, sortGroups } from './group.js';
import { Host } from './host.js';
import { applySubscript, orderPatterns, splitHostPattern, splitSubscript } from './host-pattern.js';
import { pyBytesRepr } from '../core/py-bytes-repr.js';

/** Names ansible treats as the controller itself (an implicit localhost answers to them). */
export const LOCALHOST_NAMES: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

const INVALID_GROUP_CHARS = /^\p{Nd}|[^\p{L}\p{N}_]/u;
const INVALID_GROUP_CHARS_ALL = new RegExp(INVALID_GROUP_CHARS.source, 'gu');
/** Names Jinja reserves: not usable as variables even though they are identifiers. */
const JINJA_KEYWORDS = new Set(['true', 'false', 'none', 'True', 'False', 'None', 'not']);

/** ansible's validate_variable_name: an ASCII identifier that Jinja does not reserve. */
export function isValidVariableName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !JINJA_KEYWORDS.has(name);
}

export interface HostQuery {
  /** Ignore `--limit` (hostvars, delegate_to lookups). */
  ignoreLimits?: boolean;
  /** Ignore the current serial batch / failed-host restriction. */
  ignoreRestrictions?: boolean;
  /** The play's `order:` keyword. `shuffle` is left to the caller (it needs a seeded RNG). */
  order?: 'inventory' | 'reverse_inventory' | 'sorted' | 'reverse_sorted' | 'shuffle';
}

/**
 * Hosts, groups and their inventory variables, with ansible's host-pattern semantics and order.
 * Built by `loadInventory`; changed at run time only by `addHost` / `addGroup` (add_host,
 * group_by), which bump `version` so callers can drop what they cached.
 */
export type { WarningDetail };

export class Inventory {
  readonly groups = new Map<string, Group>();
  readonly hosts = new Map<string, Host>();
  /** The explicit localhost-like host, or the implicit one once asked for. */
  localhost: Host | undefined;
  /** Inventory sources as given (absolute paths, or `a,b,` host lists). */
  readonly sources: string[] = [];
  readonly processedSources: string[] = [];
  /** Warnings in ansible's words (without the `[WARNING]: ` prefix), each once, in order. */
  readonly warnings: string[] = [];
  /**
   * The same warnings with where they point, for a formatter that prints ansible's
   * `Origin:` and source lines under the message (YAML duplicate keys …).
   */
  readonly warningDetails: WarningDetail[] = [];
  /** Bumped on every change to hosts, groups or their vars. */
  version = 0;
  /** Where new hosts say they came from (inventory_file / inventory_dir). */
  currentSource: string | undefined;
  /** The playbook's directory, whose host_vars/ and group_vars/ the vars stage also reads. */
  playbookDir: string | undefined;
  /** The controller's Python, set on the implicit localhost. */
  localPython = '/usr/bin/python3';
  /** `[inventory] host_pattern_mismatch`: what a pattern word that matches nothing does. */
  hostPatternMismatch: 'warning' | 'error' | 'ignore' = 'warning';
  /**
   * How a variable set again combines with its value so far (hash_behaviour=merge merges dicts);
   * the new value replaces it when unset.
   */
  combineValues: ((lower: Data, higher: Data) => Data) | undefined;

  private readonly warned = new Set<string>();
  private subsetPatterns: string[] | undefined;
  private restriction: Set<string> | undefined;
  private readonly patternCache = new Map<string, Host[]>();
  private readonly hostsPatternCache = new Map<string, Host[]>();
  private groupsDictCache: DataDict | undefined;
  private basedirOf: { source: string; dir: string } | undefined;

  /** add_host / group_by calls, replayed by `refresh` as ansible's refresh_inventory does. */
  private readonly dynamic: (() => void)[] = [];
  /** Re-reads the sources into this inventory (set by loadInventory). */
  reparse: ((inventory: Inventory) => void) | undefined;

  constructor() {
    this.addBuiltinGroups();
  }

  private addBuiltinGroups(): void {
    this.addGroupNamed('all');
    this.addGroupNamed('ungrouped');
    this.addChild('all', 'ungrouped');
  }

  /**
   * meta: refresh_inventory — reads the sources again, then replays the run's add_host and
   * group_by changes. Hosts and groups are new objects afterwards; names stay valid.
   */
  refresh(): void {
    if (!this.reparse) return;
    this.groups.clear();
    this.hosts.clear();
    this.localhost = undefined;
    this.sources.length = 0;
    this.processedSources.length = 0;
    this.addBuiltinGroups();
    this.reparse(this);
    const replay = this.dynamic.splice(0);
    for (const change of replay) change();
    this.changed();
  }

  warn(message: string, where?: { location: SourceLocation; hint?: string }): void {
    const key = where ? `${message}\0${where.location.file}:${where.location.line}:${where.location.column}` : message;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push(message);
    this.warningDetails.push({ message, ...where });
  }

  /** Whether -vvvv has shown the ansible.builtin collection being loaded (once a run, as 2.19 loads it). */
  builtinCollectionShown = false;

  /** A line shown only from -v level `verbosity` on (2.19's display.v … vvv while it parses). */
  verbose(message: string, verbosity: number): void {
    this.warningDetails.push({ message, verbosity });
  }

  /** A warning with a located cause (shown as ansible's error_as_warning shows one). */
  warnDetail(detail: WarningDetail): void {
    const key = `${detail.message}\0${detail.cause?.message ?? ''}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warnings.push(detail.message);
    this.warningDetails.push(detail);
  }

  /** Warnings not yet handed out; for callers that print them as they happen. */
  private drained = 0;
  drainWarnings(): string[] {
    const out = this.warnings.slice(this.drained);
    this.drained = this.warnings.length;
    return out;
  }

  private changed(): void {
    this.version++;
    this.patternCache.clear();
    this.hostsPatternCache.clear();
    this.groupsDictCache = undefined;
  }

  /** TRANSFORM_INVALID_GROUP_CHARS (`force_valid_group_names`): what becomes of a group name with invalid characters. */
  invalidGroupChars: 'always' | 'never' | 'ignore' | 'silently' = 'never';

  /** Adds a group if new; returns the name used (safeGroupName's, as 2.19's add_group). */
  addGroupNamed(name: string): string {
    if (!name) throw new InventoryError('inventory-empty-group', `Invalid empty/false group name provided: ${name}`);
    if (this.groups.has(name)) return name;
    const safe = this.safeGroupName(name);
    if (!this.groups.has(safe)) {
      this.groups.set(safe, new Group(safe));
      this.changed();
    }
    return safe;
  }

  warnInvalidGroupName(): void {
    this.warn('Invalid characters were found in group names but not replaced, use -vvvv to see details');
  }

  /**
   * A group name as ansible's to_safe_group_name gives it under TRANSFORM_INVALID_GROUP_CHARS:
   * `never` (the default) says so at -vvvv and warns, `ignore` says nothing, both keep the name;
   * `always` replaces each invalid character with `_` and warns, `silently` replaces quietly.
   * 2.19 checks each time it meets the name (an INI section header, a new group).
   */
  safeGroupName(name: string): string {
    if (!name || !INVALID_GROUP_CHARS.test(name)) return name;
    // NOTE: 2.19 prints the characters as a Python set, whose order for several varies by run.
    const chars = [...new Set(name.match(INVALID_GROUP_CHARS_ALL) ?? [])].map((c) => pyRepr(c));
    const found = `invalid character(s) "{${chars.join(', ')}}" in group name (${name})`;
    if (this.invalidGroupChars === 'always' || this.invalidGroupChars === 'silently') {
      if (this.invalidGroupChars === 'always') {
        this.verbose(`Replacing ${found}`, 4);
        this.warn('Invalid characters were found in group names and automatically replaced, use -vvvv to see details');
      }
      return name.replace(INVALID_GROUP_CHARS_ALL, '_');
    }
    if (this.invalidGroupChars === 'never') {
      this.verbose(`Not replacing ${found}`, 4);
      this.warnInvalidGroupName();
    }
    return name;
  }

  /** Adds a host (to a group, which must exist) if new; sets inventory_file/dir from the current source. */
  addHostNamed(name: string, group?: string, port?: number): Host {
    if (!name) throw new InventoryError('inventory-empty-host', `Invalid empty host name provided: ${name}`);
    let g: Group | undefined;
    if (group) {
      g = this.groups.get(group);
      if (!g) throw new InventoryError('inventory-unknown-group', `Could not find group ${group} in inventory`);
    }
    let host = this.hosts.get(name);
    if (!host) {
      host = new Host(name);
      if (port !== undefined) host.setVariable('ansible_port', port);
      this.hosts.set(name, host);
      if (this.currentSource) {
        host.setVariable('inventory_file', this.currentSource);
        if (this.basedirOf?.source !== this.currentSource) {
          this.basedirOf = { source: this.currentSource, dir: pyBasedir(this.currentSource) };
        }
        host.setVariable('inventory_dir', this.basedirOf.dir);
      } else {
        host.setVariable('inventory_file', null);
        host.setVariable('inventory_dir', null);
      }
      if (LOCALHOST_NAMES.includes(name)) {
        if (this.localhost === undefined) {
          this.localhost = host;
          this.verbose(`Set default localhost to ${name}`, 4);
        } else this.warn(`A duplicate localhost-like entry was found (${name}). First found localhost was ${this.localhost.name}`);
      }
      this.changed();
    }
    if (g && g.addHost(host)) this.changed();
    return host;
  }

  addChild(group: string, child: string): boolean {
    const g = this.groups.get(group);
    if (!g) throw new InventoryError('inventory-unknown-group', `${group} is not a known group`);
    const childGroup = this.groups.get(child);
    let added: boolean;
    if (childGroup) added = g.addChild(childGroup);
    else {
      const host = this.hosts.get(child);
      if (!host) throw new InventoryError('inventory-unknown-entity', `${child} is not a known host nor group`);
      added = g.addHost(host);
    }
    this.changed();
    return added;
  }

  /**
   * Sets an inventory variable; `origin` is where its name was written (for warnings about it),
   * `valueOrigin` where its value was (for errors about the value), the same place by default.
   */
  /** `origin`: where the key was written, or what 2.19 says instead (`<unknown>` for toml's keys). */
  setVariable(entity: string, key: string, value: Data, origin?: KeyOrigin, valueOrigin = origin && 'file' in origin ? origin : undefined): void {
    const target = this.groups.get(entity) ?? this.hosts.get(entity);
    if (!target) throw new InventoryError('inventory-unknown-entity', `Could not identify group or host named ${entity}`);
    const before = target.vars.get(key);
    target.setVariable(key, before !== undefined && this.combineValues ? this.combineValues(before, value) : value);
    if (origin) setKeyOrigin(target.vars, key, origin);
    setValueOrigin(target.vars, key, valueOrigin ?? null);
    this.changed();
  }

  /**
   * ansible accepts an inventory variable with an invalid name, with 2.19's deprecation warning
   * pointing where the name was written. A bool or null name, or one a plugin read without
   * origins (toml), is shown as it is under `Origin: <unknown>`.
   */
  checkVariableName(name: Data, origin: SourceLocation | undefined): void {
    // NOTE: an `!unsafe` name is a str in 2.19 (only marked untrusted).
    const text = name instanceof UnsafeString ? name.value : name;
    if (typeof text === 'string' && isValidVariableName(text)) return;
    const hint = 'Variable names must be strings starting with a letter or underscore character, and contain only letters, numbers and underscores.';
    const message = `Accepting inventory variable with invalid name ${pyRepr(name)}.`;
    // NOTE: 2.19 cannot tag a bool or None with where it was written.
    if (origin !== undefined && typeof name !== 'boolean' && name !== null) this.deprecate(message, origin, hint, undefined, '2.23');
    // (None is not even shown there)
    else this.deprecate(message, undefined, hint, name === null ? undefined : typeof name === 'string' ? name : pyRepr(name), '2.23');
  }

  /**
   * A `[DEPRECATION WARNING]: …`: kept in `warningDetails` (flagged) so warnings and
   * deprecations stay in the order ansible prints them; `warnings` has only plain warnings.
   */
  deprecate(message: string, location: SourceLocation | undefined, hint?: string, shownWithoutOrigin?: string, version?: string): void {
    const key = `deprecation\0${message}\0${location ? `${location.file}:${location.line}:${location.column}` : ''}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warningDetails.push({
      message,
      deprecation: true,
      ...(location ? { location } : {}),
      ...(hint ? { hint } : {}),
      ...(version ? { version } : {}),
      ...(shownWithoutOrigin !== undefined ? { origin: '<unknown>', shown: shownWithoutOrigin } : {}),
    });
  }

  /** Ansible's reconcile_inventory: every group under `all`, hostless-of-group hosts in `ungrouped`. */
  reconcile(): void {
    this.currentSource = undefined;
    const all = this.groups.get('all') as Group;
    const ungrouped = this.groups.get('ungrouped') as Group;
    for (const group of [...this.groups.values()]) {
      if (group.name !== 'all' && group.ancestors().size === 0) all.addChild(group);
    }
    for (const host of this.hosts.values()) {
      const mine = host.groups;
      if (mine.includes(ungrouped)) {
        if (mine.some((g) => g !== all && g !== ungrouped)) ungrouped.removeHost(host);
      } else if (!host.implicit) {
        if (mine.length === 0 || (mine.length === 1 && mine[0] === all)) ungrouped.addHost(host);
      }
      if (host.implicit) {
        const merged = new Map(all.vars);
        for (const [k, v] of host.vars) merged.set(k, v);
        host.vars.clear();
        for (const [k, v] of merged) host.vars.set(k, v);
      }
    }
    for (const name of this.groups.keys()) {
      if (this.hosts.has(name)) this.warn(`Found both group and host with same name: ${name}`);
    }
    this.changed();
  }

  /** A host by name; a localhost-like name that is not in the inventory makes the implicit localhost. */
  getHost(name: string): Host | undefined {
    const host = this.hosts.get(name);
    if (host) return host;
    if (!LOCALHOST_NAMES.includes(name)) return undefined;
    if (!this.localhost) {
      const local = new Host(name);
      local.implicit = true;
      local.setVariable('ansible_python_interpreter', this.localPython);
      local.setVariable('ansible_connection', 'local');
      this.localhost = local;
    }
    return this.localhost;
  }

  /** The `groups` magic variable: every group's hosts (implicit localhost excluded from `all`). */
  groupsDict(): DataDict {
    if (!this.groupsDictCache) {
      const dict: DataDict = new Map();
      for (const [name, group] of this.groups) dict.set(name, group.allHosts().map((h) => h.name));
      this.groupsDictCache = dict;
    }
    return this.groupsDictCache;
  }

  /** Groups of a host, sorted for group-vars precedence, `all` left out. */
  sortedGroupsOf(host: Host): Group[] {
    return sortGroups(host.groups.filter((g) => g.name !== 'all'));
  }

  // ---- host patterns -------------------------------------------------------------------

  /**
   * Host names matching a pattern (or patterns), in ansible's order, honouring --limit and the
   * current restriction. Unmatched words add "Could not match supplied host pattern" warnings.
   */
  hostsMatching(pattern: string | readonly string[], query: HostQuery = {}): string[] {
    return this.getHosts(pattern, query).map((h) => h.name);
  }

  /** ansible's list_hosts: like hostsMatching, but a bare localhost name falls back to itself. */
  listHosts(pattern: string | readonly string[] = 'all'): string[] {
    const result = this.hostsMatching(pattern);
    if (result.length === 0 && typeof pattern === 'string' && LOCALHOST_NAMES.includes(pattern)) return [pattern];
    return result;
  }

  getHosts(pattern: string | readonly string[] = 'all', query: HostQuery = {}): Host[] {
    const patternList = typeof pattern === 'string' ? [pattern] : [...pattern];
    if (patternList.length === 0) return [];
    const useSubset = !query.ignoreLimits && this.subsetPatterns !== undefined && this.subsetPatterns.length > 0;
    const useRestriction = !query.ignoreRestrictions && this.restriction !== undefined && this.restriction.size > 0;
    const key = JSON.stringify([
      patternList,
      useSubset ? this.subsetPatterns : null,
      useRestriction ? [...(this.restriction as Set<string>)] : null,
    ]);
    let hosts = this.hostsPatternCache.get(key);
    if (!hosts) {
      hosts = this.evaluatePatterns(splitHostPattern(pattern));
      if (useSubset) {
        const subset = new Set(this.evaluatePatterns(this.subsetPatterns as string[]));
        hosts = hosts.filter((h) => subset.has(h));
      }
      if (useRestriction) hosts = hosts.filter((h) => (this.restriction as Set<string>).has(h.name));
      hosts = [...new Set(hosts)];
      this.hostsPatternCache.set(key, hosts);
    }
    switch (query.order) {
      case 'sorted':
        return [...hosts].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      case 'reverse_sorted':
        return [...hosts].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
      case 'reverse_inventory':
        return [...hosts].reverse();
      default:
        return [...hosts];
    }
  }

  private evaluatePatterns(patterns: readonly string[]): Host[] {
    let hosts: Host[] = [];
    for (const p of orderPatterns(patterns)) {
      const plain = this.hosts.get(p);
      if (plain) {
        hosts.push(plain);
        continue;
      }
      const that = this.matchOnePattern(p);
      if (p[0] === '!') {
        const drop = new Set(that);
        hosts = hosts.filter((h) => !drop.has(h));
      } else if (p[0] === '&') {
        const keep = new Set(that);
        hosts = hosts.filter((h) => keep.has(h));
      } else {
        const existing = new Set(hosts.map((h) => h.name));
        for (const h of that) if (!existing.has(h.name)) hosts.push(h);
      }
    }
    return hosts;
  }

  private matchOnePattern(pattern: string): Host[] {
    const bare = pattern[0] === '&' || pattern[0] === '!' ? pattern.slice(1) : pattern;
    const cached = this.patternCache.get(bare);
    if (cached) return cached;
    const { expr, subscript } = splitSubscript(bare);
    if (subscript?.dashed) this.warn('Use [x:y] inclusive subscripts instead of [x-y] which has been removed');
    const matches = this.enumerateMatches(expr);
    const hosts = applySubscript(matches, subscript);
    if (!hosts) throw new InventoryError('inventory-subscript', `No hosts matched the subscripted pattern '${bare}'`);
    this.patternCache.set(bare, hosts);
    return hosts;
  }

  private enumerateMatches(pattern: string): Host[] {
    const re = compilePattern(pattern);
    const results: Host[] = [];
    const matchingGroups = [...this.groups.keys()].filter((name) => re.test(name));
    for (const name of matchingGroups) results.push(...(this.groups.get(name) as Group).allHosts());
    if (matchingGroups.length === 0 || pattern[0] === '~' || /[.?*[]/.test(pattern)) {
      for (const [name, host] of this.hosts) if (re.test(name)) results.push(host);
    }
    if (results.length === 0 && LOCALHOST_NAMES.includes(pattern)) {
      const implicit = this.getHost(pattern);
      if (implicit) results.push(implicit);
    }
    if (results.length === 0 && matchingGroups.length === 0 && pattern !== 'all') {
      const message = `Could not match supplied host pattern, ignoring: ${pattern}`;
      if (this.hostPatternMismatch === 'error') throw new InventoryError('host-pattern-mismatch', message);
      if (this.hostPatternMismatch === 'warning') this.warn(message);
    }
    return results;
  }

  // ---- limit and restriction -----------------------------------------------------------

  /**
   * `--limit`: later host queries only return hosts that also match this. `@file` reads one
   * pattern per line. undefined removes the limit.
   */
  applyLimit(pattern: string | readonly string[] | undefined): void {
    if (pattern === undefined) {
      this.subsetPatterns = undefined;
    } else {
      const results: string[] = [];
      for (const x of splitHostPattern(pattern)) {
        if (!x) continue;
        if (x[0] === '@') {
          const file = x.slice(1);
          if (!existsSync(file)) throw new InventoryError('limit-file-missing', `Unable to find limit file ${pyBytesRepr(file)}`);
          if (!statSync(file).isFile()) {
            throw new InventoryError('limit-file-directory', `Limit starting with "@" must be a file, not a directory: ${pyBytesRepr(file)}`);
          }
          results.push(...readFileSync(file, 'utf8').split('\n').map((l) => l.trim()));
        } else results.push(x);
      }
      this.subsetPatterns = results;
    }
    this.hostsPatternCache.clear();
  }

  get limit(): readonly string[] | undefined {
    return this.subsetPatterns;
  }

  /** Restricts queries to these hosts (a serial batch, minus failed hosts); undefined lifts it. */
  restrictTo(hosts: Iterable<string> | undefined): void {
    this.restriction = hosts === undefined ? undefined : new Set(hosts);
    this.hostsPatternCache.clear();
  }

  // ---- run-time changes (add_host, group_by) -------------------------------------------

  /**
   * The add_host action: adds the host (to `all`) if new, merges its vars (replace per key),
   * and puts it in the groups, creating them. Returns whether anything changed.
   */
  addHost(name: string, groups: readonly string[] = [], vars: DataDict = new Map()): boolean {
    this.dynamic.push(() => this.addHost(name, groups, vars));
    let changed = false;
    if (!this.hosts.has(name)) {
      this.addHostNamed(name, 'all');
      changed = true;
    }
    const host = this.hosts.get(name) as Host;
    // NOTE: ansible stores the host's magic variables (inventory_hostname, group_names …) into
    // its vars along with the new ones, which fixes their place in the host's key order.
    const current: DataDict = new Map(host.vars);
    current.set('inventory_hostname', host.name);
    current.set('inventory_hostname_short', host.shortName());
    current.set('group_names', host.groupNames());
    const combined: DataDict = new Map(current);
    for (const [k, v] of vars) combined.set(k, v);
    if (!pyEquals(current, combined)) {
      host.vars.clear();
      for (const [k, v] of combined) host.vars.set(k, v);
      changed = true;
    }
    for (const requested of groups) {
      let groupName = requested;
      if (!this.groups.has(groupName)) {
        groupName = this.addGroupNamed(groupName);
        changed = true;
      }
      if ((this.groups.get(groupName) as Group).addHost(host)) changed = true;
    }
    if (changed) this.reconcile();
    return changed;
  }

  /**
   * The group_by action: puts the host in the group (created if new) and the group under each
   * parent group (created if new). Returns whether anything changed.
   */
  addGroup(hostName: string, groupName: string, parentGroups: readonly string[] = []): boolean {
    let changed = false;
    const host = this.hosts.get(hostName) ?? (this.localhost?.name === hostName ? this.localhost : undefined);
    if (!host) throw new InventoryError('inventory-unknown-host', `${hostName} cannot be matched in inventory`);
    // NOTE: on refresh ansible skips a grouping whose host the sources no longer have.
    this.dynamic.push(() => {
      if (this.hosts.has(hostName) || this.localhost?.name === hostName) this.addGroup(hostName, groupName, parentGroups);
    });
    const groupUsed = this.groups.has(groupName) ? groupName : this.addGroupNamed(groupName);
    const parentsUsed = parentGroups.map((parent) => {
      if (this.groups.has(parent)) return parent;
      changed = true;
      return this.addGroupNamed(parent);
    });
    const group = this.groups.get(groupUsed) as Group;
    for (const parent of parentsUsed) {
      if ((this.groups.get(parent) as Group).addChild(group)) changed = true;
    }
    if (!group.allHosts(true).includes(host)) changed = group.addHost(host);
    if (!host.groups.includes(group)) changed = host.addGroup(group);
    if (changed) this.reconcile();
    return changed;
  }
}

/** A host-pattern word as a matcher: `~regex` (matched at the start, as Python's re.match) or a glob. */
function compilePattern(pattern: string): RegExp {
  try {
    if (pattern[0] === '~') return new RegExp(`^(?:${pattern.slice(1).replace(/\(\?P</g, '(?<')})`);
    return fnmatchToRegExp(pattern);
  } catch {
    throw new InventoryError('invalid-host-pattern', `Invalid host list pattern: ${pattern}`);
  }
}

/**
 * ansible's `basedir`: a directory's own absolute path, a file's directory, else the text 'None'
 * (2.19 turns its None into text, so a host list's hosts have inventory_dir 'None').
 */
function pyBasedir(source: string): string {
  if (source === '' || source === '.') return process.cwd();
  try {
    const stat = statSync(source);
    if (stat.isDirectory()) return resolve(source);
    if (stat.isFile()) return resolve(dirname(source));
  } catch {
    // not a path (a host list)
  }
  return 'None';
}
