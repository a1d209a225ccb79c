import type { Data, DictKey } from '../core/data.js';

/**
 * A read-only dict whose entries are computed when read. Volant's data model wants dicts to be
 * `Map`s, so `hostvars` and `vars` are Map subclasses that answer from elsewhere; subclasses
 * define `get`, `has` and `keys`, everything else follows from them.
 */
export abstract class LazyDict extends Map<DictKey, Data> {
  constructor(private readonly what: string) {
    super();
  }

  abstract override get(key: DictKey): Data | undefined;
  abstract override has(key: DictKey): boolean;
  abstract override keys(): MapIterator<DictKey>;

  override get size(): number {
    let n = 0;
    for (const _ of this.keys()) n++;
    return n;
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
    throw new TypeError(`${this.what} is read-only`);
  }

  override delete(_key: DictKey): boolean {
    throw new TypeError(`${this.what} is read-only`);
  }

  override clear(): void {
    throw new TypeError(`${this.what} is read-only`);
  }
}
