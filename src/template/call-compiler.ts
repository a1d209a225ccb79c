/**
 * Calls, filters and tests compiled to closures: how arguments are evaluated and settled, what
 * 2.19 does with undefined values and held failures among them, and the tagged inputs plugins see.
 */
import { PyFloat, UnsafeString, VaultString, type Data } from '../core/data.js';
import { DeprecatedText } from '../core/deprecated-values.js';
import { copyValueOrigins, hasValueOrigins, setValueOrigin, valueOrigin } from '../core/value-origins.js';
import type { Expr } from './ast.js';
import { filters, nestedRenderErrors, tests, userPlugins, type PluginValue } from './plugin.js';
import type { Frame } from './render-state.js';
import { lazified } from './lazified-containers.js';
import { noteAllRead } from './runtime/unread-items.js';
import { capturingFailure, capturingPluginFailures, wrapPluginError } from './plugin-failure.js';
import { operandOrigin, operandTagger, retagged, type OperandTagger } from './operand-tags.js';
import type { Macro } from './runtime/macro.js';
import { PyCallable, type Kwargs, type Value } from './runtime/py-object.js';
import { PyException, typeError } from './runtime/py-exception.js';
import { PyRange, enterInputContainer, enterPlugin, exitInputContainer, exitPlugin, iterate, typeName } from './runtime/py-values.js';
import { CapturedFailure, PlainUndefined, Undefined, UndefinedError, capturedFailureRaising, undefinedError } from './runtime/undefined.js';
import { OMIT_PLACEHOLDER } from './runtime/omit.js';
import { refuseOmitInput } from './filters/omit-input.js';
import { inlineIfInput } from './filters/inline-if-input.js';
import { tripHeldItems } from './filters/held-items.js';
import { carryPassedItemOrigins } from './filters/passed-item-origins.js';
import { mayHoldConstant } from './lookup-term-constants.js';
import { lookupTermTags, withTaggedValues } from './lookup-term-tags.js';
import { ESCAPING_FILTERS, isMarkupExpression } from './markup-expressions.js';
import { MARKER_NAMING_FILTERS, STORED_VALUE_TESTS, UNDEFINED_TOLERANT_FILTERS, UNDEFINED_TOLERANT_TESTS } from './plugin-inputs.js';
import { missingPluginError, type RequiredPlugin } from './required-plugins.js';
import { pluginFunctionName } from './plugin-function-names.js';

export type ExprFn = (f: Frame) => Value;
export type StmtFn = (f: Frame, out: Value[]) => void;

const EMPTY_ARGS: Value[] = [];

/** Shared when a call has no positional arguments; callees must not mutate it. */
function noArgs(): Value[] {
  return EMPTY_ARGS;
}

const EMPTY_KWARGS: Kwargs = new Map();

/** Shared when a call has no keyword arguments; callees must not mutate it (callExpr copies for caller). */
function noKwargs(): Kwargs {
  return EMPTY_KWARGS;
}

/** Filters that measure their input without reading its items (unread-items.ts). */
const SIZING_FILTERS: ReadonlySet<string> = new Set(['length', 'count', 'ansible.builtin.length', 'ansible.builtin.count']);

/** List and dict methods that change their object: a template calling one gets copies of variables. */
const MUTATING_METHODS = new Set(['append', 'extend', 'insert', 'remove', 'pop', 'sort', 'reverse', 'clear', 'update', 'setdefault', 'popitem']);

/**
 * The compiler's state and its calls: every expression kind compiles in the subclass
 * (expression-compiler.ts); a call reaches it through `expr`.
 */
export abstract class CallCompiler {
  /**
   * The template calls a method that may change a variable's list or dict, or tells containers
   * apart by identity (`sameas`): either sees 2.19's lazy copies, which Volant then makes.
   */
  mutates = false;
  /** The template reads a `count` attribute: its list literals are marked plain (literal-lists.ts). */
  countsLists = false;
  /** The template's text, when known: Jinja names a position by its line. */
  source: string | undefined;

  /** Jinja's `line N` of an offset in the template's text. */
  protected position(pos: number): string {
    let line = 1;
    const text = this.source ?? '';
    for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) line++;
    return `line ${line}`;
  }

  /** Whether the template's own lists (and dicts) are marked plain as they are made (literal-lists.ts). */
  protected get marksLiterals(): boolean {
    return this.countsLists || this.mutates;
  }
  /**
   * Compiling inside an `if` or an inline if (Jinja's soft frame): a filter or test missing there
   * fails only when called, with a runtime error; elsewhere the template does not compile.
   */
  private soft = false;
  /** The filters and tests named outside soft frames: each must exist when the template runs. */
  readonly requiredPlugins: RequiredPlugin[] = [];

  /** Compiles `fn` in a soft frame (true) or in a frame of its own (false: a loop's or macro's body). */
  protected within<T>(soft: boolean, fn: () => T): T {
    const outer = this.soft;
    this.soft = soft;
    try {
      return fn();
    } finally {
      this.soft = outer;
    }
  }

  abstract expr(e: Expr): ExprFn;

  /**
   * What a call of a missing filter or test raises: in a soft frame Jinja's runtime error; elsewhere
   * the template fails to compile (checked as it starts to run, see requiredPlugins).
   */
  private missingPlugin(kind: 'filter' | 'test', name: string, pos: number): () => Error {
    if (this.soft) return () => new PyException('TemplateRuntimeError', `No ${kind} named '${name}' found.`);
    this.requiredPlugins.push({ kind, name, pos });
    return () => missingPluginError({ kind, name, pos });
  }

  argsOf(
    args: Expr[],
    kwargs: [string, Expr][],
    star: Expr | null,
    dstar: Expr | null,
    holding = false,
    callee: (() => string | undefined) | 'call' = () => undefined,
  ): { args: (f: Frame) => Value[]; kwargs: (f: Frame) => Kwargs } {
    // NOTE: a filter's or test's argument that raised is a held failure in 2.19 (its marker), so
    // the plugin returns the first marker among its arguments, or takes it when it accepts markers.
    const held = (x: Expr): ExprFn => (holding ? capturingFailure(this.expr(x)) : this.expr(x));
    const a = args.map(held);
    const k = kwargs.map(([n, x]) => [n, held(x)] as const);
    const s = star ? this.expr(star) : null;
    const d = dstar ? this.expr(dstar) : null;
    const dTag = dstar ? operandTagger(dstar, (x) => this.expr(x)) : undefined;
    // NOTE: CPython names the function called in the error: Jinja calls what a template calls
    // through the environment's call(), and a filter or test directly (its Python function).
    const dstarWhere = (): string => {
      const fn = callee === 'call' ? 'ansible._internal._templating._jinja_bits.AnsibleEnvironment.call' : callee();
      return fn === undefined ? '' : `${fn}() `;
    };
    const argsFn =
      a.length === 0 && !s
        ? noArgs
        : (f: Frame): Value[] => {
            const out = a.map((x) => f.state.settle(x(f)));
            if (s) {
              const spread = f.state.settle(s(f));
              const start = out.length;
              for (const v of starred(spread)) out.push(v);
              // the items keep their origins as arguments (a with_ loop's terms given to its lookup)
              if (Array.isArray(spread) && hasValueOrigins(spread)) {
                for (let j = 0; j < spread.length; j++) {
                  const origin = valueOrigin(spread, j);
                  if (origin) setValueOrigin(out as Data[], start + j, origin);
                }
              }
            }
            if (!this.mutates) return out;
            out.forEach(noteAllRead);
            const copy = out.map(lazified);
            copyValueOrigins(out as Data[], copy as Data[]);
            return copy;
          };
    const kwargsFn = k.length === 0 && !d ? noKwargs : (f: Frame): Kwargs => {
      const m: Kwargs = new Map();
      for (const [n, x] of k) m.set(n, f.state.settle(x(f)));
      if (d) {
        const extra = f.state.settle(d(f));
        if (!(extra instanceof Map)) throw typeError(`${dstarWhere()}argument after ** must be a mapping, not ${dTag?.(f, extra) ?? typeName(extra)}`);
        for (const [kk, vv] of extra) m.set(String(kk), vv as Value);
      }
      if (this.mutates) {
        for (const [n, x] of m) {
          noteAllRead(x);
          m.set(n, lazified(x));
        }
      }
      return m;
    };
    return { args: argsFn, kwargs: kwargsFn };
  }

  callExpr(e: Extract<Expr, { kind: 'call' }>, caller: ((f: Frame) => Macro) | null): ExprFn {
    if (e.callee.kind === 'getattr' && MUTATING_METHODS.has(e.callee.attr)) this.mutates = true;
    const callee = this.expr(e.callee);
    const calleeTag = operandTagger(e.callee, (x) => this.expr(x));
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar, false, 'call');
    const terms = e.callee.kind === 'name' && LOOKUP_CALLS.has(e.callee.name) && e.star === null ? e.args.slice(1).map(mayHoldConstant) : [];
    const holding = terms.includes(false) ? terms : null;
    const termTags = e.callee.kind === 'name' && LOOKUP_CALLS.has(e.callee.name) && e.star === null ? lookupTermTags(e.args.slice(1), (x) => this.expr(x)) : undefined;
    const termOrigins = e.callee.kind === 'name' && LOOKUP_CALLS.has(e.callee.name) ? lookupTermOrigins(e.args, (x) => this.expr(x)) : undefined;
    return (f) => {
      const fn = callee(f);
      let kw = kwargs(f);
      if (caller) {
        kw = new Map(kw);
        kw.set('caller', caller(f));
      }
      const a = args(f);
      termOrigins?.(f, a);
      // Read (and cleared) by the lookup as it starts; cleared here if the callee was something else.
      if (holding) f.state.lookupTermsHoldingConstants = holding;
      try {
        const r = termTags ? withTaggedValues(termTags(f, a.slice(1)), () => this.callWithTags(f, fn, a, kw, calleeTag)) : this.callWithTags(f, fn, a, kw, calleeTag);
        return this.mutates ? lazified(r) : r;
      } finally {
        if (holding) f.state.lookupTermsHoldingConstants = null;
      }
    };
  }

  /**
   * NOTE: 2.19's call returns the first undefined (or held failure) among the arguments without
   * calling, but for a macro or a lookup, which take them; calling an undefined value gives it back,
   * and an undefined value the callee trips on is the call's value.
   */
  private callWithTags(f: Frame, fn: Value, a: Value[], kw: Kwargs, calleeTag: OperandTagger): Value {
    if (fn instanceof Undefined) return fn;
    if (!(fn instanceof PyCallable && fn.takesUndefined)) {
      const marker = a.find((v) => v instanceof Undefined) ?? [...kw.values()].find((v) => v instanceof Undefined);
      if (marker !== undefined) return marker;
    }
    try {
      return this.callTagged(f, fn, a, kw, calleeTag);
    } catch (err) {
      const held = capturedFailureRaising(err);
      if (held) return held;
      if (err instanceof UndefinedError) return err.undefinedValue;
      throw err;
    }
  }

  private callTagged(f: Frame, fn: Value, a: Value[], kw: Kwargs, calleeTag: OperandTagger): Value {
    if (fn instanceof PyCallable) {
      try {
        return callValue(fn, a, kw);
      } catch (err) {
        // A nested render's error (a template lookup's) keeps the origin it has there.
        if (err instanceof PyException && !nestedRenderErrors.has(err)) err.raisedByCall = true;
        throw err;
      }
    }
    // NOTE: 2.19's undefined marker, called, is itself (`x() | default(1)` is 1).
    if (fn instanceof Undefined) return fn;
    // A variable's value called names its 2.19 type ('_AnsibleLazyTemplateDict' object is not callable).
    try {
      return callValue(fn, a, kw);
    } catch (err) {
      return retagged(err, f, [[fn, calleeTag]], () => callValue(fn, a, kw));
    }
  }

  filterCall(e: Extract<Expr, { kind: 'filter' }>, valueFn: ExprFn): ExprFn {
    const name = e.name;
    if (MARKER_NAMING_FILTERS.has(name) && (e.value?.kind === 'filter' || (e.value?.kind === 'test' && !e.value.negate) || e.value?.kind === 'call')) valueFn = capturingPluginFailures(valueFn);
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar, true, () => (userPlugins?.filter(name) ? undefined : pluginFunctionName('filter', name)));
    const tolerant = UNDEFINED_TOLERANT_FILTERS.has(name);
    const markupTypeDebug = MARKER_NAMING_FILTERS.has(name) && isMarkupExpression(e.value);
    // escape leaves a Markup as it is (`x | e | e` is escaped once); forceescape escapes it again
    const escapedAlready = ESCAPING_FILTERS.has(name) && isMarkupExpression(e.value);
    // Strings read straight from variables reach plugins tagged (their type name differs in errors).
    const fromVars = e.value !== null && (e.value.kind === 'name' || e.value.kind === 'getattr' || e.value.kind === 'getitem');
    const tagger = fromVars && e.value !== null ? operandTagger(e.value, (x) => this.expr(x)) : undefined;
    const inputOrigin = fromVars && e.value !== null ? operandOrigin(e.value, (x) => this.expr(x)) : undefined;
    const missing = this.missingPlugin('filter', name, e.pos);
    return (f) => {
      const fn = userPlugins?.filter(name) ?? filters.get(name);
      if (!fn) throw missing();
      const raw = valueFn(f);
      let v = typeof raw === 'object' && raw !== null ? f.state.settle(raw) : raw;
      // NOTE: 2.19 calls no filter on an undefined value or argument: the Undefined is the
      // result, so a later `default` still replaces it (`x | upper | default('y')`).
      if (!tolerant && isMarker(v)) return v;
      if (v instanceof CapturedFailure) {
        if (MARKER_NAMING_FILTERS.has(name)) return 'CapturedExceptionMarker';
        throw v.error;
      }
      if (markupTypeDebug && typeof v === 'string') return 'Markup';
      if (escapedAlready && typeof v === 'string') return v;
      if (this.mutates) {
        // a plugin handed a variable's list reads its items, as far as a later copy can tell
        if (!SIZING_FILTERS.has(name)) noteAllRead(v);
        v = lazified(v);
      }
      const a = args(f);
      if (!tolerant) for (let i = 0; i < a.length; i++) if (isMarker(a[i] as Value)) return a[i] as Value;
      const kw = kwargs(f);
      if (!tolerant) for (const x of kw.values()) if (isMarker(x)) return x;
      const saved = enterPlugin(tagger ? taggedInput(f, v, tagger) : null);
      const savedContainer = enterInputContainer(v);
      const savedOrigin = f.state.filterInputOrigin;
      f.state.filterInputOrigin = inputOrigin ? () => inputOrigin(f) : null;
      try {
        if (v === OMIT_PLACEHOLDER) refuseOmitInput(name);
        if (v instanceof PlainUndefined) v = inlineIfInput(name, v) ?? v;
        tripHeldItems(name, v, a);
        const out = fn(f.state.pluginContext, v as PluginValue, a as PluginValue[], kw as Map<string, PluginValue>) as Value;
        // NOTE: 2.19 hands a filter's range() on as the list it holds (`range(3) | default(1)`)
        if (out instanceof PyRange) return [...out];
        // an !unsafe string a filter hands on from data (`l | first`) is the str it is
        if (out instanceof UnsafeString && !(out instanceof DeprecatedText)) return out.value;
        carryPassedItemOrigins(name, v, a, kw, out);
        return this.mutates ? lazified(out) : out;
      } catch (err) {
        const held = capturedFailureRaising(err);
        if (held) return held;
        // An undefined value the filter tripped on is its result, as 2.19's MarkerError makes it.
        if (err instanceof UndefinedError) return err.undefinedValue;
        throw wrapPluginError(err, 'filter', name);
      } finally {
        f.state.filterInputOrigin = savedOrigin;
        exitInputContainer(savedContainer);
        exitPlugin(saved);
      }
    };
  }

  /** A filter chain whose innermost value is supplied later (filter blocks, set blocks). */
  filterChain(e: Expr): (f: Frame, v: Value) => Value {
    const steps: Extract<Expr, { kind: 'filter' }>[] = [];
    let cur: Expr | null = e;
    while (cur && cur.kind === 'filter') {
      steps.unshift(cur);
      cur = cur.value;
    }
    let holder: Value = null;
    let fn: ExprFn = () => holder;
    for (const step of steps) fn = this.filterCall(step, fn);
    const chain = fn;
    return (f, v) => {
      holder = v;
      return chain(f);
    };
  }

  testCall(e: Extract<Expr, { kind: 'test' }>): ExprFn {
    const name = e.name;
    if (name === 'sameas' || name === 'ansible.builtin.sameas') this.mutates = true;
    const valueFn = this.expr(e.value);
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar, true, () => (userPlugins?.test(name) ? undefined : pluginFunctionName('test', name)));
    const negate = e.negate;
    const tolerant = UNDEFINED_TOLERANT_TESTS.has(name);
    // NOTE: `escaped` asks for a Markup (`x | e is escaped`), which Volant's values do not carry.
    const markupInput = (name === 'escaped' || name === 'ansible.builtin.escaped') && isMarkupExpression(e.value);
    const storedName = STORED_VALUE_TESTS.has(name) && e.value.kind === 'name' ? e.value.name : undefined;
    const tagger = e.value.kind === 'name' || e.value.kind === 'getattr' || e.value.kind === 'getitem' ? operandTagger(e.value, (x) => this.expr(x)) : undefined;
    const missing = this.missingPlugin('test', name, e.pos);
    return (f) => {
      const fn = userPlugins?.test(name) ?? tests.get(name);
      if (!fn) throw missing();
      const stored = storedName !== undefined && !f.hasLocal(storedName) ? f.state.vars.get(storedName) : undefined;
      const settled = stored instanceof VaultString ? stored : f.state.settle(valueFn(f));
      if (this.mutates) noteAllRead(settled);
      const v = this.mutates ? lazified(settled) : settled;
      // NOTE: as for filters, 2.19 calls no test on an undefined value or argument: the
      // Undefined is the result (`(x is eq(1)) | default(…)` gives the default).
      if (!tolerant && isMarker(v)) return v;
      if (v instanceof CapturedFailure) throw v.error;
      if (markupInput && typeof v === 'string') return !negate;
      const a = args(f);
      const kw = kwargs(f);
      if (!tolerant) {
        for (const x of a) if (isMarker(x)) return x;
        for (const x of kw.values()) if (isMarker(x)) return x;
      }
      let r: boolean;
      const saved = enterPlugin(tagger ? taggedInput(f, v, tagger) : null);
      try {
        r = fn(f.state.pluginContext, v as PluginValue, a as PluginValue[], kw as Map<string, PluginValue>);
      } catch (err) {
        const held = capturedFailureRaising(err);
        if (held) return held;
        throw wrapPluginError(err, 'test', name);
      } finally {
        exitPlugin(saved);
      }
      return negate ? !r : r;
    };
  }
}

/**
 * The plugin's input as 2.19 tags it: a str read from variables; an int or float only when its
 * variable was written in a file (with an origin).
 */
function taggedInput(f: Frame, v: Value, tagger: OperandTagger): Value {
  if (typeof v === 'string') return v;
  if ((typeof v === 'number' || v instanceof PyFloat) && tagger(f, v) !== undefined) return v;
  return null;
}

/** The items of a call's `*args`: Python names the star when its value is no iterable. */
function starred(v: Value): Iterable<Value> {
  try {
    return iterate(v);
  } catch (err) {
    if (err instanceof PyException && err.pyType === 'TypeError') throw typeError(`Value after * must be an iterable, not ${typeName(v)}`);
    throw err;
  }
}

/**
 * Gives a lookup call's arguments the origins of those read straight from variables: the lookup
 * hands them back as they are (items, list …), 2.19's origin tags and all (lookup-item-origins.ts).
 */
function lookupTermOrigins(args: readonly Expr[], compile: (e: Expr) => ExprFn): ((f: Frame, values: Value[]) => void) | undefined {
  const origins = args.map((e, i) => (i === 0 ? undefined : operandOrigin(e, compile)));
  if (origins.every((o) => o === undefined)) return undefined;
  return (f, values) => {
    origins.forEach((origin, i) => {
      const at = origin?.(f);
      if (at) setValueOrigin(values as Data[], i, at);
    });
  };
}

/** Ansible's lookup globals: their positional terms may render template constants. */
const LOOKUP_CALLS: ReadonlySet<string> = new Set(['lookup', 'query', 'q']);

/** Calls a Python callable; anything else fails as CPython's call does. */
export function callValue(fn: Value, args: Value[], kwargs: Kwargs): Value {
  if (fn instanceof PyCallable) return fn.call(args, kwargs);
  if (fn instanceof Undefined) throw undefinedError(fn);
  throw typeError(`'${typeName(fn)}' object is not callable`);
}

/** 2.19's markers, which no filter is called on: an inline if's own Undefined is none (undefined.ts). */
function isMarker(v: Value): boolean {
  return v instanceof Undefined && !(v instanceof PlainUndefined);
}
