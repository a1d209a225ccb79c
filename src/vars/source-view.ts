import type { Data, DictKey } from '../core/data.js';
import type { VarSource } from '../template/api.js';

/**
 * A read-only dict (a `Map` as Volant's data model wants) whose entries are a VarSource's
 * variables, read on demand. `hostvars['web1']` and `vars` are these: nothing is copied until a
 * key is read, and `varSource` tells the template engine which variables to render a value
 * found here with (ansible templates hostvars values in that host's context).
 */
export class SourceView extends Map<DictKey, Data> {
  constructor(
    readonly varSource: VarSource,
    /** Names hidden from the view (`vars` does not contain itself). */
    private readonly hidden: ReadonlySet<string> = NO_NAMES,
    /** For messages and `repr`: whose variables these are. */
    readonly label = '',
  ) {
    super();
  }

  override get(key: DictKey): Data | undefined {
    if (typeof key !== 'string' || this.hidden.has(key)) return undefined;
    return this.varSource.get(key);
  }

  override has(key: DictKey): boolean {
    return typeof key === 'string' && !this.hidden.has(key) && this.varSource.has(key);
  }

  override get size(): number {
    let n = 0;
    for (const _ of this.keys()) n++;
    return n;
  }

  override *keys(): MapIterator<DictKey> {
    for (const key of this.varSource.keys()) if (!this.hidden.has(key)) yield key;
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
    throw new TypeError('variables views are read-only');
  }

  override delete(_key: DictKey): boolean {
    throw new TypeError('variables views are read-only');
  }

  override clear(): void {
    throw new TypeError('variables views are read-only');
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** The VarSource a dict value should be rendered with, when it is a view of one. */
export function scopeOf(value: unknown): VarSource | undefined {
  return value instanceof SourceView ? value.varSource : undefined;
}
