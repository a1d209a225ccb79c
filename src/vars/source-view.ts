import type { Data, DictKey } from '../core/data.js';
import type { VarSource } from '../template/api.js';
import { LazyDict } from './lazy-dict.js';

/**
 * A read-only dict whose entries are a VarSource's variables, read on demand. `hostvars['web1']`
 * and `vars` are these: nothing is copied until a key is read, and `varSource` tells the
 * template engine which variables to render a value found here with (ansible templates
 * hostvars values in that host's context).
 */
export class SourceView extends LazyDict {
  constructor(
    readonly varSource: VarSource,
    /** Names hidden from the view (`vars` does not contain itself). */
    private readonly hidden: ReadonlySet<string> = NO_NAMES,
    /** For messages and `repr`: whose variables these are. */
    readonly label = '',
  ) {
    super('a variables view');
  }

  override get(key: DictKey): Data | undefined {
    if (typeof key !== 'string' || this.hidden.has(key)) return undefined;
    return this.varSource.get(key);
  }

  override has(key: DictKey): boolean {
    return typeof key === 'string' && !this.hidden.has(key) && this.varSource.has(key);
  }

  override *keys(): MapIterator<DictKey> {
    for (const key of this.varSource.keys()) if (!this.hidden.has(key)) yield key;
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** The VarSource a dict value should be rendered with, when it is a view of one. */
export function scopeOf(value: unknown): VarSource | undefined {
  return value instanceof SourceView ? value.varSource : undefined;
}
