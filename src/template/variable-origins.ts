/** Where the value a variable (or a template that is just that variable) hands on was written. */
import type { Data } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import type { VarSource } from './api.js';

/** A template that is one variable and nothing else: its value is that variable's, tags and all. */
export const ONE_VARIABLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

/**
 * Where a variable's value was written. NOTE: a variable defined as exactly `{{ other }}` holds
 * other's value itself, and 2.19 names other's definition.
 */
export function valueOriginOf(vars: VarSource, name: string): SourceLocation | undefined {
  let current = name;
  for (let hops = 0; hops < 20; hops++) {
    const value = vars.get(current);
    const next = typeof value === 'string' ? ONE_VARIABLE.exec(value)?.[1] : undefined;
    if (next === undefined || !vars.has(next)) break;
    current = next;
  }
  return vars.origin?.(current);
}

/**
 * Where the value `written` renders to was written: the variable's definition when it is exactly
 * `{{ name }}`, else `at` (2.19 tags a template's result with the template's origin, and a plain
 * value has its own).
 */
export function renderedValueOrigin(written: Data, vars: VarSource, at: SourceLocation): SourceLocation {
  const name = typeof written === 'string' ? ONE_VARIABLE.exec(written)?.[1] : undefined;
  return (name !== undefined ? valueOriginOf(vars, name) : undefined) ?? at;
}
