/**
 * The plugin points of the template engine: filters, tests and lookups, each a function in a
 * registry. A new plugin is a new file that calls `registerFilters` / `registerTests` /
 * `registerLookups`; nothing else changes.
 */
import type { Data } from '../core/data.js';
import type { LookupEnvironment, PythonProcess, RenderOptions, TemplateWarning, VarSource } from './api.js';
import type { Undefined } from './runtime/undefined.js';
import type { PyObject } from './runtime/py-object.js';
import type { SourceLocation } from '../core/source-location.js';
import { FILTER_SIGNATURES, TEST_SIGNATURES } from './plugin-signatures.js';
import { checkCall, parseSignature, positionalNames, type CallSignature } from './py-call-signature.js';

/** How a plugin renders text of its own. */
export interface NestedRenderOptions {
  /** Variables shadowing the current ones for this text only (the template lookup's `template_*`). */
  readonly extraVars?: ReadonlyMap<string, Data | PyObject>;
  /** Where the text was written: named by its errors (a template file, a variable's definition). */
  readonly origin?: SourceLocation;
  /** Delimiters of its own (the template lookup's `variable_start_string` …). */
  readonly delimiters?: RenderOptions['delimiters'];
  /** Jinja's trim_blocks for this text (the template lookup's option; default on). */
  readonly trimBlocks?: boolean;
  /** The directories its `include`/`import` search (only with `extraVars`). */
  readonly includeSearchPath?: readonly string[];
  /** The file the text was read from: a template file's string literals decode their escapes (no escape_backslashes). */
  readonly templatePath?: string;
}

/** Errors raised rendering a plugin's own text: a lookup lets them through as they are. */
export const nestedRenderErrors = new WeakSet<Error>();

/** A value as a plugin sees it: data, or Undefined (only `default`, `mandatory`, `defined` … care). */
export type PluginValue = Data | Undefined;

export interface PluginContext {
  readonly vars: VarSource;
  readonly lookup?: LookupEnvironment;
  /**
   * Renders text with the current variables (the `template` lookup, `vars` lookup values). Its
   * errors pass through the lookup unwrapped, as 2.19's do.
   */
  renderString(text: string, options?: NestedRenderOptions): Data;
  /** A warning or deprecation for the display (RenderOptions.warn), when the caller gave one. */
  warn?(warning: TemplateWarning): void;
  /** The Python process 2.19 would render in (RenderOptions.process), when the caller gave one. */
  readonly process?: PythonProcess | undefined;
  /** Where the template being rendered was written (RenderOptions.origin), when known. */
  readonly origin?: SourceLocation | undefined;
  /** Where the filter's input was defined, when it is read straight from a variable (2.19's tag). */
  readonly inputOrigin?: SourceLocation | undefined;
}

export type FilterFn = (
  ctx: PluginContext,
  value: PluginValue,
  args: readonly PluginValue[],
  kwargs: ReadonlyMap<string, PluginValue>,
) => PluginValue;

export type TestFn = (
  ctx: PluginContext,
  value: PluginValue,
  args: readonly PluginValue[],
  kwargs: ReadonlyMap<string, PluginValue>,
) => boolean;

/** A lookup returns a list (what `query` gives; `lookup` joins strings with commas unless wantlist). */
export type LookupFn = (ctx: PluginContext, terms: readonly Data[], kwargs: ReadonlyMap<string, PluginValue>) => Data[];

export const filters = new Map<string, FilterFn>();
export const tests = new Map<string, TestFn>();
export const lookups = new Map<string, LookupFn>();

/** Registers under the short name and, for Ansible's, the FQCN too (`ansible.builtin.to_json`). */
export function registerFilters(record: Record<string, FilterFn>, namespace?: string): void {
  for (const [name, written] of Object.entries(record)) {
    const fn = bindingChecked(written, FILTER_SIGNATURES[shortName(name)]);
    filters.set(name, fn);
    if (namespace) filters.set(`${namespace}.${name}`, fn);
  }
}

export function registerTests(record: Record<string, TestFn>, namespace?: string): void {
  for (const [name, written] of Object.entries(record)) {
    const fn = bindingChecked(written, TEST_SIGNATURES[shortName(name)]);
    tests.set(name, fn);
    if (namespace) tests.set(`${namespace}.${name}`, fn);
  }
}

/**
 * Keywords that name the next positional parameters become positional arguments, as Python binds
 * them, so a plugin may read its arguments by position (`x is divisibleby(num=2)`).
 */
function keywordsAsPositional(names: readonly string[], args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>): [readonly PluginValue[], ReadonlyMap<string, PluginValue>] {
  let outArgs = args;
  let outKwargs = kwargs;
  for (let i = args.length; i < names.length && outKwargs.has(names[i] as string); i++) {
    const name = names[i] as string;
    outArgs = [...outArgs, outKwargs.get(name) as PluginValue];
    const rest = new Map(outKwargs);
    rest.delete(name);
    outKwargs = rest;
  }
  return [outArgs, outKwargs];
}

function shortName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * The plugin, first refusing arguments its Python signature would not bind (Python's TypeError),
 * so no plugin checks its own argument count.
 */
function bindingChecked<F extends FilterFn | TestFn>(fn: F, signature: string | undefined): F {
  if (signature === undefined) return fn;
  let parsed: CallSignature | undefined;
  const checked = (ctx: PluginContext, value: PluginValue, args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>): ReturnType<F> => {
    parsed ??= parseSignature(signature);
    checkCall(parsed, args.length, [...kwargs.keys()]);
    if (kwargs.size === 0) return fn(ctx, value, args, kwargs) as ReturnType<F>;
    const [boundArgs, boundKwargs] = keywordsAsPositional(positionalNames(parsed), args, kwargs);
    return fn(ctx, value, boundArgs, boundKwargs) as ReturnType<F>;
  };
  return checked as unknown as F;
}

export function registerLookups(record: Record<string, LookupFn>, namespace?: string): void {
  for (const [name, fn] of Object.entries(record)) {
    lookups.set(name, fn);
    if (namespace) lookups.set(`${namespace}.${name}`, fn);
  }
}

/**
 * Plugins the user ships (Python `filter_plugins/` …), set by the CLI. Consulted before the
 * registries for a short or `ansible.legacy.` name, as ansible-core's loader searches the user's
 * directories before its own; undefined when the user has none of that name.
 */
export interface UserPlugins {
  filter(name: string): FilterFn | undefined;
  test(name: string): TestFn | undefined;
  lookup(name: string): LookupFn | undefined;
}

export let userPlugins: UserPlugins | undefined;

export function setUserPlugins(plugins: UserPlugins | undefined): void {
  userPlugins = plugins;
}
