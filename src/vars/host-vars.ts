import type { Data, DictKey } from '../core/data.js';
import type { VarSource } from '../template/api.js';
import { LazyDict } from './lazy-dict.js';
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
export class HostVars extends LazyDict {
  /** The template engine words type errors and misses with these, as ansible's HostVars does. */
  readonly pyTypeName = 'HostVars';

  constructor(private readonly provider: HostVarsProvider) {
    super('hostvars');
  }

  missingKeyMessage(key: DictKey): string {
    return `hostvars[${typeof key === 'string' ? `'${key}'` : String(key)}]`;
  }

  override get(key: DictKey): Data | undefined {
    if (typeof key !== 'string') return undefined;
    const source = this.provider.hostVarsSource(key);
    return source === undefined ? undefined : new HostVarsVars(source, undefined, key);
  }

  override has(key: DictKey): boolean {
    return typeof key === 'string' && this.provider.hostVarsSource(key) !== undefined;
  }

  override *keys(): MapIterator<DictKey> {
    yield* this.provider.hostNames();
  }
}

/** One host's variables as hostvars shows them (ansible's HostVarsVars). */
export class HostVarsVars extends SourceView {
  readonly pyTypeName = 'HostVarsVars';
}
