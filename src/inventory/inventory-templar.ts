/**
 * What the constructed and generator inventory plugins need of the template engine. The CLI
 * passes the engine in (inventory does not depend on template); this is its shape, structurally.
 */
import type { Data } from '../core/data.js';

/** Variables a template reads (the engine's VarSource). */
export interface InventoryVarSource {
  get(name: string): Data | undefined;
  has(name: string): boolean;
  keys(): Iterable<string>;
}

export interface InventoryTemplar {
  isTemplate(text: string): boolean;
  render(text: string, vars: InventoryVarSource): Data;
  evaluateExpression(expression: string, vars: InventoryVarSource): Data;
  evaluateConditional(condition: Data, vars: InventoryVarSource): boolean;
}

/** A dict as the variables a template sees. */
export function dictSource(dict: ReadonlyMap<Data, Data>): InventoryVarSource {
  return {
    get: (name) => dict.get(name),
    has: (name) => dict.has(name),
    keys: () => [...dict.keys()].map(String),
  };
}
