/** Converting keyword values the way ansible's FieldAttribute types do (isa='bool', 'int', 'string'). */
import { PyFloat, pyStr, type Data } from '../core/data.js';
import type { Keyword } from '../playbook/model.js';
import type { SourceLocation } from '../core/source-location.js';
import { valueOrigin } from '../core/value-origins.js';
import { keywordIntValue } from '../core/python-int.js';
import { isOmit } from '../template/index.js';
import { parsePyFloat } from '../template/filters/jinja-numbers.js';

const TRUE_WORDS = new Set(['y', 'yes', 'on', '1', 'true', 't']);
const FALSE_WORDS = new Set(['n', 'no', 'off', '0', 'false', 'f', '']);

/** ansible's `boolean()`: None is false; unknown strings are false (non-strict). */
export function toBool(value: Data | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (value instanceof PyFloat) return value.value === 1;
  const text = pyStr(value).trim().toLowerCase();
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return false;
}

/** Whether ansible's strict boolean() takes the value (what a bool keyword must be once templated). */
export function isStrictBool(value: Data): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  if (value instanceof PyFloat) return value.value === 0 || value.value === 1;
  return TRUE_WORDS.has(pyStr(value).trim().toLowerCase()) || (FALSE_WORDS.has(pyStr(value).trim().toLowerCase()) && pyStr(value).trim() !== '');
}

export function keywordBool(kw: Keyword | undefined): boolean | undefined {
  return kw === undefined ? undefined : toBool(kw.value);
}

export function keywordInt(kw: Keyword | undefined): number | undefined {
  if (kw === undefined || kw.value === null) return undefined;
  const v = kw.value;
  if (typeof v === 'number') return v;
  if (v instanceof PyFloat) return Math.trunc(v.value);
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = Number.parseInt(pyStr(v), 10);
  return Number.isNaN(n) ? undefined : n;
}

/**
 * An `int` keyword as 2.19 converts it (whole numbers only: '2.0', '1e1' and 2.0 are 2 and 10 and 2;
 * 1.5 is refused), or undefined when it is unset or refused (the task's checks report that).
 */
export function keywordWholeInt(kw: Keyword | undefined): number | undefined {
  if (kw === undefined || kw.value === null) return undefined;
  try {
    return keywordIntValue(kw.value);
  } catch {
    return undefined;
  }
}

/** A `percent` keyword (max_fail_percentage) as 2.19 converts it: float() of it, its `%` signs dropped. */
export function keywordPercent(value: Data | undefined): number | undefined {
  if (value === undefined || value === null || isOmit(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof PyFloat) return value.value;
  return parsePyFloat(pyStr(value).replace(/%/g, ''));
}

export function keywordText(kw: Keyword | undefined): string | undefined {
  if (kw === undefined || kw.value === null) return undefined;
  return pyStr(kw.value);
}

/** A conditional keyword's conditions (one, or a list), each with where it was written. */
export function conditionsOf(kw: Keyword): Array<readonly [Data, SourceLocation]> {
  if (!Array.isArray(kw.value)) return [[kw.value, kw.loc]];
  const list = kw.value;
  return list.map((cond, i) => [cond, valueOrigin(list, i) ?? kw.loc] as const);
}
