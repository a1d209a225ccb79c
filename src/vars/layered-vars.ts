import type { Data, DictKey } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { valueOrigin } from '../core/value-origins.js';
import type { VarSource } from '../template/api.js';
import { combinedValue } from './combine-vars.js';

/**
 * One layer of variables. A `Map` is one; computed layers (magic variables) implement the same
 * three methods.
 */
export interface VarLayer {
  get(name: DictKey): Data | undefined;
  has(name: DictKey): boolean;
  keys(): Iterable<DictKey>;
  /** Where the layer's value of `name` was written, when the layer is not a plain dict. */
  origin?(name: string): SourceLocation | undefined;
}

/** Where a layer's value of `name` was written (a dict's recorded origins, or the layer's own answer). */
export function layerOrigin(layer: VarLayer, name: string): SourceLocation | undefined {
  return layer instanceof Map ? valueOrigin(layer, name) : layer.origin?.(name);
}

/**
 * A VarSource made of layers, lowest precedence first. `get` walks from the highest layer down
 * and stops at the first that has the name, so nothing is copied to build a task's variables.
 *
 * NOTE: ansible combines with `dict | dict` (hash_behaviour=replace): a name set in a higher
 * layer replaces the whole value, dicts are not merged. `keys()` follows Python's order for
 * that union: first appearance, lowest layer first. With `mergeDicts` (hash_behaviour=merge) a
 * dict is merged with the dicts the layers below give the same name, down to the first value
 * that is no dict (which it replaces).
 */
export class LayeredVars implements VarSource {
  constructor(
    readonly layers: readonly VarLayer[],
    readonly mergeDicts = false,
  ) {}

  get(name: string): Data | undefined {
    const layers = this.layers;
    for (let i = layers.length - 1; i >= 0; i--) {
      const value = (layers[i] as VarLayer).get(name);
      if (value !== undefined) return this.mergeDicts && value instanceof Map ? this.mergedDown(name, value, i) : value;
    }
    return undefined;
  }

  private mergedDown(name: string, top: Data, index: number): Data {
    const higher: Data[] = [top];
    for (let i = index - 1; i >= 0; i--) {
      const value = (this.layers[i] as VarLayer).get(name);
      if (value === undefined) continue;
      if (!(value instanceof Map)) break;
      higher.push(value);
    }
    let out = higher.pop() as Data;
    while (higher.length > 0) out = combinedValue(out, higher.pop() as Data, true);
    return out;
  }

  has(name: string): boolean {
    const layers = this.layers;
    for (let i = layers.length - 1; i >= 0; i--) if ((layers[i] as VarLayer).has(name)) return true;
    return false;
  }

  /** The origin of the value `get` returns: the highest layer that has the name decides. */
  origin(name: string): SourceLocation | undefined {
    const layers = this.layers;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i] as VarLayer;
      if (layer.get(name) !== undefined) return layerOrigin(layer, name);
    }
    return undefined;
  }

  keys(): Iterable<string> {
    const seen = new Set<string>();
    for (const layer of this.layers) for (const key of layer.keys()) seen.add(String(key));
    return seen;
  }

  /** A new source with `top` above every layer (loop variables, `item`, `ansible_loop`). */
  with(top: VarLayer): LayeredVars {
    return new LayeredVars([...this.layers, top], this.mergeDicts);
  }
}

/** `withLocals(source, {item: …})`: any VarSource with one more layer on top. */
export function withLocals(source: VarSource, locals: VarLayer): VarSource {
  if (source instanceof LayeredVars) return source.with(locals);
  return new LayeredVars([sourceLayer(source), locals]);
}

/** Any VarSource seen as a layer. */
export function sourceLayer(source: VarSource): VarLayer {
  return {
    get: (name) => (typeof name === 'string' ? source.get(name) : undefined),
    has: (name) => typeof name === 'string' && source.has(name),
    keys: () => source.keys(),
    origin: (name) => source.origin?.(name),
  };
}
