/**
 * Binds a filter's positional and keyword arguments to its parameters. The registry has already
 * refused a call its Python signature would not bind (plugin-signatures.ts).
 */
import type { PluginValue } from '../plugin.js';
import type { Value } from '../runtime/py-object.js';

/** Up to six bound parameters, each always present (defaults filled in). */
export type Bound = [Value, Value, Value, Value, Value, Value];

export function bindArgs(args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>, params: readonly (readonly [string, Value])[]): Bound {
  const out: Value[] = params.map(([, d]) => d);
  args.forEach((a, i) => {
    out[i] = a as Value;
  });
  for (const [k, v] of kwargs) {
    const i = params.findIndex(([n]) => n === k);
    if (i >= 0) out[i] = v as Value;
  }
  return out as Bound;
}
