import { unopenedVaultRead } from '../unopened-vault.js';
/** to_json, to_nice_json, from_json: Python's json module with Ansible's defaults. */
import { dumpJson, type JsonDumpOptions } from '../../core/json.js';
import { VaultString, isStringLike, isTuple, pyRepr, textOf, truthy, type Data } from '../../core/data.js';
import type { FilterFn, PluginValue } from '../plugin.js';
import { argument, defined, definedDeep, pluginError, pyClass, toText } from './ansible-args.js';
import { loadsJson } from './ansible-python-json.js';
import { datetimeIso, replaceRuntime } from './ansible-runtime-values.js';
import { isOmit } from '../runtime/omit.js';
import { PyObject } from '../runtime/py-object.js';
import { PyDateTime } from '../runtime/py-datetime.js';
import { PyRange, typeName } from '../runtime/py-values.js';
import { typeError } from '../runtime/py-exception.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { PlainUndefined } from '../runtime/undefined.js';

/**
 * json.dumps' indent as JSONEncoder.iterencode reads it: a str is the unit itself, anything else
 * is `' ' * indent` (a negative int is no spaces, but still new lines; a float, list or dict fails
 * there as Python's repeat does). A str value is encoded before iterencode, so it never reads indent.
 */
export function jsonIndent(value: Data, indent: Data | undefined): number | string | undefined {
  if (indent === null || indent === undefined || isStringLike(value)) return undefined;
  if (isStringLike(indent)) return textOf(indent);
  if (typeof indent === 'boolean') return Number(indent);
  if (typeof indent === 'number' || typeof indent === 'bigint') return Number(indent);
  // NOTE: a lazy list's __rmul__ takes the str as its count; 2.19's tuple and dict have none.
  if (Array.isArray(indent) && !isTuple(indent)) throw typeError("'str' object cannot be interpreted as an integer");
  const type = Array.isArray(indent) ? '_AnsibleLazyAccessTuple' : typeName(indent);
  throw typeError(`can't multiply sequence by non-int of type '${type}'`);
}

/** NOTE: 2.19's JSON encoder reads a vaulted value's text: one no secret opens fails the filter's template. */
function openedVaultText(vault: VaultString): string {
  if (vault.reveal() === undefined) throw unopenedVaultRead(vault);
  return textOf(vault);
}

function dumpOptions(data: Data, kwargs: ReadonlyMap<string, PluginValue>, base: JsonDumpOptions): JsonDumpOptions {
  const options: JsonDumpOptions = { vaultText: openedVaultText, ...base };
  for (const [key, raw] of kwargs) {
    const value = defined(raw);
    if (key === 'indent') options.indent = jsonIndent(data, value);
    else if (key === 'sort_keys') options.sortKeys = truthy(value);
    else if (key === 'ensure_ascii') options.ensureAscii = truthy(value);
    else if (key === 'separators') {
      if (Array.isArray(value) && value.length === 2) options.separators = [toText(value[0] ?? ''), toText(value[1] ?? '')];
    } else if (key === 'profile' || key === 'vault_to_text' || key === 'preprocess_unsafe' || key === 'skipkeys' || key === 'check_circular' || key === 'allow_nan') {
      continue;
    } else throw pluginError(`JSONEncoder.__init__() got an unexpected keyword argument '${key}'`);
  }
  return options;
}

/** An inline if's own Undefined is a value 2.19's encoder refuses by its type (undefined.ts). */
function refusingPlainUndefined(value: PluginValue): PluginValue {
  if (value instanceof PlainUndefined) throw pluginError("Object of type 'Undefined' is not JSON serializable by the 'tagless' profile.");
  return value;
}

/**
 * A datetime inside the value is written as isoformat(), and a range() as the list it holds, as
 * Ansible's encoder does; omit is refused.
 */
function jsonable(value: Data): Data {
  const refused = unserializableType(value);
  if (refused) throw pluginError(`${refused} is not JSON serializable by the 'tagless' profile.`);
  return replaceRuntime(value, datetimeIso);
}

/** A dict key JSON cannot write (it takes str, int, float, bool and None): omit, a tuple. */
function unserializableKeyType(key: unknown): string | undefined {
  if (isOmit(key)) return "Key of type '_OmitType'";
  if (Array.isArray(key)) return "Key of type 'tuple'";
  return undefined;
}

/** The first value (in the encoder's order) that JSON cannot hold: omit, bytes, a runtime object. */
function unserializableType(value: Data): string | undefined {
  if (isOmit(value)) return "Object of type '_OmitType'";
  const v: unknown = value;
  if (v instanceof PyBytes) return "Object of type 'bytes'";
  if (v instanceof PyObject) return v instanceof PyDateTime || v instanceof PyRange ? undefined : `Object of type '${typeName(v)}'`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unserializableType(item);
      if (found) return found;
    }
  }
  if (value instanceof Map) {
    for (const [key, item] of value) {
      const found = unserializableKeyType(key) ?? unserializableType(item);
      if (found) return found;
    }
  }
  return undefined;
}

export const to_json: FilterFn = (_ctx, value, _args, kwargs) => {
  const data = jsonable(definedDeep(refusingPlainUndefined(value)));
  return dumpJson(data, dumpOptions(data, kwargs, {}));
};

export const to_nice_json: FilterFn = (_ctx, value, args, kwargs) => {
  const indent = argument(args, kwargs, 0, 'indent');
  const sortKeys = argument(args, kwargs, 1, 'sort_keys');
  const rest = new Map([...kwargs].filter(([k]) => k !== 'indent' && k !== 'sort_keys' && k !== 'separators'));
  const data = jsonable(definedDeep(refusingPlainUndefined(value)));
  return dumpJson(
    data,
    dumpOptions(data, rest, {
      indent: jsonIndent(data, indent === undefined ? 4 : defined(indent)),
      sortKeys: sortKeys === undefined ? true : truthy(sortKeys),
      separators: [',', ': '],
    }),
  );
};

/** The keywords json.loads passes on to JSONDecoder: accepted, their effects not implemented. */
const DECODER_KEYWORDS = new Set(['object_hook', 'parse_float', 'parse_int', 'parse_constant', 'strict', 'object_pairs_hook']);

/** 2.19's JSON profiles, by the names its serialization modules have. */
const JSON_PROFILES = new Set(['fallback_to_str', 'module_legacy_c2m', 'module_legacy_m2c', 'module_modern_c2m', 'module_modern_m2c', 'tagless', 'cache_persistence', 'inventory_legacy', 'legacy']);

/** 2.19 looks the profile's decoder up (a false profile is 'tagless') before json.loads runs. */
function checkProfile(profile: PluginValue | undefined): void {
  if (profile === undefined || !truthy(profile as Data)) return;
  const name = profile as Data;
  if (!isStringLike(name)) throw pluginError(`Name is ${pyClass(name)} instead of <class 'str'> or <class 'module'>.`);
  // NOTE: a dotted name is a module path 2.19 imports; Volant reads every named profile as tagless.
  if (!textOf(name).includes('.') && !JSON_PROFILES.has(textOf(name))) throw pluginError(`Unknown profile name ${pyRepr(name)}.`);
}

export const from_json: FilterFn = (_ctx, value, args, kwargs) => {
  const data: Data = defined(value);
  checkProfile(argument(args, kwargs, 0, 'profile'));
  if (!isStringLike(data)) {
    throw pluginError(`the JSON object must be str, bytes or bytearray, not ${typeName(data)}`);
  }
  const unknown = [...kwargs.keys()].find((k) => k !== 'profile' && !DECODER_KEYWORDS.has(k));
  if (unknown !== undefined) throw pluginError(`JSONDecoder.__init__() got an unexpected keyword argument '${unknown}'`);
  return loadsJson(textOf(data));
};

export const jsonFilters: Record<string, FilterFn> = { to_json, to_nice_json, from_json };
