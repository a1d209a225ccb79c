/** Small conversions the actions share. */
import { pyStr, type Data } from '../core/data.js';
import { toBool } from '../run/keyword-values.js';

export { pyStr };
export type { Data };

export function toBoolLike(value: Data | undefined): boolean {
  return toBool(value) ?? false;
}

export function asStringList(value: Data | undefined): string[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.map(pyStr) : [pyStr(value)];
}
