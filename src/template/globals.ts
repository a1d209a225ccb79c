/**
 * Template globals: Jinja's (range, dict, lipsum, cycler, joiner, namespace) and Ansible's
 * (lookup, query/q, now, undef, omit). Each is a factory called once per render call.
 */
import { lookupLoadWarning } from '../core/lookup-names.js';
import { PluginFailure } from './plugin-failure.js';
import { type Data, type DataDict } from '../core/data.js';
import { hasValueOrigins, setValueOrigin, valueOrigin } from '../core/value-origins.js';
import { TemplateError, VolantError } from '../core/errors.js';
import type { TemplateWarning } from './api.js';
import { lookups, nestedRenderErrors, userPlugins, type PluginValue } from './plugin.js';
import { UNDEFINED_TOLERANT_LOOKUPS } from './plugin-inputs.js';
import type { RenderState } from './render-state.js';
import { Cycler } from './runtime/cycler.js';
import { Joiner } from './runtime/joiner.js';
import { Namespace } from './runtime/namespace.js';
import { OMIT_PLACEHOLDER } from './runtime/omit.js';
import { PyClassObject, PyDefinedFunction, PyFunction, type Kwargs, type Value } from './runtime/py-object.js';
import { PyException, typeError } from './runtime/py-exception.js';
import { PyRange, dictKey, isInt, iterate, repr, storedKey, str, truthy, typeName } from './runtime/py-values.js';
import { Undefined, UndefinedError, undefinedError } from './runtime/undefined.js';
import { lipsum } from './runtime/lipsum.js';
import { PyGenericClass } from './runtime/generic-alias.js';
import { PyMemberDescriptor, PyMethodDescriptor } from './runtime/method-descriptor.js';
import { dictMethods } from './runtime/dict-methods.js';
import { PyDateTime } from './runtime/py-datetime.js';

export type GlobalFactory = (state: RenderState) => Value;

export const globals = new Map<string, GlobalFactory>();

function intArg(v: Value | undefined, what: string): number {
  if (v instanceof Undefined) throw undefinedError(v);
  if (!isInt(v)) throw typeError(`'${typeName(v ?? null)}' object cannot be interpreted as an integer`);
  void what;
  return Number(v);
}

/** Jinja caps range() at 100000 items in its sandbox only; Ansible uses the plain range. */
function range(args: Value[]): Value {
  if (args.length === 0) throw typeError('range expected at least 1 argument, got 0');
  const [a, b, c] = args;
  const start = args.length === 1 ? 0 : intArg(a, 'start');
  const stop = args.length === 1 ? intArg(a, 'stop') : intArg(b, 'stop');
  const step = args.length >= 3 ? intArg(c, 'step') : 1;
  if (step === 0) throw new PyException('ValueError', 'range() arg 3 must not be zero');
  return new PyRange(start, stop, step);
}

function dictGlobal(args: Value[], kwargs: Kwargs): Value {
  const m: DataDict = new Map();
  const src = args[0];
  if (src instanceof Map) for (const [k, v] of src) m.set(k, v);
  else if (src !== undefined && src !== null) {
    for (const pair of iterate(src)) {
      const items = Array.from(iterate(pair));
      if (items.length !== 2) throw new PyException('ValueError', `dictionary update sequence element #0 has length ${items.length}; 2 is required`);
      m.set(storedKey(m, dictKey(items[0] as Value)), items[1] as Data);
    }
  }
  for (const [k, v] of kwargs) m.set(k, v as Data);
  return m;
}

/**
 * errors='warn': the lookup's error as a warning. NOTE: an error at an origin of its own (a vaulted
 * file), raised by the lookup or from its error, is the warning's cause, as 2.19's error_as_warning shows it.
 */
function lookupErrorWarning(name: string, err: unknown, message: string): TemplateWarning {
  const prefix = `An error occurred while running the lookup plugin '${name}'`;
  if (err instanceof VolantError && err.location !== undefined) return { kind: 'warning', message: `${prefix}.`, cause: { message, origin: err.location } };
  if (err instanceof TemplateError && err.cause instanceof VolantError && err.cause.location !== undefined) {
    return { kind: 'warning', message: `${prefix}: ${message}`, cause: { message: err.cause.message, origin: err.cause.location } };
  }
  return { kind: 'warning', message: `${prefix}: ${message}` };
}

/** Ansible's lookup()/query(): calls the lookup registry. */
function runLookup(state: RenderState, args: Value[], kwargs: Kwargs, wantList: boolean): Value {
  const name = args[0];
  if (name === undefined) throw typeError(`${wantList ? '_query' : '_lookup'}() missing 1 required positional argument: 'plugin_name'`);
  if (typeof name !== 'string') throw new TemplateError('template-lookup', `The lookup plugin ${repr(name)} failed to load: unsupported type <class '${typeName(name)}'>`);
  const fn = userPlugins?.lookup(name) ?? lookups.get(name);
  if (!fn) {
    const warning = lookupLoadWarning(name);
    if (warning !== undefined) state.options.warn?.({ kind: 'warning', message: warning });
    throw new TemplateError('template-lookup-missing', `The lookup plugin '${name}' was not found.`);
  }
  const kw = new Map(kwargs);
  let want = wantList;
  if (kw.has('wantlist')) {
    want = want || truthy(kw.get('wantlist') as Value);
    kw.delete('wantlist');
  }
  const errors = kw.get('errors');
  kw.delete('errors');
  const tolerant = UNDEFINED_TOLERANT_LOOKUPS.has(name);
  // NOTE: an undefined argument is the result (2.19 returns the first marker), so `| default` can catch it.
  const marker = tolerant ? undefined : [...args.slice(1), ...kw.values()].find((v) => v instanceof Undefined);
  if (marker !== undefined) return marker;
  // NOTE: a template-looking constant among the terms is rendered (2.19's embedded templates);
  // what is undefined in it is the result, as for an argument.
  const given = args.slice(1);
  const terms = state.lookupTerms(given) as Data[];
  // the terms keep the origins their arguments had (lookup-item-origins.ts)
  if (hasValueOrigins(args as Data[])) {
    for (let i = 0; i < terms.length; i++) {
      const origin = valueOrigin(args as Data[], i + 1);
      if (origin) setValueOrigin(terms, i, origin);
    }
  }
  const termMarker = tolerant || terms === given ? undefined : terms.find((v) => v instanceof Undefined);
  if (termMarker !== undefined) return termMarker;
  let result: Data[];
  try {
    result = fn(state.pluginContext, terms, kw as Map<string, PluginValue>);
  } catch (err) {
    // NOTE: an undefined value inside a lookup is its result, not a failure: Ansible captures it
    // as a marker, so `lookup('vars', 'nope') | default('x')` gives 'x'.
    if (err instanceof UndefinedError) return err.undefinedValue;
    if (err instanceof Error && nestedRenderErrors.has(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (errors === 'warn') state.options.warn?.(lookupErrorWarning(name, err, message));
    if (errors === 'ignore' || errors === 'warn') return want ? [] : null;
    // An error the lookup raised while handling another, or one about a value it shows (its
    // context) or with help text, shows under the lookup's failure as a cause of its own.
    if (err instanceof TemplateError && (err.context !== undefined || err.hint !== undefined)) throw new PluginFailure(`The lookup plugin '${name}' failed.`, { cause: err });
    // So does one at an origin of its own (a vaulted file no secret opens), raised by the lookup or from its error.
    if (err instanceof VolantError && err.location !== undefined) throw new PluginFailure(`The lookup plugin '${name}' failed.`, { cause: err });
    if (err instanceof TemplateError && err.cause instanceof VolantError && err.cause.location !== undefined) {
      throw new PluginFailure(`The lookup plugin '${name}' failed: ${message}`, { cause: err.cause });
    }
    throw new TemplateError('template-lookup', `The lookup plugin '${name}' failed: ${message}`);
  }
  if (want) return result;
  // NOTE: without wantlist one item comes back as itself, several strings joined with ',', and
  // anything else (an empty list, mixed items) as the list.
  if (result.length === 1) {
    // NOTE: a range() coming back alone is handed on as its list, as a filter's (nested ones are refused at storage)
    const only = result[0] as Value;
    return only instanceof PyRange ? [...only] : (only as Data);
  }
  if (result.length > 1 && result.every((r) => typeof r === 'string')) return result.join(',');
  return result;
}

function now(args: Value[], kwargs: Kwargs): Value {
  const utc = truthy((kwargs.get('utc') ?? args[0] ?? false) as Value);
  const fmt = kwargs.get('fmt') ?? args[1];
  const d = PyDateTime.fromDate(new Date(), utc);
  return typeof fmt === 'string' && fmt !== '' ? d.strftime(fmt) : d;
}

/** lookup, query and undef see their undefined arguments (2.19 marks them as direct calls). */
function markerTaking(f: PyFunction): PyFunction {
  f.takesUndefined = true;
  return f;
}

const once = (f: PyFunction): GlobalFactory => () => f;
const fn = (name: string, pyName: string, impl: (args: Value[], kwargs: Kwargs) => Value): GlobalFactory => once(new PyDefinedFunction(name, impl, pyName));
const cls = (name: string, module: string | undefined, impl: (args: Value[], kwargs: Kwargs) => Value): GlobalFactory => once(new PyClassObject(name, impl, module));

const rangeMembers = new Map<string, PyFunction>(['start', 'stop', 'step'].map((n) => [n, new PyMemberDescriptor(n, 'range')]));
globals.set('range', once(new PyClassObject('range', range, undefined, rangeMembers)));
/** dict.fromkeys(iterable, value=None): each item a key of the one value. */
function dictFromKeys(args: Value[], kwargs: Kwargs): Value {
  if (args.length === 0 || args.length > 2 || kwargs.size > 0) {
    if (kwargs.size > 0) throw typeError('dict.fromkeys() takes no keyword arguments');
    throw typeError(`fromkeys expected at ${args.length === 0 ? 'least 1' : 'most 2'} argument${args.length === 0 ? '' : 's'}, got ${args.length}`);
  }
  const m: DataDict = new Map();
  for (const key of iterate(args[0] as Value)) m.set(storedKey(m, dictKey(key)), (args[1] ?? null) as Data);
  return m;
}

// `dict.keys` is the method itself (a method_descriptor), called with the dict first.
const DICT_CLASS_METHODS = ['clear', 'copy', 'get', 'items', 'keys', 'pop', 'popitem', 'setdefault', 'update', 'values'];
const dictClassMembers = new Map<string, PyFunction>([['fromkeys', new PyFunction('fromkeys', dictFromKeys, undefined, 'type')]]);
for (const name of DICT_CLASS_METHODS) {
  const impl = dictMethods[name];
  if (impl) dictClassMembers.set(name, new PyMethodDescriptor(name, 'dict', (self) => self instanceof Map, (self, args, kwargs) => impl(self as DataDict, args, kwargs)));
}
globals.set('dict', once(new PyGenericClass('dict', dictGlobal, undefined, dictClassMembers)));
globals.set('lipsum', fn('lipsum', 'generate_lorem_ipsum', (args, kwargs) => lipsum(args, kwargs)));
globals.set('cycler', cls('Cycler', 'jinja2.utils', (args) => {
  if (args.length === 0) throw new PyException('RuntimeError', 'at least one item has to be provided');
  return new Cycler(args);
}));
globals.set('joiner', cls('Joiner', 'jinja2.utils', (args) => new Joiner(args[0] === undefined ? ', ' : str(args[0]))));
globals.set('namespace', cls('Namespace', 'jinja2.utils', (args, kwargs) => {
  const ns = new Namespace();
  const src = args[0];
  if (src instanceof Map) for (const [k, v] of src) ns.attrs.set(String(k), v as Value);
  for (const [k, v] of kwargs) ns.attrs.set(k, v);
  return ns;
}));
globals.set('lookup', (state) => markerTaking(new PyDefinedFunction('lookup', (args, kwargs) => runLookup(state, args, kwargs, false), '_lookup')));
globals.set('query', (state) => markerTaking(new PyDefinedFunction('query', (args, kwargs) => runLookup(state, args, kwargs, true), '_query')));
globals.set('q', (state) => markerTaking(new PyDefinedFunction('q', (args, kwargs) => runLookup(state, args, kwargs, true), '_query')));
globals.set('now', fn('now', '_now', now));
const undef = markerTaking(
  new PyDefinedFunction(
    'undef',
    (args, kwargs) => {
      const hint = kwargs.get('hint') ?? args[0];
      return new Undefined(hint === undefined || hint === null ? 'Mandatory variable has not been overridden' : str(hint));
    },
    '_undef',
  ),
);
globals.set('undef', () => undef);
globals.set('omit', () => OMIT_PLACEHOLDER);
