/**
 * The user's Python filter, test and lookup plugins as the template engine sees them
 * (`UserPlugins`): names resolved as ansible-core 2.19 resolves them, calls made through the one
 * helper process of the run.
 *
 * - Filters and tests: the first time a template uses any filter (test) while the filter (test)
 *   directories hold plugin files, every file is loaded, as 2.19 loads them all at its first
 *   filter (test) lookup, and the files it skips are warned about then. A name a file defines
 *   wins over Volant's builtin of that name; `ansible.builtin.<name>` is always the builtin.
 * - Lookups: `<name>.py` in the lookup directories, found without Python; it runs, and only then
 *   starts the helper, when a template calls it.
 */
import { TemplateError } from '../core/errors.js';
import { pluginDirectories, type PluginDirectories, type PythonPluginKind } from '../core/plugin-directories.js';
import type { TemplateWarning } from '../template/api.js';
import { findFileInSearchPath, type SearchKind } from '../template/lookups/search-path.js';
import { PluginFailure } from '../template/plugin-failure.js';
import { filters, nestedRenderErrors, tests, type FilterFn, type LookupFn, type PluginContext, type PluginValue, type TestFn, type UserPlugins } from '../template/plugin.js';
import { PluginHost, PluginHostError, type HostReply } from './plugin-host.js';
import { fromWire, toWire } from './wire-values.js';

/** The run's display, for what plugins show outside a template's warnings. */
export interface PluginDisplay {
  /** Warnings printed when plugin files are loaded. */
  warn(message: string): void;
  /** `Display.display()` and the verbose messages (`Display.vvv()` at `verbosity` 3). */
  display?(text: string, options: { verbosity: number; stderr: boolean }): void;
  /** The run's -v count (`Display.verbosity`). */
  readonly verbosity?: number;
}

export interface PythonPluginsOptions extends PluginDisplay {
  /** The helper's Python sources (helper-sources.ts), loaded before the run. */
  readonly sources: Readonly<Record<string, string>>;
  readonly directories?: PluginDirectories;
  readonly host?: PluginHost;
}

type JinjaKind = Exclude<PythonPluginKind, 'lookup'>;

/** The user's name for a plugin ansible-core would look for in the user's directories, or undefined. */
function userName(name: string): string | undefined {
  const short = name.startsWith('ansible.legacy.') ? name.slice('ansible.legacy.'.length) : name;
  return short === '' || short.includes('.') ? undefined : short;
}

export function pythonPlugins(options: PythonPluginsOptions): UserPlugins {
  const directories = options.directories ?? pluginDirectories;
  const host = options.host ?? new PluginHost(() => options.sources);
  const loaded = new Map<JinjaKind, { version: number; names: ReadonlySet<string> | PluginHostError }>();
  const made = new Map<string, FilterFn | TestFn>();
  const warned = new Set<string>();

  // A file may use Display as it loads; there is no template to ask anything else of.
  const loadTimeAnswer = (question: unknown): string =>
    displayAnswer(options, question as Record<string, unknown>, options.warn) ?? '{"e":"no template is being rendered while plugins load"}';

  /** The names the kind's files define (loading them when the directories changed). */
  const namesOf = (kind: JinjaKind): ReadonlySet<string> | PluginHostError => {
    const known = loaded.get(kind);
    if (known?.version === directories.version) return known.names;
    let names: ReadonlySet<string> | PluginHostError;
    try {
      const reply = host.call(JSON.stringify({ op: 'jinja', kind, dirs: directories.directories(kind) }), loadTimeAnswer);
      if ('e' in reply) throw new PluginHostError(reply.e, false);
      const listed = reply.r as { names: string[]; warnings: string[] };
      // NOTE: files load again when a directory is added (a role); 2.19's display shows a warning once.
      for (const warning of listed.warnings.filter((w) => !warned.has(w))) {
        warned.add(warning);
        options.warn(warning);
      }
      names = new Set(listed.names);
    } catch (error) {
      if (!(error instanceof PluginHostError)) throw error;
      names = error;
    }
    loaded.set(kind, { version: directories.version, names });
    return names;
  };

  const jinjaPlugin = (kind: JinjaKind, name: string): FilterFn | TestFn | undefined => {
    const short = userName(name);
    if (short === undefined || !directories.hasPluginFiles(kind)) return undefined;
    const names = namesOf(kind);
    // Without Python the files' names are unknown: a name Volant has stays Volant's; any other
    // fails as the plugin would have.
    if (names instanceof PluginHostError) return builtinKnows(kind, name) ? undefined : failing(kind, short, names);
    if (!names.has(short)) return undefined;
    const key = `${kind}:${short}:${directories.version}`;
    let fn = made.get(key);
    if (fn === undefined) {
      fn = kind === 'filter' ? filterFn(host, short, options) : testFn(host, short, options);
      made.set(key, fn);
    }
    return fn;
  };

  return {
    filter: (name) => jinjaPlugin('filter', name) as FilterFn | undefined,
    test: (name) => jinjaPlugin('test', name) as TestFn | undefined,
    lookup: (name) => {
      const short = userName(name);
      const path = short === undefined ? undefined : directories.findLookup(short);
      return path === undefined ? undefined : lookupFn(host, short as string, path, options);
    },
  };
}

/** Whether Volant has a builtin filter (test) of that name. */
function builtinKnows(kind: JinjaKind, name: string): boolean {
  return (kind === 'filter' ? filters : tests).has(name);
}

function failing(kind: JinjaKind, name: string, error: PluginHostError): FilterFn {
  return () => {
    throw new PluginFailure(`The ${kind} plugin '${name}' failed to load: ${error.message}`);
  };
}

function jinjaCall(host: PluginHost, display: PluginDisplay, kind: JinjaKind, name: string, ctx: PluginContext, value: PluginValue, args: readonly PluginValue[], kwargs: ReadonlyMap<string, PluginValue>): { value: unknown; nonbool?: string } {
  const request = `{"op":"call","kind":"${kind}","name":${JSON.stringify(name)},"args":${toWire([value, ...args] as PluginValue)},"kwargs":${toWire(new Map(kwargs) as PluginValue)}}`;
  let reply: HostReply;
  try {
    reply = host.call(request, (question) => answer(ctx, display, question));
  } catch (error) {
    if (error instanceof PluginHostError) throw new PluginFailure(`The ${kind} plugin '${name}' failed: ${error.message}`);
    throw error;
  }
  if ('e' in reply) throw new PluginFailure(`The ${kind} plugin '${name}' failed${reply.e === '' ? '.' : `: ${reply.e}`}`);
  return reply.r as { value: unknown; nonbool?: string };
}

function filterFn(host: PluginHost, name: string, display: PluginDisplay): FilterFn {
  return (ctx, value, args, kwargs) => {
    // NOTE: 2.19 keeps a set and warns when the template's result holds it; Volant has no set
    // type, so it becomes a list as the filter returns, with that warning.
    const warnSet = (): void => ctx.warn?.({ kind: 'warning', message: "Type 'set' is unsupported in variable storage, converting to 'list'.", ...(ctx.origin ? { origin: ctx.origin } : {}) });
    return fromWire(jinjaCall(host, display, 'filter', name, ctx, value, args, kwargs).value, warnSet);
  };
}

function testFn(host: PluginHost, name: string, display: PluginDisplay): TestFn {
  return (ctx, value, args, kwargs) => {
    const result = jinjaCall(host, display, 'test', name, ctx, value, args, kwargs);
    if (result.nonbool !== undefined) {
      ctx.warn?.({
        kind: 'deprecation',
        message: `The test plugin '${name}' returned a non-boolean result of type ${result.nonbool}. Test plugins must have a boolean result.`,
        version: '2.23',
        ...(ctx.origin ? { origin: ctx.origin } : {}),
      });
    }
    return result.value === true;
  };
}

function lookupFn(host: PluginHost, name: string, path: string, display: PluginDisplay): LookupFn {
  return (ctx, terms, kwargs) => {
    const request = `{"op":"lookup","name":${JSON.stringify(name)},"path":${JSON.stringify(path)},"terms":${toWire(terms as PluginValue)},"kwargs":${toWire(new Map(kwargs) as PluginValue)}}`;
    let reply: HostReply;
    try {
      reply = host.call(request, (question) => answer(ctx, display, question));
    } catch (error) {
      if (error instanceof PluginHostError) throw passThrough(new TemplateError('template-lookup', `The lookup plugin '${name}' failed to load: ${error.message}`));
      throw error;
    }
    if ('e' in reply) {
      // NOTE: a file that does not load fails as 2.19's loader does, not as the lookup's own failure.
      if (reply.e.startsWith('load:')) throw passThrough(new TemplateError('template-lookup', `The lookup plugin '${name}' failed to load: ${reply.e.slice('load:'.length)}`));
      throw new Error(reply.e);
    }
    return (reply.r as unknown[]).map((item) => fromWire(item));
  };
}

/** An error runLookup must show as it is (not as "The lookup plugin 'x' failed: …"). */
function passThrough(error: TemplateError): TemplateError {
  nestedRenderErrors.add(error);
  return error;
}

/**
 * A variable as a pass_context filter reads it from Jinja's context: its value rendered, or null
 * when there is none.
 */
function contextValue(ctx: PluginContext, name: string): string {
  if (!ctx.vars.has(name)) return '{"r":null}';
  const value = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? ctx.renderString(`{{ ${name} }}`) : (ctx.vars.get(name) ?? null);
  return `{"r":{"v":${toWire(value)}}}`;
}

/** The answer to what the helper's Display asks (shown text, the -v count), or undefined. */
function displayAnswer(display: PluginDisplay, q: Record<string, unknown>, warn: (message: string) => void): string | undefined {
  if (typeof q.warn === 'string') {
    warn(q.warn);
    return '{"r":null}';
  }
  if (typeof q.display === 'string') {
    display.display?.(q.display, { verbosity: typeof q.verbosity === 'number' ? q.verbosity : 0, stderr: q.stderr === true });
    return '{"r":null}';
  }
  if (q.verbosity === true) return `{"r":${display.verbosity ?? 0}}`;
  return undefined;
}

/** The controller's answer to a question the helper asks while a plugin runs, as a reply line. */
function answer(ctx: PluginContext, display: PluginDisplay, question: unknown): string {
  const q = question as Record<string, unknown>;
  const shown = displayAnswer(display, q, (message) => ctx.warn?.({ kind: 'warning', message }));
  if (shown !== undefined) return shown;
  try {
    if (typeof q.var === 'string') {
      return ctx.vars.has(q.var) ? `{"r":{"v":${toWire(ctx.vars.get(q.var) ?? null)}}}` : '{"r":null}';
    }
    if (q.varnames === true) return `{"r":${JSON.stringify([...ctx.vars.keys()])}}`;
    if (typeof q.value === 'string') return contextValue(ctx, q.value);
    if (typeof q.render === 'string') return `{"r":${toWire(ctx.renderString(q.render))}}`;
    if (typeof q.find === 'string') {
      const found = findFileInSearchPath(ctx, String(q.subdir) as SearchKind, q.find);
      return `{"r":${JSON.stringify(found ?? null)}}`;
    }
    if (q.basedir === true) return `{"r":${JSON.stringify(ctx.lookup?.baseDir ?? process.cwd())}}`;
    if (typeof q.deprecate === 'string') {
      const warning: TemplateWarning = { kind: 'deprecation', message: q.deprecate, ...(typeof q.version === 'string' ? { version: q.version } : {}) };
      ctx.warn?.(warning);
      return '{"r":null}';
    }
    return `{"e":${JSON.stringify(`unknown question ${JSON.stringify(question)}`)}}`;
  } catch (error) {
    return `{"e":${JSON.stringify(error instanceof Error ? error.message : String(error))}}`;
  }
}
