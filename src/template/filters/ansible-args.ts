/**
 * Small helpers every Ansible plugin file shares: reading a positional-or-keyword argument the
 * way Python binds it, refusing Undefined, and raising errors in Ansible's words.
 */
import { TemplateError } from '../../core/errors.js';
import { PyFloat, isStringLike, isTuple, pyStr, textOf, type Data, type DataDict, type DictKey } from '../../core/data.js';
import { valueOrigin } from '../../core/value-origins.js';
import { isIterableObject, taggedTypeName, typeName } from '../runtime/py-values.js';
import { PlainUndefined, Undefined, undefinedError } from '../runtime/undefined.js';
import { OMIT_PLACEHOLDER } from '../runtime/omit.js';
import { PyObject } from '../runtime/py-object.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { isGroupTuple } from '../runtime/group-tuple.js';
import type { PluginValue } from '../plugin.js';

/** A plugin failure: the engine prefixes it with "The filter plugin '…' failed:". */
export function pluginError(message: string, cause?: unknown): TemplateError {
  return new TemplateError('filter-error', message, cause === undefined ? {} : { cause });
}

/**
 * An AnsibleError a plugin raises while handling another error (in an `except`, without
 * `from`): 2.19 shows it under the plugin's failure as a cause of its own, with no origin.
 */
export function raisedWhileHandling(message: string): TemplateError {
  return new TemplateError('filter-error', message, { context: '' });
}

/** An AnsibleError raised `from` another: its text is `message: cause`. */
export function chainedError(message: string, cause: string): TemplateError {
  // NOTE: AnsibleError drops the message's final period before appending its cause.
  return new TemplateError('filter-error', `${message.replace(/\.$/, '')}: ${cause}`);
}

/** Python's TypeError for math functions given a non-number. */
export function realNumberError(value: Data): string {
  return `must be real number, not ${typeName(value)}`;
}

/**
 * Data, or the Undefined error Ansible raises when a plugin touches an undefined value (the
 * engine's own UndefinedError, so it reports it like any other undefined variable).
 */
export function defined(value: PluginValue | undefined): Data {
  if (value instanceof Undefined) throw undefinedError(value);
  return value === undefined ? null : value;
}

/**
 * `defined`, but an inline if's Undefined passes as it is: Jinja's own lenient class, which 2.19
 * hands the filter (inline-if-input.ts). Filters that take it this way treat it as that object.
 */
export function definedOrInlineIf(value: PluginValue | undefined): Data {
  return value instanceof PlainUndefined ? (value as unknown as Data) : defined(value);
}

/**
 * `defined`, and the first undefined value inside its lists and dicts raised too: serializing
 * (to_json, to_yaml) reads every value, as 2.19's lazy containers do when dumped.
 */
export function definedDeep(value: PluginValue | undefined): Data {
  const data = defined(value);
  const visit = (item: unknown): void => {
    if (item instanceof Undefined) throw undefinedError(item);
    if (Array.isArray(item)) for (const x of item) visit(x);
    else if (item instanceof Map) for (const x of item.values()) visit(x);
  };
  visit(data);
  return data;
}

/**
 * Python's binding of `def f(value, a=…, b=…)`: the argument at `index` (after the input), or
 * the keyword `name`, or `undefined` when neither was passed.
 */
export function argument(
  args: readonly PluginValue[],
  kwargs: ReadonlyMap<string, PluginValue>,
  index: number,
  name: string,
): Data | undefined {
  if (index < args.length) {
    if (kwargs.has(name)) throw pluginError(`got multiple values for argument '${name}'`);
    return defined(args[index]);
  }
  return kwargs.has(name) ? defined(kwargs.get(name)) : undefined;
}

/** `argument`, an inline if's Undefined passing as it is (see definedOrInlineIf). */
export function argumentOrInlineIf(args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>, index: number, name: string): Data | undefined {
  if (index < args.length && !kwargs.has(name)) return definedOrInlineIf(args[index]);
  if (index >= args.length && kwargs.has(name)) return definedOrInlineIf(kwargs.get(name));
  return argument(args, kwargs, index, name);
}

/** Ansible's `to_text(value, nonstring='simplerepr')`: str() of anything. */
export function toText(value: Data): string {
  // NOTE: omit is an object of its own in 2.19: its text is '<<Omit>>'.
  if (value === OMIT_PLACEHOLDER) return '<<Omit>>';
  if (typeof value === 'string') return value;
  if (isStringLike(value)) return textOf(value);
  // An engine object (a range …) is its str(), as to_text makes it.
  const runtime: unknown = value;
  // NOTE: to_text decodes bytes (surrogateescape) where str() would give their repr.
  if (runtime instanceof PyBytes) return runtime.toText();
  if (runtime instanceof PyObject) return runtime.str();
  // to_text of an inline if's Undefined (Jinja's own class) is ''
  if (runtime instanceof PlainUndefined) return '';
  return pyStr(value);
}

/** Python's `type(x)` as `%s` prints it, e.g. `<class 'int'>`. */
export function pyClass(value: Data): string {
  const shown = wrappedClass(typeName(value));
  if (shown !== undefined) return shown;
  if (value === null) return "<class 'NoneType'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number' || typeof value === 'bigint') return "<class 'int'>";
  if (value instanceof PyFloat) return "<class 'float'>";
  if (isStringLike(value)) return "<class 'str'>";
  if (Array.isArray(value)) return "<class 'list'>";
  if (value instanceof Map) return "<class 'dict'>";
  const v: unknown = value;
  if (v instanceof PyObject) return `<class '${v.cTypeName ?? v.typeName}'>`;
  if (v instanceof PlainUndefined) return JINJA_UNDEFINED_CLASS;
  return "<class 'str'>";
}

/** The class of an inline if's Undefined (Jinja's own). */
export const JINJA_UNDEFINED_CLASS = "<class 'jinja2.runtime.Undefined'>";

/** The full class of a value a plugin received wrapped: a lazy container, or a str/int/float tagged with its origin. */
function wrappedClass(name: string): string | undefined {
  if (name.startsWith('_AnsibleLazyTemplate') || name === '_AnsibleLazyAccessTuple') return `<class 'ansible._internal._templating._lazy_containers.${name}'>`;
  if (name.startsWith('_AnsibleTagged')) return `<class 'ansible.module_utils._internal._datatag.${name}'>`;
  if (name === '_OmitType') return "<class 'ansible._internal._templating._utils._OmitType'>";
  return undefined;
}

/**
 * `type(x)` as Ansible 2.19 prints it in type errors: lists, dicts and tuples that reach a plugin
 * are its lazy containers.
 */
export function ansibleClass(value: Data): string {
  const tagged = wrappedClass(typeName(value));
  if (tagged !== undefined && !tagged.includes('_AnsibleLazy')) return tagged;
  if (Array.isArray(value) && !isTuple(value)) return "<class 'ansible._internal._templating._lazy_containers._AnsibleLazyTemplateList'>";
  if (value instanceof Map) return "<class 'ansible._internal._templating._lazy_containers._AnsibleLazyTemplateDict'>";
  if (Array.isArray(value)) return isGroupTuple(value) ? "<class 'tuple'>" : "<class 'ansible._internal._templating._lazy_containers._AnsibleLazyAccessTuple'>";
  return pyClass(value);
}

/**
 * The type name Python's errors print for a container's item inside a plugin: a lazy container's
 * items are lazy too, and an item written in a file is tagged with its origin.
 */
export function elementTypeName(container: readonly Data[] | DataDict, key: DictKey): string {
  const item = (Array.isArray(container) ? container[key as number] : (container as DataDict).get(key)) as Data;
  if (valueOrigin(container, key) !== undefined) return taggedTypeName(item) ?? typeName(item);
  return typeName(item);
}

/** Iterates a value as Python's `list(x)` does: lists, dict keys, string characters. */
export function iterate(value: Data, what = 'object'): Data[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Map) return [...value.keys()];
  if (isStringLike(value) && value !== OMIT_PLACEHOLDER) return [...textOf(value)];
  // range(), dict views and other runtime iterables.
  if (isIterableObject(value)) return Array.from(value as Iterable<Data>);
  throw pluginError(`'${typeName(value)}' ${what} is not iterable`);
}
