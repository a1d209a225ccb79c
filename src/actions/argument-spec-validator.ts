/**
 * A role's argument spec checked as 2.19's ArgumentSpecValidator does on the controller, in its
 * words and order: the options in spec order (required, then types and list elements, then
 * choices), then the `options:` of dict options and lists of dicts ("… found in entries", with
 * the mutually_exclusive, required_* checks such an option carries), and unknown keys of those
 * last. (A role spec's top-level mutually_exclusive … are not applied: 2.19 passes only its options.) The agent's runtime validates module arguments the same way.
 */
import { PyFloat, isDict, pyEquals, pyRepr, pyStr, pyTypeName, truthy, type Data, type DataDict } from '../core/data.js';
import { isStrictBool, toBool } from '../run/keyword-values.js';
import { taggedTypeName } from './util.js';
import { humanToBytes } from '../template/filters/ansible-math.js';

class ConversionError extends Error {}

// NOTE: values that came from YAML or templates are tagged types in 2.19 (a number too, also
// one a template made: `{{ 5 }}`), and some of its messages print the class itself.
const TAGGED_CLASS: Readonly<Record<string, string>> = {
  str: "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedStr'>",
  list: "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedList'>",
  dict: "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedDict'>",
  int: "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedInt'>",
  float: "<class 'ansible.module_utils._internal._datatag._AnsibleTaggedFloat'>",
};

export const classOf = (value: Data): string => TAGGED_CLASS[pyTypeName(value)] ?? `<class '${pyTypeName(value)}'>`;

// NOTE: Python prints its set of booleans in hash order, which changes from run to run.
export const VALID_BOOLEANS = "'y', 'yes', 'on', '1', 'true', 't', 1, 'n', 'no', 'off', '0', 'false', 'f', 0";

/** `k=v k2="v 2"` or `k=v,k2=v2` as a dict, as check_type_dict splits it. */
function keyValueDict(text: string): DataDict {
  const fields: string[] = [];
  let buf = '';
  let quote: string | undefined;
  let escaped = false;
  for (const c of text.trim()) {
    if (escaped) {
      buf += c;
      escaped = false;
    } else if (c === '\\') escaped = true;
    else if (quote === undefined && (c === "'" || c === '"')) quote = c;
    else if (quote === c) quote = undefined;
    else if (quote === undefined && (c === ',' || c === ' ')) {
      if (buf !== '') fields.push(buf);
      buf = '';
    } else buf += c;
  }
  if (buf !== '') fields.push(buf);
  const out: DataDict = new Map();
  for (const field of fields) {
    const at = field.indexOf('=');
    if (at < 0) throw new ConversionError('unable to evaluate string in the "key=value" format as dictionary');
    out.set(field.slice(0, at), field.slice(at + 1));
  }
  return out;
}

function toDict(value: Data): DataDict {
  if (isDict(value)) return value;
  if (typeof value === 'string') {
    if (value.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return new Map(Object.entries(parsed as Record<string, Data>));
      } catch {
        // not JSON: Python's literal_eval is tried next, which Volant has not
      }
      throw new ConversionError('unable to evaluate string as dictionary');
    }
    if (value.includes('=')) return keyValueDict(value);
    throw new ConversionError('dictionary requested, could not parse JSON or key=value');
  }
  throw new ConversionError(`${classOf(value)} cannot be converted to a dict`);
}

/** check_type_bytes / check_type_bits: '10M' as a number (of bytes, of bits). */
function humanSize(value: Data, isbits: boolean): Data {
  try {
    return humanToBytes(pyStr(value), null, isbits);
  } catch {
    throw new ConversionError(`${classOf(value)} cannot be converted to a ${isbits ? 'Bit' : 'Byte'} value`);
  }
}

function jsonText(value: Data): Data {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value) || isDict(value)) return value;
  throw new ConversionError(`${classOf(value)} cannot be converted to a json string`);
}

const CHECKERS: Readonly<Record<string, (value: Data) => Data>> = {
  str: (value) => (typeof value === 'string' ? value : pyStr(value)),
  path: (value) => (typeof value === 'string' ? value : pyStr(value)),
  raw: (value) => value,
  int: (value) => {
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    const text = typeof value === 'string' ? value.trim() : value instanceof PyFloat ? String(value.value) : undefined;
    // a decimal with no fractional part ("3", "3.0", 3.0)
    if (text !== undefined && /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text) && Number.isInteger(Number(text))) return Number(text);
    throw new ConversionError(`"${pyRepr(value)}" cannot be converted to an int`);
  },
  float: (value) => {
    if (value instanceof PyFloat) return value;
    if (typeof value === 'number' || typeof value === 'boolean') return new PyFloat(Number(value));
    if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return new PyFloat(Number(value));
    throw new ConversionError(`${classOf(value)} cannot be converted to a float`);
  },
  bool: (value) => {
    if (typeof value === 'boolean') return value;
    if (!(typeof value === 'string' || typeof value === 'number' || value instanceof PyFloat)) {
      throw new ConversionError(`${classOf(value)} cannot be converted to a bool`);
    }
    if (!isStrictBool(value)) throw new ConversionError(`The value ${pyRepr(value)} is not a valid boolean. Valid booleans include: ${VALID_BOOLEANS}`);
    return toBool(value) ?? false;
  },
  list: (value) => {
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return value.split(',');
    if (typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat) return [pyStr(value)];
    throw new ConversionError(`${classOf(value)} cannot be converted to a list`);
  },
  dict: toDict,
  bytes: (value) => humanSize(value, false),
  bits: (value) => humanSize(value, true),
  // NOTE: 2.19 turns a list or dict into its JSON text; only whether it can is looked at here
  jsonarg: jsonText,
  json: jsonText,
  // the checkers some of 2.19's controller actions name as their options' types
  _check_type_str_no_conversion: (value) => {
    if (typeof value === 'string') return value;
    throw new ConversionError(`'${pyStr(value)}' is not a string and conversion is not allowed`);
  },
  _check_type_list_strict: (value) => (Array.isArray(value) ? value : [value]),
  str_or_list_of_str: (value) => {
    if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) return value;
    throw new ConversionError('a string or list of strings is required');
  },
};

/** An unknown key of a sub-option's dict, with what that dict takes. */
interface UnknownKey {
  readonly name: string;
  readonly supported: readonly string[];
  readonly aliases: readonly string[];
}

export interface SpecErrors {
  /** In the order 2.19 reports them. */
  readonly errors: string[];
  /** Unknown keys of sub-options, reported after everything else (see unsupportedErrors). */
  readonly unsupported: UnknownKey[];
  /** 2.19's warnings for a sub-option given both by its name and by an alias, in order. */
  readonly warnings?: string[];
}

/**
 * The unknown keys of every sub-option as 2.19 reports them: one error naming them all (the same
 * key of several list elements once), with what the dict takes and its aliases in parentheses.
 * NOTE: 2.19 takes that list from whichever of the keys its set yields last: Volant the last one
 * met (the same when the keys are all of one option).
 */
export function unsupportedErrors(out: SpecErrors): string[] {
  const last = out.unsupported.at(-1);
  if (last === undefined) return [];
  const names = [...new Set(out.unsupported.map((u) => u.name))].sort();
  const aliases = last.aliases.length > 0 ? ` (${[...last.aliases].sort().join(', ')})` : '';
  return [`${names.join(', ')}. Supported parameters include: ${[...last.supported].sort().join(', ')}${aliases}.`];
}

/**
 * An option's aliases as 2.19 handles them, in spec order: an alias given sets its option (over
 * the option's own value, with a warning for a sub-option's dict). Returns every alias.
 */
function applyAliases(options: ReadonlyArray<readonly [string, DataDict]>, values: DataDict, prefix: string | undefined, out: SpecErrors): string[] {
  const all: string[] = [];
  for (const [name, option] of options) {
    const aliases = option.get('aliases');
    for (const alias of Array.isArray(aliases) ? aliases.map(pyStr) : []) {
      all.push(alias);
      if (!values.has(alias)) continue;
      if (values.has(name) && prefix !== undefined) out.warnings?.push(`Both option ${prefix}${name} and its alias ${prefix}${alias} are set.`);
      values.set(name, values.get(alias) ?? null);
    }
  }
  return all;
}

const termList = (value: Data | undefined): string[][] =>
  Array.isArray(value) ? value.map((term) => (Array.isArray(term) ? term.map(pyStr) : [pyStr(term)])) : [];

/** How many of the names are keys of the parameters (ansible's count_terms). */
const countTerms = (names: readonly string[], params: DataDict): number => names.filter((n) => params.has(n)).length;

/**
 * The checks a dict option's (or list of dicts') spec may carry beside its `options`, as 2.19's
 * validator runs them on each sub-element after the values: required_together, required_one_of,
 * required_if, required_by (each reports its first failure).
 */
function additionalChecks(checks: DataDict, values: DataDict, foundIn: string): string[] {
  const out: string[] = [];
  const together = termList(checks.get('required_together')).find((term) => countTerms(term, values) > 0 && term.some((n) => !values.has(n)));
  if (together !== undefined) out.push(`parameters are required together: ${together.join(', ')}${foundIn}`);
  const oneOf = termList(checks.get('required_one_of')).find((term) => countTerms(term, values) === 0);
  if (oneOf !== undefined) out.push(`one of the following is required: ${oneOf.join(', ')}${foundIn}`);
  const requiredIf = checks.get('required_if');
  for (const rule of Array.isArray(requiredIf) ? requiredIf : []) {
    if (!Array.isArray(rule)) continue;
    const [key, wanted, needed, isOneOf] = rule;
    const names = Array.isArray(needed) ? needed.map(pyStr) : [];
    const missing = values.has(pyStr(key ?? null)) && pyEquals(values.get(pyStr(key ?? null)), wanted) ? names.filter((n) => !values.has(n)) : [];
    if (missing.length > 0 && missing.length >= (truthy(isOneOf) ? names.length : 0)) {
      out.push(`${pyStr(key ?? null)} is ${pyStr(wanted ?? null)} but ${truthy(isOneOf) ? 'any' : 'all'} of the following are missing: ${missing.join(', ')}${foundIn}`);
      break;
    }
  }
  const requiredBy = checks.get('required_by');
  for (const [key, needed] of isDict(requiredBy) ? requiredBy : []) {
    if (values.get(key) === undefined || values.get(key) === null) continue;
    const missing = (Array.isArray(needed) ? needed.map(pyStr) : [pyStr(needed ?? null)]).filter((n) => values.get(n) === undefined || values.get(n) === null);
    if (missing.length > 0) {
      out.push(`missing parameter(s) required by '${String(key)}': ${missing.join(', ')}${foundIn}`);
      break;
    }
  }
  return out;
}

/**
 * Checks `params` (the options given) against `spec`; returns the values converted. `checks`: the
 * option whose sub-options these are (its mutually_exclusive, required_if …).
 */
export function validateSpec(
  spec: DataDict,
  params: DataDict,
  context: readonly string[],
  out: SpecErrors,
  checks?: DataDict,
  /** How 2.19's warnings name this dict's keys (`users[1].`): given for a sub-option's dict only. */
  prefix?: string,
): DataDict {
  const values: DataDict = new Map(params);
  const foundIn = context.length > 0 ? ` found in ${context.join(' -> ')}` : '';
  const options = [...spec].map(([name, option]) => [String(name), isDict(option) ? option : new Map<string, Data>()] as const);
  const aliases = applyAliases(options, values, prefix, out);
  if (context.length > 0) {
    const known = new Set([...options.map(([name]) => name), ...aliases]);
    const supported = options.map(([name]) => name);
    for (const key of [...values.keys()].map(String)) {
      if (!known.has(key)) out.unsupported.push({ name: [...context, key].join('.'), supported, aliases });
    }
  }
  const exclusive = checks === undefined ? [] : termList(checks.get('mutually_exclusive')).filter((term) => countTerms(term, values) > 1);
  if (exclusive.length > 0) out.errors.push(`parameters are mutually exclusive: ${exclusive.map((term) => term.join('|')).join(', ')}${foundIn}`);
  for (const [name, option] of options) {
    const fallback = option.get('default');
    if (!values.has(name) && fallback !== undefined && fallback !== null) values.set(name, fallback);
  }
  const missing = options.filter(([name, option]) => option.get('required') === true && !values.has(name)).map(([name]) => name);
  if (missing.length > 0) out.errors.push(`missing required arguments: ${missing.sort().join(', ')}${foundIn}`);
  for (const [name, option] of options) {
    const value = values.get(name);
    if (value === undefined || (value === null && option.get('required') !== true)) continue;
    const wanted = pyStr(option.get('type') ?? 'str');
    const check = CHECKERS[wanted];
    if (check === undefined) continue;
    try {
      values.set(name, check(value));
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      const where = context.length > 0 ? ` found in '${context.join(' -> ')}'.` : '';
      out.errors.push(`argument '${name}' is of type ${pyTypeName(value)}${where} and we were unable to convert to ${wanted}: ${e.message}`);
      continue;
    }
    const elements = option.get('elements');
    const converted = values.get(name);
    const checkElement = typeof elements === 'string' ? CHECKERS[elements] : undefined;
    if (wanted !== 'list' || checkElement === undefined || !Array.isArray(converted)) continue;
    // an element that cannot be converted is left out of the list (2.19 keeps only those it converted)
    const kept: Data[] = [];
    for (const item of converted) {
      try {
        kept.push(checkElement(item));
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        const where = context.length > 0 ? ` found in '${context.join(' -> ')}'` : '';
        out.errors.push(`Elements value for option '${name}'${where} is of type ${pyTypeName(item)} and we were unable to convert to ${String(elements)}: ${e.message}`);
      }
    }
    values.set(name, kept);
  }
  for (const [name, option] of options) {
    const choices = option.get('choices');
    const value = values.get(name);
    if (!Array.isArray(choices) || value === undefined || value === null) continue;
    const allowed = choices.map(pyStr);
    if (Array.isArray(value)) {
      const unmatched = value.filter((v) => !allowed.includes(pyStr(v)));
      if (unmatched.length > 0) {
        out.errors.push(`value of ${name} must be one or more of: ${allowed.join(', ')}. Got no match for: ${unmatched.map(pyStr).join(', ')}${foundIn}`);
      }
    } else if (!allowed.includes(pyStr(value))) {
      out.errors.push(`value of ${name} must be one of: ${allowed.join(', ')}, got: ${pyStr(value)}${foundIn}`);
    }
  }
  if (checks !== undefined) out.errors.push(...additionalChecks(checks, values, foundIn));
  // NOTE: 2.19 checks a sub-option's dict in place: its defaults, converted values and None for
  // each option left out land in that dict, also when it is an option's default taken from the
  // spec, which argument_spec_data then shows so ({} becomes {"level": "low", "port": null}).
  if (context.length > 0) {
    for (const [name, value] of values) params.set(name, value);
    for (const [name] of options) if (!params.has(name)) params.set(name, null);
  }
  for (const [name, option] of options) {
    const sub = subOptions(option);
    // apply_defaults: a dict option left out is checked as an empty dict (its defaults, its required)
    if (sub !== undefined && truthy(option.get('apply_defaults') ?? false) && (values.get(name) ?? null) === null) values.set(name, new Map());
    const value = values.get(name);
    if (sub === undefined || value === undefined || value === null) continue;
    // each element in turn (a dict option given a list too), its no_log walk first
    for (const [index, item] of (Array.isArray(value) ? value : [value]).entries()) {
      if (!isDict(item)) {
        out.errors.push(`value of '${name}' must be of type dict or list of dicts`);
        continue;
      }
      out.errors.push(...leadingElementErrors(sub, item));
      const itemPrefix = `${prefix ?? ''}${name}${option.get('type') === 'list' ? `[${index}]` : ''}.`;
      validateSpec(sub, item, [...context, name], out, option, itemPrefix);
    }
  }
  return values;
}

/**
 * The `options:` 2.19 applies: only those of a dict, or of a list whose elements are dicts (a
 * list's `options:` without `elements: dict` are not checked at all).
 */
function subOptions(option: DataDict): DataDict | undefined {
  const sub = option.get('options');
  const type = option.get('type');
  return isDict(sub) && (type === 'dict' || (type === 'list' && option.get('elements') === 'dict')) ? sub : undefined;
}

/**
 * NOTE: 2.19 lists no_log values before it checks anything (the whole spec, then again each dict
 * of a sub-option before that dict's own checks). That walk goes down every option with
 * sub-options (each element of a list of dicts, a lone value taken as a one-element list), turns
 * a string into a dict and refuses anything else that is no dict: the first it cannot take ends
 * the walk, and is reported then.
 */
function noLogWalk(spec: DataDict, params: DataDict): void {
  for (const [name, option] of spec) {
    const value = params.get(name);
    if (!isDict(option) || value === undefined || value === null) continue;
    const sub = subOptions(option);
    if (sub === undefined) continue;
    for (const element of Array.isArray(value) ? value : [value]) {
      const item = typeof element === 'string' ? toDict(element) : element;
      if (!isDict(item)) {
        const wanted = pyStr(option.get('type') ?? null);
        throw new ConversionError(`Value '${pyStr(item)}' in the sub parameter field '${name}' must be a ${wanted}, not '${taggedTypeName(item)}'`);
      }
      noLogWalk(sub, item);
    }
  }
}

/** The error the no_log walk (see noLogWalk) stops at, if any. */
export function leadingElementErrors(spec: DataDict, params: DataDict): string[] {
  try {
    noLogWalk(spec, params);
    return [];
  } catch (e) {
    if (e instanceof ConversionError) return [e.message];
    throw e;
  }
}
