/**
 * A lookup's options as 2.19's config manager types them (`ensure_type`), by the type its
 * documentation declares, with the config manager's error words: a value of the wrong type
 * fails, a boolean is read leniently (anything not true-ish is false), an option with choices
 * refuses any other value.
 */
import { isStringLike, PyFloat, textOf, type Data } from '../../core/data.js';
import { TemplateError } from '../../core/errors.js';
import { decimalWholeNumber } from '../../core/python-int.js';
import type { PluginValue } from '../plugin.js';
import { defined, pluginError } from '../filters/ansible-args.js';
import { repr, typeName } from '../runtime/py-values.js';

/** The type names ansible's plugin docs use (printed as written in the error). */
export type OptionType = 'bool' | 'boolean' | 'int' | 'integer' | 'float' | 'list' | 'dict' | 'dictionary' | 'str' | 'string';

export interface OptionSpec {
  readonly type?: OptionType;
  readonly default?: Data;
  readonly choices?: readonly string[];
}

export const INVALID = Symbol('invalid');

/** convert_bool's non-strict boolean(): these are true, anything else false. */
export function lenientBool(value: Data): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (value instanceof PyFloat) return value.value === 1;
  if (isStringLike(value)) return ['y', 'yes', 'on', '1', 'true', 't'].includes(textOf(value).trim().toLowerCase());
  return false;
}

function toInt(value: Data): number | typeof INVALID {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return Number(value);
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? value.value : INVALID;
  if (isStringLike(value)) {
    return decimalWholeNumber(textOf(value)) ?? INVALID;
  }
  return INVALID;
}

/** ensure_type's conversion; INVALID when the value does not convert. */
export function ensureType(value: Data, type: OptionType | undefined): Data | typeof INVALID {
  switch (type) {
    case 'bool':
    case 'boolean':
      return lenientBool(value);
    case 'int':
    case 'integer':
      return toInt(value);
    case 'float':
      if (value instanceof PyFloat) return value;
      if (typeof value === 'number') return new PyFloat(value);
      if (isStringLike(value)) {
        const n = Number(textOf(value).trim());
        return textOf(value).trim() === '' || Number.isNaN(n) ? INVALID : new PyFloat(n);
      }
      return INVALID;
    case 'list':
      if (Array.isArray(value)) return [...value];
      if (isStringLike(value)) return textOf(value).split(',').map((x) => unquote(x.trim()));
      return INVALID;
    case 'dict':
    case 'dictionary':
      return value instanceof Map ? value : INVALID;
    case 'str':
    case 'string':
      if (isStringLike(value)) return value;
      if (typeof value === 'boolean' || typeof value === 'number' || value instanceof PyFloat) return repr(value);
      return INVALID;
    default:
      return value;
  }
}

/** ansible's unquote(): one pair of matching outer quotes removed. */
function unquote(text: string): string {
  return text.length >= 2 && (text[0] === '"' || text[0] === "'") && text.endsWith(text[0]) ? text.slice(1, -1) : text;
}

/**
 * One option of `plugin` from the lookup's keyword arguments (`Direct`): typed as declared;
 * absent or None gives the default.
 */
export function lookupOption(plugin: string, name: string, value: PluginValue | undefined, spec: OptionSpec): Data {
  const given = value === undefined ? null : defined(value);
  const origin = given === null ? 'default' : 'Direct';
  const raw = given ?? spec.default ?? null;
  if (raw === null) return null;
  const typed = ensureType(raw, spec.type);
  const label = `'${name}' for '${plugin}' lookup plugin`;
  if (typed === INVALID) {
    throw pluginError(`Config ${label} from '${origin}' has an invalid value: Invalid value provided for '${spec.type}': ${repr(raw)}`);
  }
  if (spec.choices && !(isStringLike(typed) && spec.choices.includes(textOf(typed)))) {
    throw new TemplateError('filter-error', `Invalid value ${repr(typed)} for config ${label}.`, { hint: `Valid values are: ${spec.choices.join(', ')}` });
  }
  return typed;
}

/** Every option of `specs` read from `kwargs` (unknown keywords are ignored, as 2.19 does). */
export function lookupOptions<K extends string>(plugin: string, kwargs: ReadonlyMap<string, PluginValue>, specs: Readonly<Record<K, OptionSpec>>): Record<K, Data> {
  const out = {} as Record<K, Data>;
  for (const name of Object.keys(specs) as K[]) out[name] = lookupOption(plugin, name, kwargs.get(name), specs[name]);
  return out;
}

/** A term a lookup calls a str method on: other types fail with Python's AttributeError words. */
export function strTerm(term: Data, method: string): string {
  if (isStringLike(term)) return textOf(term);
  throw pluginError(`'${typeName(term)}' object has no attribute '${method}'`);
}
