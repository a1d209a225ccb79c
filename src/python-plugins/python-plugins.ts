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
import { join } from 'node:path';
import { TemplateError } from '../core/errors.js';
import { localCollections, splitQualifiedName } from '../core/local-collections.js';
import { pluginDirectories, type PluginDirectories, type PythonPluginKind } from '../core/plugin-directories.js';
import { PluginFailure } from '../template/plugin-failure.js';
import { PyException } from '../template/runtime/py-exception.js';
import type { TemplateWarning } from '../template/api.js';
import { filters, nestedRenderErrors, tests, type FilterFn, type LookupFn, type PluginContext, type PluginValue, type TestFn, type UserPlugins } from '../template/plugin.js';
import { PluginHost, PluginHostError, type HostReply } from './plugin-host.js';
import { answer, displayAnswer, type PluginDisplay } from './host-questions.js';
import { fromWire, toWire } from './wire-values.js';

export type { PluginDisplay } from './host-questions.js';

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

  /** A local collection's filter or test, by its fully qualified name (`ns.coll.name`). */
  const collectionPlugin = (kind: JinjaKind, written: string): FilterFn | TestFn | undefined => {
    const removed = tombstone(kind, written);
    if (removed !== undefined) return failing(kind, written, new PluginHostError(removed, false));
    const name = routedName(kind, written);
    const qualified = splitQualifiedName(name);
    const dir = qualified === undefined ? undefined : localCollections.find(qualified.collection);
    if (qualified === undefined || dir === undefined) return undefined;
    const deprecation = routingDeprecation(kind, written);
    if (deprecation !== undefined) return deprecated(deprecation, collectionPlugin(kind, name) as FilterFn | undefined) as FilterFn | TestFn | undefined;
    const key = `${kind}:${name}`;
    if (!made.has(key)) {
      let fn: FilterFn | TestFn | undefined;
      try {
        const request = JSON.stringify({ op: 'collection_jinja', kind, collection: qualified.collection, dir: join(dir, 'plugins', kind) });
        const reply = host.call(request, loadTimeAnswer);
        if ('e' in reply) throw new PluginHostError(reply.e, false);
        const listed = reply.r as { names: string[]; warnings: string[] };
        for (const warning of listed.warnings.filter((w) => !warned.has(w))) {
          warned.add(warning);
          options.warn(warning);
        }
        if (listed.names.includes(name)) fn = kind === 'filter' ? filterFn(host, name, options) : testFn(host, name, options);
      } catch (error) {
        if (!(error instanceof PluginHostError)) throw error;
        fn = failing(kind, name, error);
      }
      if (fn === undefined) return undefined;
      made.set(key, fn);
    }
    return made.get(key);
  };

  /** A local collection's lookup (`plugins/lookup/<name>.py`), by its fully qualified name. */
  const collectionLookup = (written: string): LookupFn | undefined => {
    const removed = tombstone('lookup', written);
    if (removed !== undefined) {
      return () => {
        throw passThrough(new TemplateError('template-lookup', `The lookup plugin '${written}' failed to load: ${removed}`));
      };
    }
    const name = routedName('lookup', written);
    const qualified = splitQualifiedName(name);
    const path = qualified === undefined ? undefined : localCollections.findPluginFile(qualified.collection, 'lookup', qualified.resource);
    if (path === undefined) return undefined;
    const run = lookupFn(host, name, path, options);
    const deprecation = routingDeprecation('lookup', written);
    if (deprecation === undefined) return run;
    return (ctx, ...rest) => {
      ctx.warn?.(deprecation);
      return run(ctx, ...rest);
    };
  };

  return {
    filter: (name) => (jinjaPlugin('filter', name) ?? collectionPlugin('filter', name)) as FilterFn | undefined,
    test: (name) => (jinjaPlugin('test', name) ?? collectionPlugin('test', name)) as TestFn | undefined,
    lookup: (name) => {
      const short = userName(name);
      const path = short === undefined ? undefined : directories.findLookup(short);
      return path === undefined ? collectionLookup(name) : lookupFn(host, short as string, path, options);
    },
  };
}

/** A local collection's plugin name with its meta/runtime.yml redirects followed. */
function routedName(kind: PythonPluginKind, name: string): string {
  let current = name;
  const seen = new Set<string>();
  for (let r = localCollections.routing(kind, current); r?.redirect !== undefined && !seen.has(current); r = localCollections.routing(kind, current)) {
    seen.add(current);
    current = r.redirect;
  }
  return current;
}

const KIND_TITLES: Readonly<Record<PythonPluginKind, string>> = { filter: 'Filter', test: 'Test', lookup: 'Lookup' };

function removalText(entry: ReadonlyMap<unknown, unknown>): { text: string; version?: string; date?: string } {
  const text = entry.get('warning_text');
  const version = entry.get('removal_version');
  const date = entry.get('removal_date');
  const sentence = typeof text === 'string' && text !== '' ? ` ${/[!?.]$/.test(text) ? text : `${text}.`}` : '';
  return { text: sentence, ...(version !== undefined && version !== null ? { version: String(version) } : {}), ...(date !== undefined && date !== null ? { date: String(date) } : {}) };
}

/** 2.19's load failure of a plugin its collection's meta/runtime.yml tombstones, or undefined. */
function tombstone(kind: PythonPluginKind, name: string): string | undefined {
  const entry = localCollections.routing(kind, name)?.tombstone;
  const collection = splitQualifiedName(name)?.collection;
  if (entry === undefined || collection === undefined) return undefined;
  const { text, version, date } = removalText(entry);
  const when = date !== undefined ? `in a release after ${date}` : version !== undefined ? `version ${version}` : 'in a future release';
  return `The '${name}' ${kind} plugin has been removed.${text} This feature was removed from collection '${collection}' ${when}.`;
}

/** The deprecation a plugin's routing declares, as the display shows it, or undefined. */
function routingDeprecation(kind: PythonPluginKind, name: string): TemplateWarning | undefined {
  const entry = localCollections.routing(kind, name)?.deprecation;
  const collection = splitQualifiedName(name)?.collection;
  if (entry === undefined || collection === undefined) return undefined;
  const { text, version } = removalText(entry);
  // NOTE: a removal_date is not carried (template deprecations have a version only)
  const what = kind === 'lookup' ? name : `${KIND_TITLES[kind]} "${name}"`;
  return { kind: 'deprecation', message: `${what} has been deprecated.${text}`, collection, ...(version === undefined ? {} : { version }) };
}

/** A plugin that shows its routing's deprecation each time it is used (the display shows it once). */
function deprecated(warning: TemplateWarning, fn: FilterFn | undefined): FilterFn | undefined {
  if (fn === undefined) return undefined;
  return (ctx, ...rest) => {
    ctx.warn?.(warning);
    return fn(ctx, ...rest);
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
  let reply: HostReply;
  try {
    const request = `{"op":"call","kind":"${kind}","name":${JSON.stringify(name)},"args":${toWire([value, ...args] as PluginValue)},"kwargs":${toWire(new Map(kwargs) as PluginValue)}}`;
    reply = host.call(request, (question) => answer(ctx, display, question));
  } catch (error) {
    // A value that cannot cross fails the plugin by its own name (an undefined one stays undefined).
    if (error instanceof PluginHostError || error instanceof PyException) throw new PluginFailure(`The ${kind} plugin '${name}' failed: ${error.message}`);
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
