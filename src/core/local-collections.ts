/**
 * The collections a run finds on disk (`collections/ansible_collections/<ns>/<name>/` beside a
 * playbook, then ANSIBLE_COLLECTIONS_PATH / [defaults] collections_path), as ansible-core's
 * collection finder searches them: a playbook's own `collections/` first, then the configured
 * paths in order, the first that holds `ansible_collections/<ns>/<name>` wins.
 *
 * NOTE: one registry per process, as ansible's collection finder is. Volant reads collections
 * from these directories only, never from Python's sys.path.
 */
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { isDict, type Data, type DataDict } from './data.js';
import { isDirectory, isFile } from './fs-kinds.js';

const IDENTIFIER = /^[A-Za-z_]\w*$/;

/** `ns.coll.name` (name may itself be dotted, as a role's or a playbook's in a subdirectory). */
export interface QualifiedName {
  readonly collection: string;
  readonly namespace: string;
  readonly name: string;
  readonly resource: string;
}

/** A fully qualified collection reference (`ns.coll.resource`, all Python identifiers), or undefined. */
export function splitQualifiedName(text: string): QualifiedName | undefined {
  const parts = text.split('.');
  if (parts.length < 3) return undefined;
  const [namespace, name, ...rest] = parts as [string, string, ...string[]];
  if (![namespace, name, ...rest].every((p) => IDENTIFIER.test(p))) return undefined;
  return { collection: `${namespace}.${name}`, namespace, name, resource: rest.join('.') };
}

/** A plugin's entry in its collection's meta/runtime.yml `plugin_routing`. */
export interface PluginRouting {
  readonly redirect?: string;
  readonly deprecation?: DataDict;
  readonly tombstone?: DataDict;
}

export class LocalCollections {
  private readonly playbookRoots: string[] = [];
  private configuredRoots: string[] = [];
  private readMetadata: ((path: string) => Data) | undefined;
  private readonly metadataCache = new Map<string, DataDict>();

  /** How meta/runtime.yml is read (the CLI gives its YAML loader: core reads no YAML). */
  setMetadataReader(read: (path: string) => Data): void {
    this.readMetadata = read;
  }

  /** A collection's meta/runtime.yml as data (empty when it has none). */
  metadata(collection: string): DataDict {
    const dir = this.find(collection);
    if (dir === undefined) return new Map();
    let data = this.metadataCache.get(dir);
    if (data === undefined) {
      const path = [join(dir, 'meta', 'runtime.yml'), join(dir, 'meta', 'runtime.yaml')].find(isFile);
      const read = path === undefined ? undefined : this.readMetadata?.(path);
      data = isDict(read) ? read : new Map();
      this.metadataCache.set(dir, data);
    }
    return data;
  }

  /** The routing of plugin `ns.coll.name` of a kind (`modules`, `filter` …), when its collection has one. */
  routing(kind: string, fqcn: string): PluginRouting | undefined {
    const qualified = splitQualifiedName(fqcn);
    if (qualified === undefined) return undefined;
    const routing = this.metadata(qualified.collection).get('plugin_routing');
    const ofKind = isDict(routing) ? routing.get(kind) : undefined;
    const entry = isDict(ofKind) ? ofKind.get(qualified.resource) : undefined;
    if (!isDict(entry)) return undefined;
    const redirect = entry.get('redirect');
    const deprecation = entry.get('deprecation');
    const tombstone = entry.get('tombstone');
    return {
      ...(typeof redirect === 'string' ? { redirect } : {}),
      ...(isDict(deprecation) ? { deprecation } : {}),
      ...(isDict(tombstone) ? { tombstone } : {}),
    };
  }

  /**
   * The actions of action group `ns.coll.group` (meta/runtime.yml `action_groups`), fully
   * qualified, with those of the groups its `metadata: {extend_group}` names; undefined when the
   * collection or the group is not there.
   */
  actionGroup(fqGroup: string, seen = new Set<string>()): string[] | undefined {
    const qualified = splitQualifiedName(fqGroup);
    if (qualified === undefined || this.find(qualified.collection) === undefined) return undefined;
    const groups = this.metadata(qualified.collection).get('action_groups');
    const members = isDict(groups) ? (groups.get(fqGroup) ?? groups.get(qualified.resource)) : undefined;
    if (!Array.isArray(members)) return undefined;
    seen.add(fqGroup);
    const out: string[] = [];
    const extend: string[] = [];
    for (const member of members) {
      if (typeof member === 'string') out.push(splitQualifiedName(member) === undefined ? `${qualified.collection}.${member}` : member);
      else if (isDict(member) && isDict(member.get('metadata'))) {
        const named = (member.get('metadata') as DataDict).get('extend_group');
        for (const g of Array.isArray(named) ? named : typeof named === 'string' ? [named] : []) extend.push(String(g));
      }
    }
    for (const group of extend) {
      const fq = splitQualifiedName(group) === undefined ? `${qualified.collection}.${group}` : group;
      if (!seen.has(fq)) out.push(...(this.actionGroup(fq, seen) ?? []));
    }
    return out;
  }

  /** A playbook's directory: its `collections/` is searched before the configured paths. */
  addPlaybookDirectory(dir: string): void {
    const root = resolve(dir, 'collections');
    if (!this.playbookRoots.includes(root)) this.playbookRoots.push(root);
  }

  /**
   * ANSIBLE_COLLECTIONS_PATH's directories (`~` expanded, relative to `cwd`); one written down to
   * its `ansible_collections` folder stands for the folder above, as in 2.19.
   */
  configure(paths: readonly string[], cwd: string): void {
    this.configuredRoots = paths
      .filter((p) => p !== '')
      .map((p) => resolve(cwd, p.startsWith('~') ? join(homedir(), p.slice(1)) : p))
      .map((p) => (basename(p) === 'ansible_collections' ? dirname(p) : p));
  }

  private roots(): string[] {
    return [...this.playbookRoots, ...this.configuredRoots];
  }

  /** The directory of collection `ns.name`, or undefined when no path holds it. */
  find(collection: string): string | undefined {
    const [namespace, name, extra] = collection.split('.');
    if (namespace === undefined || name === undefined || extra !== undefined) return undefined;
    if (namespace === 'ansible' && (name === 'builtin' || name === 'legacy')) return undefined;
    return this.roots()
      .map((root) => join(root, 'ansible_collections', namespace, name))
      .find(isDirectory);
  }

  /** Whether some path has the namespace (the import of `ansible_collections.<ns>` succeeds). */
  hasNamespace(namespace: string): boolean {
    return this.roots().some((root) => isDirectory(join(root, 'ansible_collections', namespace)));
  }

  /** A role of a collection: `roles/<role>` of the first path holding the collection. */
  findRole(collection: string, role: string): string | undefined {
    const dir = this.find(collection);
    if (dir === undefined) return undefined;
    const path = join(dir, 'roles', role);
    return isDirectory(path) ? path : undefined;
  }

  /** A plugin file of a collection: `plugins/<kind>/<name>.py` (`modules`, `lookup`, `filter` …). */
  findPluginFile(collection: string, kind: string, name: string): string | undefined {
    const dir = this.find(collection);
    if (dir === undefined) return undefined;
    const path = join(dir, 'plugins', kind, ...name.split('.').slice(0, -1), `${name.split('.').pop() ?? ''}.py`);
    return isFile(path) ? path : undefined;
  }

  /** A collection playbook (`ns.coll.pb` → `playbooks/pb.yml` or `.yaml`). */
  findPlaybook(collection: string, name: string): string | undefined {
    const dir = this.find(collection);
    if (dir === undefined) return undefined;
    const base = join(dir, 'playbooks', ...name.split('.'));
    return [`${base}.yml`, `${base}.yaml`].find(isFile);
  }

  /** The module_utils file or package standing for `ansible_collections.<ns>.<name>.plugins.module_utils.<dotted>`. */
  findModuleUtil(collection: string, dotted: string): { path?: string; package: boolean } | undefined {
    const dir = this.find(collection);
    if (dir === undefined) return undefined;
    const base = join(dir, 'plugins', 'module_utils', ...dotted.split('.'));
    if (isFile(`${base}.py`)) return { path: `${base}.py`, package: false };
    if (isFile(join(base, '__init__.py'))) return { path: join(base, '__init__.py'), package: true };
    if (isDirectory(base)) return { package: true };
    return undefined;
  }
}

/** The run's registry (see the NOTE above). */
export const localCollections = new LocalCollections();
