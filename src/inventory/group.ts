import type { Data, DataDict } from '../core/data.js';
import { InventoryError } from '../core/errors.js';
import type { Host } from './host.js';

/**
 * An inventory group. Children and parents form a DAG; `depth` is the longest path from `all`,
 * which (with `priority` and the name) orders group vars.
 */
export class Group {
  depth = 0;
  priority = 1;
  readonly vars: DataDict = new Map();
  /** Hosts listed directly in this group, in the order added. */
  readonly hosts: Host[] = [];
  readonly children: Group[] = [];
  readonly parents: Group[] = [];
  private hostsCache: Host[] | undefined;

  constructor(readonly name: string) {}

  /** Every group above this one (not ordered). */
  ancestors(): Set<Group> {
    return walk(this, 'parents');
  }

  /**
   * This group then its descendants, breadth first, as ansible's `get_descendants(include_self,
   * preserve_ordering)` lists them (a group may appear more than once; hosts are deduplicated).
   */
  private descendantsInOrder(): Group[] {
    const ordered: Group[] = [this, ...this.children];
    const seen = new Set<Group>();
    let unprocessed = new Set<Group>([this, ...this.children]);
    while (unprocessed.size > 0) {
      for (const g of unprocessed) seen.add(g);
      const next = new Set<Group>();
      for (const g of unprocessed) {
        for (const child of g.children) {
          next.add(child);
          if (!seen.has(child)) ordered.push(child);
        }
      }
      for (const g of seen) next.delete(g);
      unprocessed = next;
    }
    return ordered;
  }

  addChild(child: Group): boolean {
    if (child === this) throw new InventoryError('inventory-group-loop', "can't add group to itself");
    if (this.children.includes(child)) return false;
    const newAncestors = this.ancestors();
    if (newAncestors.has(child)) {
      throw new InventoryError(
        'inventory-group-loop',
        `Adding group '${child.name}' as child to '${this.name}' creates a recursive dependency loop.`,
      );
    }
    const childAncestors = child.ancestors();
    newAncestors.add(this);
    for (const g of childAncestors) newAncestors.delete(g);
    this.children.push(child);
    child.depth = Math.max(this.depth + 1, child.depth);
    child.checkChildrenDepth();
    if (!child.parents.some((p) => p.name === this.name)) {
      child.parents.push(this);
      for (const host of child.allHosts(true)) host.addAncestors(newAncestors);
    }
    this.clearHostsCache();
    return true;
  }

  private checkChildrenDepth(): void {
    let depth = this.depth;
    const start = this.depth;
    const seen = new Set<Group>();
    let unprocessed = new Set<Group>(this.children);
    while (unprocessed.size > 0) {
      for (const g of unprocessed) seen.add(g);
      depth += 1;
      const current = unprocessed;
      unprocessed = new Set();
      for (const g of current) {
        if (g.depth < depth) {
          g.depth = depth;
          for (const c of g.children) unprocessed.add(c);
        }
      }
      if (depth - start > seen.size) {
        throw new InventoryError('inventory-group-loop', `The group named '${this.name}' has a recursive dependency loop.`);
      }
    }
  }

  addHost(host: Host): boolean {
    if (this.hosts.includes(host)) return false;
    this.hosts.push(host);
    host.addGroup(this);
    this.clearHostsCache();
    return true;
  }

  removeHost(host: Host): boolean {
    const at = this.hosts.indexOf(host);
    if (at < 0) return false;
    this.hosts.splice(at, 1);
    host.removeGroup(this);
    this.clearHostsCache();
    return true;
  }

  setVariable(key: string, value: Data): void {
    if (key === 'ansible_group_priority') {
      const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
      if (!Number.isNaN(n)) this.priority = n;
      return;
    }
    this.vars.set(key, value);
  }

  clearHostsCache(): void {
    this.hostsCache = undefined;
    for (const g of this.ancestors()) g.hostsCache = undefined;
  }

  /**
   * Hosts of this group and its descendants, in ansible's order. `all` leaves out the implicit
   * localhost; `includeImplicit` is for internal bookkeeping.
   */
  allHosts(includeImplicit = false): Host[] {
    if (includeImplicit) return this.collectHosts(true);
    this.hostsCache ??= this.collectHosts(false);
    return this.hostsCache;
  }

  private collectHosts(includeImplicit: boolean): Host[] {
    const hosts: Host[] = [];
    const seen = new Set<Host>();
    for (const kid of this.descendantsInOrder()) {
      for (const h of kid.hosts) {
        if (seen.has(h)) continue;
        seen.add(h);
        if (!includeImplicit && this.name === 'all' && h.implicit) continue;
        hosts.push(h);
      }
    }
    return hosts;
  }
}

function walk(start: Group, rel: 'parents' | 'children'): Set<Group> {
  const seen = new Set<Group>();
  let unprocessed = new Set<Group>(start[rel]);
  while (unprocessed.size > 0) {
    for (const g of unprocessed) seen.add(g);
    const next = new Set<Group>();
    for (const g of unprocessed) for (const r of g[rel]) if (!seen.has(r)) next.add(r);
    unprocessed = next;
  }
  return seen;
}

/** Ansible's group-vars order: depth, then priority, then name. */
export function sortGroups(groups: Iterable<Group>): Group[] {
  return [...groups].sort((a, b) => a.depth - b.depth || a.priority - b.priority || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
