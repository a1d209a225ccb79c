import type { Data, DataDict } from '../core/data.js';
import type { Group } from './group.js';

const IPV4_LIKE = /^(?:(?:[01]?[0-9]{1,2}|2[0-4][0-9]|25[0-5])\.){3}(?:[01]?[0-9]{1,2}|2[0-4][0-9]|25[0-5])$/;

/** One inventory host: its own variables and the groups it belongs to (ancestors included). */
export class Host {
  /** Variables set on the host itself by inventory sources (inventory_file/dir first). */
  readonly vars: DataDict = new Map();
  /** Every group the host is in, directly or through a child group, in the order joined. */
  readonly groups: Group[] = [];
  /** The implicit localhost: made on demand, matched by name but never by `all`. */
  implicit = false;

  constructor(readonly name: string) {}

  /** Adds a group and its ancestors (ancestors first, as ansible does). */
  addGroup(group: Group): boolean {
    for (const ancestor of group.ancestors()) if (!this.groups.includes(ancestor)) this.groups.push(ancestor);
    if (this.groups.includes(group)) return false;
    this.groups.push(group);
    return true;
  }

  addAncestors(groups: Iterable<Group>): void {
    for (const g of groups) if (!this.groups.includes(g)) this.groups.push(g);
  }

  removeGroup(group: Group): boolean {
    const at = this.groups.indexOf(group);
    if (at < 0) return false;
    this.groups.splice(at, 1);
    // Drop ancestors no longer reached through another group, except `all`.
    for (const old of group.ancestors()) {
      if (old.name === 'all') continue;
      if (!this.groups.some((g) => g.ancestors().has(old))) this.removeGroup(old);
    }
    return true;
  }

  setVariable(key: string, value: Data): void {
    this.vars.set(key, value);
  }

  /** `group_names`: every group but `all`, sorted. */
  groupNames(): string[] {
    return this.groups
      .filter((g) => g.name !== 'all')
      .map((g) => g.name)
      .sort();
  }

  /** `inventory_hostname_short`: up to the first dot, unless the name is an IP address. */
  shortName(): string {
    if (IPV4_LIKE.test(this.name) || (this.name.includes(':') && /^[0-9a-fA-F:.]+$/.test(this.name))) return this.name;
    return this.name.split('.')[0] ?? this.name;
  }
}
