import type { Data, DictKey } from '../core/data.js';
import type { VarSource } from '../template/api.js';
import { SourceView } from './source-view.js';

/** What HostVars needs from the variable manager. */
export interface HostVarsProvider {
  /** The variables `hostvars[name]` shows (no play or task context), or undefined for an unknown host. */
  hostVarsSource(name: string): VarSource | undefined;
  /** Inventory host names, in inventory order. */
  hostNames(): Iterable<string>;
}

/**
 * The `hostvars` magic variable: a dict of host name → that host's variables, built only for
 * the hosts a template reads. `hostvars['localhost']` works without localhost in the inventory
 * (the implicit localhost), though iteration lists inventory hosts only, as ansible's does.
 */
export class HostVars extends Map<DictKey, Data> {
  constructor(private readonly provider: HostVarsProvider) {
    super();
  }

  override get(key: DictKey): Data | undefined {
    if (typeof key !== 'string') return undefined;
    const source = this.provider.hostVarsSource(key);
    return source === undefined ? undefined : new SourceView(source, undefined, key);
  }

  override has(key: DictKey): boolean {
    return typeof key === 'string' && this.provider.hostVarsSource(key) !== undefined;
  }

  override get size(): number {
    let n = 0;
    for (const _ of this.provider.hostNames()) n++;
    return n;
  }

  override *keys(): MapIterator<DictKey> {
    yield* this.provider.hostNames();
  }

  override *values(): MapIterator<Data> {
    for (const key of this.keys()) yield this.get(key) as Data;
  }

  override *entries(): MapIterator<[DictKey, Data]> {
    for (const key of this.keys()) yield [key, this.get(key) as Data];
  }

  override [Symbol.iterator](): MapIterator<[DictKey, Data]> {
    return this.entries();
  }

  override forEach(callback: (value: Data, key: DictKey, map: Map<DictKey, Data>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  override set(_key: DictKey, _value: Data): this {
    throw new TypeError('hostvars is read-only');
  }

  override delete(_key: DictKey): boolean {
    throw new TypeError('hostvars is read-only');
  }

  override clear(): void {
    throw new TypeError('hostvars is read-only');
  }
}
