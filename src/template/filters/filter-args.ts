/**
 * Binds a filter's positional and keyword arguments to its Python signature, with Python's
 * errors for unknown or duplicate arguments.
 */
import type { PluginValue } from '../plugin.js';
import { typeError } from '../runtime/py-exception.js';
import type { Value } from '../runtime/py-object.js';

/** Up to six bound parameters, each always present (defaults filled in). */
export type Bound = [Value, Value, Value, Value, Value, Value];

export function bindArgs(
  fname: string,
  args: readonly PluginValue[],
  kwargs: ReadonlyMap<string, PluginValue>,
  params: readonly (readonly [string, Value])[],
): Bound {
  if (args.length > params.length) {
    throw typeError(`${fname}() takes from 1 to ${params.length + 1} positional arguments but ${args.length + 1} were given`);
  }
  const out: Value[] = params.map(([, d]) => d);
  args.forEach((a, i) => {
    out[i] = a as Value;
  });
  for (const [k, v] of kwargs) {
    const i = params.findIndex(([n]) => n === k);
    if (i < 0) throw typeError(`${fname}() got an unexpected keyword argument '${k}'`);
    if (i < args.length) throw typeError(`${fname}() got multiple values for argument '${k}'`);
    out[i] = v as Value;
  }
  return out as Bound;
}
