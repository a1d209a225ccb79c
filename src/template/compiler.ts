/**
 * Compiles the syntax tree into JS closures once per template text, so rendering is a walk of
 * pre-built functions with no tree dispatch. Semantics follow Jinja2 with Ansible 2.19's
 * environment (strict undefined, native single-node results).
 */
import { PyFloat, VaultString, isStringLike, markTuple, textOf, type Data, type DataDict } from '../core/data.js';
import { DeprecatedText } from '../core/deprecated-values.js';
import { setValueOrigin } from '../core/value-origins.js';
import type { BinaryOp, CompareOp, Expr, MacroDef, Stmt, Target } from './ast.js';
import { filters, nestedRenderErrors, tests, userPlugins, type PluginValue } from './plugin.js';
import { Frame, type BlockFn, type CompiledTemplate } from './render-state.js';
import { TemplateSyntaxError } from './template-syntax-error.js';
import { capturingFailure, capturingPluginFailures, wrapPluginError } from './plugin-failure.js';
import { operandOrigin, operandTagger, retagged, type OperandTagger } from './operand-tags.js';
import { TemplateReference } from './runtime/template-reference.js';
import { LAZY_DICT_REPR, LAZY_LIST_REPR, getAttr, getItem } from './runtime/attributes.js';
import { unsafeAttribute } from './runtime/unsafe-attributes.js';
import { LoopContext } from './runtime/loop-context.js';
import { Macro } from './runtime/macro.js';
import { Namespace } from './runtime/namespace.js';
import * as arith from './runtime/py-arith.js';
import { PyCallable, PyObject, type Kwargs, type Value } from './runtime/py-object.js';
import { PyException, typeError, valueError } from './runtime/py-exception.js';
import { PySlice } from './runtime/py-slice.js';
import { PyBytes } from './runtime/py-bytes.js';
import { isLiteralList, noteLiteralList } from './runtime/literal-lists.js';
import { PyRange, compare, contains, dictKey, enterInputContainer, enterPlugin, equals, exitInputContainer, exitPlugin, iterate, storedKey, str, truthy, typeName, untuple } from './runtime/py-values.js';
import { CapturedFailure, Undefined, UndefinedError, capturedFailureRaising, undefinedError } from './runtime/undefined.js';
import { OMIT_PLACEHOLDER } from './runtime/omit.js';
import { refuseOmitInput } from './filters/omit-input.js';
import { tripHeldItems } from './filters/held-items.js';
import { carryPassedItemOrigins } from './filters/passed-item-origins.js';
import { isPossiblyTemplate } from './embedded-templates.js';
import { escapeHtml } from './filters/jinja-html.js';
import { mayHoldConstant } from './lookup-term-constants.js';
import { lookupTermTags, withTaggedValues } from './lookup-term-tags.js';

type ExprFn = (f: Frame) => Value;
type StmtFn = (f: Frame, out: Value[]) => void;

/** Filters and tests that receive Undefined instead of failing on it (Ansible's accept_args_markers). */
/** Filters that accept 2.19's markers and show one as what it is (a failed filter's CapturedExceptionMarker). */
const MARKER_NAMING_FILTERS = withBuiltinNames(['type_debug']);
export const UNDEFINED_TOLERANT_FILTERS = withBuiltinNames(['default', 'd', 'mandatory', 'ternary', 'type_debug', 'unvault']);
export const UNDEFINED_TOLERANT_TESTS = withBuiltinNames(['defined', 'undefined', 'vault_encrypted']);

/**
 * NOTE: a `!vault` variable reads as its plaintext, yet 2.19's `is vault_encrypted` still sees
 * the encrypted value behind it: these tests get a variable named directly as it is stored.
 */
const STORED_VALUE_TESTS = withBuiltinNames(['vault_encrypted']);
/** Lookups whose terms may be undefined (`env`'s default, `first_found`'s candidates). */
export const UNDEFINED_TOLERANT_LOOKUPS = withBuiltinNames(['env', 'first_found']);

function withBuiltinNames(names: string[]): Set<string> {
  return new Set(names.flatMap((n) => [n, `ansible.builtin.${n}`]));
}

/** Converts an output node to text: None prints as '' (Ansible's finalize), Undefined fails. */
export function outputText(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (v instanceof Undefined) throw undefinedError(v);
  // NOTE: finalize turns tuples into lists before printing: `x{{ (1, 2) }}` is 'x[1, 2]'.
  if (Array.isArray(v) || v instanceof Map) return str(untuple(v));
  // NOTE: finalize decodes bytes (surrogateescape), where `~` and `| string` print their repr.
  if (v instanceof PyBytes) return v.toText();
  return str(v);
}

/**
 * NOTE: Ansible 2.19's native concat: one output node is the value itself, none is None; None
 * nodes (and a conditional expression's missing else) drop out before that rule applies.
 * Templates and macro bodies both end this way.
 */
export function nativeConcat(out: Value[]): Value {
  if (out.length === 1) return out[0] as Value;
  let plain = out.length > 1;
  for (let i = 0; i < out.length && plain; i++) {
    const v = out[i];
    if (v === null || v instanceof Undefined) plain = false;
  }
  if (plain) return joinOutput(out);
  const kept = out.filter((v) => v !== null && !(v instanceof Undefined && v.message === ''));
  if (kept.length === 1) return kept[0] as Value;
  if (kept.length === 0) return null;
  return joinOutput(kept);
}

/** How many recursive `loop(…)` calls are rendering now (rendering is synchronous). */
let recursiveCalls = 0;

/**
 * NOTE: inside a recursive loop's `loop(…)` call, 2.19 raises a missing attribute or item at
 * once (`x.c is defined` and `x.c | default` fail there), where elsewhere it is an Undefined.
 */
function strictInRecursion(obj: Value, r: Value): Value {
  if (recursiveCalls > 0 && r instanceof Undefined && !(obj instanceof Undefined)) throw undefinedError(r);
  return r;
}

export function joinOutput(out: Value[]): string {
  let s = '';
  for (let i = 0; i < out.length; i++) {
    const v = out[i] as Value;
    // NOTE: 2.19's omit prints as nothing among other output ('x{{ omit }}' is 'x').
    if (v === OMIT_PLACEHOLDER) continue;
    s += typeof v === 'string' ? v : outputText(v);
  }
  return s;
}

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

/** List and dict methods that change their object: a template calling one gets copies of variables. */
const MUTATING_METHODS = new Set(['append', 'extend', 'insert', 'remove', 'pop', 'sort', 'reverse', 'clear', 'update', 'setdefault', 'popitem']);

class Compiler {
  readonly blocks = new Map<string, BlockFn>();
  hasExtends = false;
  /** The template calls a method that may change a variable's list or dict. */
  mutates = false;
  /** The template reads a `count` attribute: its list literals are marked plain (literal-lists.ts). */
  countsLists = false;
  /**
   * Compiling inside an `if` or an inline if (Jinja's soft frame): a filter or test missing there
   * fails only when called, with a runtime error; elsewhere the template does not compile.
   */
  private soft = false;
  /** The filters and tests named outside soft frames: each must exist when the template runs. */
  readonly requiredPlugins: RequiredPlugin[] = [];

  /** Compiles `fn` in a soft frame (true) or in a frame of its own (false: a loop's or macro's body). */
  private within<T>(soft: boolean, fn: () => T): T {
    const outer = this.soft;
    this.soft = soft;
    try {
      return fn();
    } finally {
      this.soft = outer;
    }
  }

  stmts(body: Stmt[]): StmtFn {
    const fns = body.map((s) => this.stmt(s));
    if (fns.length === 1) return fns[0] as StmtFn;
    return (f, out) => {
      for (let i = 0; i < fns.length; i++) (fns[i] as StmtFn)(f, out);
    };
  }

  stmt(s: Stmt): StmtFn {
    switch (s.kind) {
      case 'output': {
        const data = s.data;
        return (_f, out) => {
          out.push(data);
        };
      }
      case 'print': {
        const e = this.expr(s.expr);
        return (f, out) => {
          const raw = e(f);
          if (typeof raw !== 'object' || raw === null) {
            out.push(raw);
            return;
          }
          // NOTE: 2.19 fails on an undefined value as it is output, before the next node runs; one
          // with nothing to say (`'a' if false`) drops out instead. `debug: var=` marks them all.
          if (raw instanceof Undefined && raw.message !== '' && !f.state.marksUndefined && !f.inMacroBody) throw undefinedError(raw);
          const v = f.state.settle(raw);
          out.push(v);
        };
      }
      case 'if': {
        const [test, body, orelse] = this.within(true, () => [this.expr(s.test), this.stmts(s.body), this.stmts(s.orelse)] as const);
        return (f, out) => {
          const v = test(f);
          if (truthy(typeof v === 'object' && v !== null ? f.state.settle(v) : v)) body(f, out);
          else orelse(f, out);
        };
      }
      case 'for':
        return this.forLoop(s);
      case 'set': {
        const e = s.target.kind === 'tuple' ? this.expr(s.expr) : capturingFailure(this.expr(s.expr));
        const assign = this.assign(s.target);
        return (f) => assign(f, e(f));
      }
      case 'setblock': {
        const [body, filter] = this.within(false, () => [this.stmts(s.body), s.filters ? this.filterChain(s.filters) : null] as const);
        const assign = this.assign(s.target);
        return (f) => {
          const inner: Value[] = [];
          body(f, inner);
          let v: Value = joinOutput(inner);
          if (filter) v = filter(f, v);
          assign(f, v);
        };
      }
      case 'macro': {
        const make = this.macro(s.def);
        const name = s.def.name;
        return (f) => {
          f.vars.set(name, make(f));
        };
      }
      case 'callblock': {
        const caller = this.macro(s.def);
        const call = s.call as Extract<Expr, { kind: 'call' }>;
        const fn = this.callExpr(call, (f) => caller(f));
        return (f, out) => {
          out.push(f.state.settle(fn(f)));
        };
      }
      case 'filterblock': {
        const [body, filter] = this.within(false, () => [this.stmts(s.body), this.filterChain(s.filter)] as const);
        return (f, out) => {
          const inner: Value[] = [];
          body(f, inner);
          out.push(filter(f, joinOutput(inner)));
        };
      }
      case 'with': {
        const targets = s.targets.map(([t, e]) => [this.assign(t), this.expr(e)] as const);
        const body = this.within(false, () => this.stmts(s.body));
        return (f, out) => {
          const inner = f.child();
          for (const [assign, e] of targets) assign(inner, e(f));
          body(inner, out);
        };
      }
      case 'autoescape': {
        // NOTE: native rendering escapes nothing, whatever the setting; it is still evaluated.
        const setting = this.expr(s.setting);
        const body = this.within(false, () => this.stmts(s.body));
        return (f, out) => {
          const v = setting(f);
          if (v instanceof Undefined) throw undefinedError(v);
          body(f.child(), out);
        };
      }
      case 'block': {
        const body = this.within(false, () => this.stmts(s.body));
        const name = s.name;
        this.blocks.set(name, body);
        return (f, out) => {
          if (f.state.parentTemplate) return;
          const chain = f.state.blockStack.get(name);
          const fn = chain && chain.length > 0 ? (chain[0] as BlockFn) : body;
          renderBlock(fn, chain ?? [body], 0, f, out, name);
        };
      }
      case 'extends': {
        this.hasExtends = true;
        const e = this.expr(s.template);
        return (f) => {
          const name = f.state.settle(e(f));
          if (typeof name !== 'string') throw typeError('template name must be a string');
          f.state.parentTemplate = f.state.loadTemplate(name);
        };
      }
      case 'include': {
        const e = this.expr(s.template);
        const { ignoreMissing, withContext } = s;
        return (f, out) => {
          if (f.state.parentTemplate) return;
          const name = f.state.settle(e(f));
          const names = Array.isArray(name) ? name : [name];
          let tpl: CompiledTemplate | null = null;
          let lastErr: unknown = null;
          for (const n of names) {
            if (typeof n !== 'string') continue;
            try {
              tpl = f.state.loadTemplate(n);
              break;
            } catch (err) {
              lastErr = err;
            }
          }
          if (!tpl) {
            if (ignoreMissing) return;
            throw lastErr ?? typeError('no template name');
          }
          const frame = withContext ? f.child() : new Frame(f.state, null, true);
          runTemplate(tpl, frame, out);
        };
      }
      case 'import': {
        const e = this.expr(s.template);
        const { target, withContext } = s;
        return (f) => {
          const name = f.state.settle(e(f));
          if (typeof name !== 'string') throw typeError('template name must be a string');
          f.vars.set(target, importModule(f, name, withContext));
        };
      }
      case 'fromimport': {
        const e = this.expr(s.template);
        const { names, withContext } = s;
        return (f) => {
          const name = f.state.settle(e(f));
          if (typeof name !== 'string') throw typeError('template name must be a string');
          const mod = importModule(f, name, withContext);
          for (const [n, alias] of names) {
            const v = mod.getAttr(n);
            f.vars.set(alias, v === undefined ? new Undefined(`the template ${JSON.stringify(name)} does not export the requested name ${JSON.stringify(n)}`, n) : v);
          }
        };
      }
    }
  }

  forLoop(s: Extract<Stmt, { kind: 'for' }>): StmtFn {
    const iterFn = this.expr(s.iter);
    const [body, orelse, filter] = this.within(false, () => [this.stmts(s.body), this.stmts(s.orelse), s.filter ? this.expr(s.filter) : null] as const);
    const assign = this.assign(s.target);
    const usesLoop = JSON.stringify(s.body).includes('"name":"loop"') || (s.filter !== null && JSON.stringify(s.filter).includes('"name":"loop"'));
    const recursive = s.recursive;
    const run = (f: Frame, out: Value[], iterable: Value, depth0: number): void => {
      const state = f.state;
      if (iterable instanceof Undefined) throw undefinedError(iterable);
      const raw = iterable;
      let items: Value[] = [];
      const derive = (Array.isArray(raw) || raw instanceof Map) && isRaw(raw);
      for (const item of iterate(raw)) items.push(derive ? state.derive(item) : item);
      const frame = f.child();
      if (filter) {
        items = items.filter((item) => {
          assign(frame, item);
          return truthy(state.settle(filter(frame)));
        });
      }
      if (items.length === 0) {
        orelse(f, out);
        return;
      }
      const loop = usesLoop || recursive ? new LoopContext(items, depth0, recursive ? (it, d) => {
        const inner: Value[] = [];
        recursiveCalls++;
        try {
          run(f, inner, state.settle(it), d);
        } finally {
          recursiveCalls--;
        }
        // NOTE: like a macro's body, `loop(…)` ends in native concat (one node is its value, none is None).
        return nativeConcat(inner);
      } : null) : null;
      if (loop) frame.vars.set('loop', loop);
      for (let i = 0; i < items.length; i++) {
        if (loop) loop.index0 = i;
        // NOTE: Jinja scopes a loop body per iteration: what `{% set %}` assigned there is gone by
        // the next one, which reads the enclosing value again.
        const iteration = i === 0 ? frame : f.child();
        if (loop && iteration !== frame) iteration.vars.set('loop', loop);
        assign(iteration, items[i] as Value);
        body(iteration, out);
      }
    };
    return (f, out) => run(f, out, f.state.settle(iterFn(f)), 0);
  }

  assign(t: Target): (f: Frame, v: Value) => void {
    if (t.kind === 'name') {
      const name = t.name;
      return (f, v) => {
        f.vars.set(name, v);
      };
    }
    if (t.kind === 'nsattr') {
      const { name, attr } = t;
      return (f, v) => {
        const ns = f.lookup(name);
        if (!(ns instanceof Namespace)) throw typeError('cannot assign attribute on non-namespace object');
        ns.attrs.set(attr, v);
      };
    }
    const parts = t.items.map((item) => this.assign(item));
    return (f, v) => {
      const value = f.state.settle(v);
      if (!(typeof value === 'string' || Array.isArray(value) || value instanceof Map || value instanceof PyObject)) {
        throw typeError(`cannot unpack non-iterable ${typeName(value)} object`);
      }
      const items = Array.from(iterate(value));
      if (items.length !== parts.length) {
        throw valueError(
          items.length > parts.length ? `too many values to unpack (expected ${parts.length})` : `not enough values to unpack (expected ${parts.length}, got ${items.length})`,
        );
      }
      for (let i = 0; i < parts.length; i++) (parts[i] as (f: Frame, v: Value) => void)(f, items[i] as Value);
    };
  }

  macro(def: MacroDef): (f: Frame) => Macro {
    return this.within(false, () => this.macroIn(def));
  }

  private macroIn(def: MacroDef): (f: Frame) => Macro {
    const body = this.stmts(def.body);
    const text = JSON.stringify(def.body);
    const usesVarargs = text.includes('"name":"varargs"');
    const usesKwargs = text.includes('"name":"kwargs"');
    const usesCaller = text.includes('"name":"caller"');
    const defaults = def.defaults.map((d) => (d ? this.expr(d) : null));
    return (defFrame) =>
      new Macro(
        def.name,
        def.params,
        defaults.map((d) => {
          if (!d) return null;
          return (bindings: Map<string, Value>) => {
            const fr = defFrame.child();
            for (const [k, v] of bindings) fr.vars.set(k, v);
            return d(fr);
          };
        }),
        usesVarargs,
        usesKwargs,
        usesCaller,
        (bindings) => {
          const fr = defFrame.child();
          fr.inMacroBody = true;
          for (const [k, v] of bindings) fr.vars.set(k, v);
          const out: Value[] = [];
          body(fr, out);
          // NOTE: 2.19 concatenates a macro's output lazily: an undefined value printed in it is
          // the call's value (`f() | default('x')` takes it), and fails only where that is output.
          return out.find((v) => v instanceof Undefined && v.message !== '') ?? nativeConcat(out);
        },
      );
  }

  expr(e: Expr): ExprFn {
    switch (e.kind) {
      case 'const': {
        const v = e.value;
        // A string that looks like a template is 2.19's embedded template: the state decides.
        if (typeof v === 'string' && isPossiblyTemplate(v)) return (f) => f.state.accessConst(v);
        // NOTE: Jinja writes a float literal that overflowed (1e400) into its Python code as repr()
        // gives it, `inf`, which names nothing there.
        if (v instanceof PyFloat && !Number.isFinite(v.value)) {
          return () => {
            throw new PyException('NameError', "name 'inf' is not defined");
          };
        }
        return () => v;
      }
      case 'name': {
        const name = e.name;
        // NOTE: Jinja gives a template that names `self` undeclared its TemplateReference, before any variable.
        if (name === 'self') return (f) => (f.hasLocal(name) ? f.lookup(name) : templateReference(f));
        return (f) => f.lookup(name);
      }
      case 'list': {
        const items = e.items.map((i) => capturingFailure(this.expr(i)));
        const origins = e.items.map((i) => operandOrigin(i, (x) => this.expr(x)));
        return (f) => {
          const list = items.map((i) => i(f)) as Data[];
          // a value read from a variable keeps its origin in the list (2.19's tagged values stay tagged)
          origins.forEach((origin, i) => {
            const where = origin?.(f);
            if (where) setValueOrigin(list, i, where);
          });
          noteRawItems(list, list);
          return this.countsLists ? noteLiteralList(list) : list;
        };
      }
      case 'tuple': {
        const items = e.items.map((i) => capturingFailure(this.expr(i)));
        return (f) => {
          const tuple = items.map((i) => i(f)) as Data[];
          noteRawItems(tuple, tuple);
          return markTuple(tuple);
        };
      }
      case 'dict': {
        const items = e.items.map(([k, v]) => [this.expr(k), capturingFailure(this.expr(v))] as const);
        return (f) => {
          const m: DataDict = new Map();
          for (const [k, v] of items) m.set(storedKey(m, dictKey(f.state.settle(k(f)))), v(f) as Data);
          noteRawItems(m, m.values());
          return m;
        };
      }
      case 'getattr': {
        const obj = this.expr(e.obj);
        const attr = e.attr;
        if (attr === 'count') this.countsLists = true;
        // A private attribute of a str/int/float read from a variable names its tagged type.
        const tag = attr.startsWith('_') ? operandTagger(e.obj, (x) => this.expr(x)) : undefined;
        return (f) => {
          const o = obj(f);
          const shown = tag && !(o instanceof Map || Array.isArray(o)) ? tag(f, o) : undefined;
          const unsafe = shown === undefined ? undefined : unsafeAttribute(o, attr, shown);
          if (unsafe !== undefined) return unsafe;
          const r = strictInRecursion(o, getAttr(o, attr));
          if (!isRaw(o)) {
            if (f.state.tracksOrigins) f.state.noteEntryOrigin(r, o, attr);
            return r instanceof DeprecatedText ? deprecatedRead(f, r) : r;
          }
          // A method of a variable container works on its rendered form (`ld.items()`).
          if (r instanceof PyCallable) return getAttr(f.state.settle(o), attr);
          return f.state.derive(r, o, attr);
        };
      }
      case 'getitem': {
        const obj = this.expr(e.obj);
        const key = this.expr(e.key);
        const literal = e.obj.kind === 'dict' ? LAZY_DICT_REPR : e.obj.kind === 'list' ? LAZY_LIST_REPR : undefined;
        return (f) => {
          const o = obj(f);
          const k = f.state.settle(key(f));
          let r = strictInRecursion(o, getItem(o, k));
          // A dict or list written in the template itself is a plain one, which Jinja names so.
          if (literal !== undefined && r instanceof Undefined && r.message.startsWith(literal)) {
            r = new Undefined(`${e.obj.kind} object${r.message.slice(literal.length)}`);
          }
          if (isRaw(o)) return f.state.derive(r, o, k);
          if (f.state.tracksOrigins) f.state.noteEntryOrigin(r, o, k);
          return r instanceof DeprecatedText ? deprecatedRead(f, r) : r;
        };
      }
      case 'slice': {
        const start = e.start ? this.expr(e.start) : null;
        const stop = e.stop ? this.expr(e.stop) : null;
        const step = e.step ? this.expr(e.step) : null;
        return (f) => new PySlice(start ? start(f) : null, stop ? stop(f) : null, step ? step(f) : null);
      }
      case 'binary': {
        const left = this.expr(e.left);
        const right = this.expr(e.right);
        const op = BINARY[e.op];
        const compile = (x: Expr): ((f: Frame) => Value) => this.expr(x);
        const tags = [operandTagger(e.left, compile), operandTagger(e.right, compile)] as const;
        const markupSide = e.op === '+' ? markupOperand(e.left, e.right) : undefined;
        return (f) => {
          const l = left(f);
          const r = right(f);
          const a = typeof l === 'object' && l !== null ? f.state.settle(l) : l;
          const b = typeof r === 'object' && r !== null ? f.state.settle(r) : r;
          // NOTE: a Markup added to a str escapes the str first (markupsafe's __add__/__radd__).
          const plain = (markupSide === 'left' ? b : a) as Data;
          if (markupSide !== undefined && isStringLike(plain)) {
            return markupSide === 'left' ? str(a) + escapeHtml(textOf(plain)) : escapeHtml(textOf(plain)) + str(b);
          }
          let result: Value;
          try {
            result = op(a, b);
          } catch (err) {
            return retagged(err, f, [[a, tags[0]], [b, tags[1]]], () => op(a, b));
          }
          // A plain list joined to, or repeated from, plain lists is plain too (literal-lists.ts).
          if (this.countsLists && Array.isArray(result) && (isLiteralList(a) || !Array.isArray(a)) && (isLiteralList(b) || !Array.isArray(b))) noteLiteralList(result);
          return result;
        };
      }
      case 'unary': {
        const operand = this.expr(e.operand);
        if (e.op === 'not') {
          return (f) => {
            const v = operand(f);
            return !truthy(typeof v === 'object' && v !== null ? f.state.settle(v) : v);
          };
        }
        const op = e.op === '-' ? arith.neg : arith.pos;
        const tag = operandTagger(e.operand, (x) => this.expr(x));
        return (f) => {
          const v = operand(f);
          try {
            return op(v);
          } catch (err) {
            return retagged(err, f, [[v, tag]], () => op(v));
          }
        };
      }
      case 'and': {
        const left = this.expr(e.left);
        const right = this.expr(e.right);
        return (f) => {
          const l = left(f);
          return truthy(f.state.settle(l)) ? right(f) : l;
        };
      }
      case 'or': {
        const left = this.expr(e.left);
        const right = this.expr(e.right);
        return (f) => {
          const l = left(f);
          return truthy(f.state.settle(l)) ? l : right(f);
        };
      }
      case 'concat': {
        const items = e.items.map((i) => this.expr(i));
        return (f) => {
          let s = '';
          for (const i of items) s += concatText(f.state.settle(i(f)));
          return s;
        };
      }
      case 'compare': {
        const first = this.expr(e.first);
        const compile = (x: Expr): ((f: Frame) => Value) => this.expr(x);
        const ops = e.ops.map(([op, x]) => [COMPARE[op], this.expr(x), operandTagger(x, compile)] as const);
        const firstTag = operandTagger(e.first, compile);
        return (f) => {
          let left = f.state.settle(first(f));
          let leftTag = firstTag;
          for (const [op, x, tag] of ops) {
            const right = f.state.settle(x(f));
            let holds: boolean;
            try {
              holds = op(left, right);
            } catch (err) {
              const l = left;
              holds = retagged(err, f, [[l, leftTag], [right, tag]], () => op(l, right));
            }
            if (!holds) return false;
            left = right;
            leftTag = tag;
          }
          return true;
        };
      }
      case 'cond': {
        const [test, then, orelse] = this.within(true, () => [this.expr(e.test), this.expr(e.then), e.else ? this.expr(e.else) : null] as const);
        return (f) => {
          if (truthy(f.state.settle(test(f)))) return then(f);
          return orelse ? orelse(f) : new Undefined('', undefined);
        };
      }
      case 'call':
        return this.callExpr(e, null);
      case 'filter': {
        const valueFn = e.value ? this.expr(e.value) : (): Value => null;
        return this.filterCall(e, valueFn);
      }
      case 'test':
        return this.testCall(e);
    }
  }

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
  ): { args: (f: Frame) => Value[]; kwargs: (f: Frame) => Kwargs } {
    // NOTE: a filter's or test's argument that raised is a held failure in 2.19 (its marker), so
    // the plugin returns the first marker among its arguments, or takes it when it accepts markers.
    const held = (x: Expr): ExprFn => (holding ? capturingFailure(this.expr(x)) : this.expr(x));
    const a = args.map(held);
    const k = kwargs.map(([n, x]) => [n, held(x)] as const);
    const s = star ? this.expr(star) : null;
    const d = dstar ? this.expr(dstar) : null;
    const argsFn =
      a.length === 0 && !s
        ? noArgs
        : (f: Frame): Value[] => {
            const out = a.map((x) => f.state.settle(x(f)));
            if (s) for (const v of starred(f.state.settle(s(f)))) out.push(v);
            return out;
          };
    const kwargsFn = k.length === 0 && !d ? noKwargs : (f: Frame): Kwargs => {
      const m: Kwargs = new Map();
      for (const [n, x] of k) m.set(n, f.state.settle(x(f)));
      if (d) {
        const extra = f.state.settle(d(f));
        if (!(extra instanceof Map)) throw typeError(`argument after ** must be a mapping, not ${typeName(extra)}`);
        for (const [kk, vv] of extra) m.set(String(kk), vv as Value);
      }
      return m;
    };
    return { args: argsFn, kwargs: kwargsFn };
  }

  callExpr(e: Extract<Expr, { kind: 'call' }>, caller: ((f: Frame) => Macro) | null): ExprFn {
    if (e.callee.kind === 'getattr' && MUTATING_METHODS.has(e.callee.attr)) this.mutates = true;
    const callee = this.expr(e.callee);
    const calleeTag = operandTagger(e.callee, (x) => this.expr(x));
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar);
    const terms = e.callee.kind === 'name' && LOOKUP_CALLS.has(e.callee.name) && e.star === null ? e.args.slice(1).map(mayHoldConstant) : [];
    const holding = terms.includes(false) ? terms : null;
    const termTags = e.callee.kind === 'name' && LOOKUP_CALLS.has(e.callee.name) && e.star === null ? lookupTermTags(e.args.slice(1), (x) => this.expr(x)) : undefined;
    return (f) => {
      const fn = callee(f);
      let kw = kwargs(f);
      if (caller) {
        kw = new Map(kw);
        kw.set('caller', caller(f));
      }
      const a = args(f);
      // Read (and cleared) by the lookup as it starts; cleared here if the callee was something else.
      if (holding) f.state.lookupTermsHoldingConstants = holding;
      try {
        if (termTags) return withTaggedValues(termTags(f, a.slice(1)), () => this.callWithTags(f, fn, a, kw, calleeTag));
        return this.callWithTags(f, fn, a, kw, calleeTag);
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
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar, true);
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
      const v = typeof raw === 'object' && raw !== null ? f.state.settle(raw) : raw;
      // NOTE: 2.19 calls no filter on an undefined value or argument: the Undefined is the
      // result, so a later `default` still replaces it (`x | upper | default('y')`).
      if (!tolerant && v instanceof Undefined) return v;
      if (v instanceof CapturedFailure) {
        if (MARKER_NAMING_FILTERS.has(name)) return 'CapturedExceptionMarker';
        throw v.error;
      }
      if (markupTypeDebug && typeof v === 'string') return 'Markup';
      if (escapedAlready && typeof v === 'string') return v;
      const a = args(f);
      if (!tolerant) for (let i = 0; i < a.length; i++) if (a[i] instanceof Undefined) return a[i] as Value;
      const kw = kwargs(f);
      if (!tolerant) for (const x of kw.values()) if (x instanceof Undefined) return x;
      const saved = enterPlugin(tagger ? taggedInput(f, v, tagger) : null);
      const savedContainer = enterInputContainer(v);
      const savedOrigin = f.state.filterInputOrigin;
      f.state.filterInputOrigin = inputOrigin ? () => inputOrigin(f) : null;
      try {
        if (v === OMIT_PLACEHOLDER) refuseOmitInput(name);
        tripHeldItems(name, v, a);
        const out = fn(f.state.pluginContext, v as PluginValue, a as PluginValue[], kw as Map<string, PluginValue>) as Value;
        // NOTE: 2.19 hands a filter's range() on as the list it holds (`range(3) | default(1)`)
        if (out instanceof PyRange) return [...out];
        carryPassedItemOrigins(name, v, a, kw, out);
        return out;
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
    const valueFn = this.expr(e.value);
    const { args, kwargs } = this.argsOf(e.args, e.kwargs, e.star, e.dstar, true);
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
      const v = stored instanceof VaultString ? stored : f.state.settle(valueFn(f));
      // NOTE: as for filters, 2.19 calls no test on an undefined value or argument: the
      // Undefined is the result (`(x is eq(1)) | default(…)` gives the default).
      if (!tolerant && v instanceof Undefined) return v;
      if (v instanceof CapturedFailure) throw v.error;
      if (markupInput && typeof v === 'string') return !negate;
      const a = args(f);
      const kw = kwargs(f);
      if (!tolerant) {
        for (const x of a) if (x instanceof Undefined) return x;
        for (const x of kw.values()) if (x instanceof Undefined) return x;
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

function renderBlock(fn: BlockFn, chain: BlockFn[], index: number, f: Frame, out: Value[], name: string): void {
  const frame = f.child();
  frame.vars.set(
    'super',
    new (class extends PyCallable {
      readonly typeName = 'BlockReference';
      call(): Value {
        const next = chain[index + 1];
        if (!next) throw typeError(`no parent block called '${name}'.`);
        const inner: Value[] = [];
        renderBlock(next, chain, index + 1, f, inner, name);
        return joinOutput(inner);
      }
    })(),
  );
  fn(frame, out);
}

function templateReference(f: Frame): TemplateReference {
  const state = f.state;
  return new TemplateReference(
    (name) => {
      const chain = state.blockStack.get(name);
      if (!chain || chain.length === 0) return undefined;
      const out: Value[] = [];
      renderBlock(chain[0] as BlockFn, chain, 0, new Frame(state, null), out, name);
      return joinOutput(out);
    },
    (name) => (state.blockStack.get(name)?.length ?? 0) > 0,
  );
}

/** Runs a template, following `{% extends %}` to the root layout. */
export function runTemplate(tpl: CompiledTemplate, frame: Frame, out: Value[]): void {
  const state = frame.state;
  const savedParent = state.parentTemplate;
  const savedStack = state.blockStack;
  state.parentTemplate = null;
  if (tpl.hasExtends || tpl.blocks.size > 0) state.blockStack = new Map(savedStack);
  try {
    let current: CompiledTemplate = tpl;
    for (;;) {
      if (current.blocks.size > 0 && state.blockStack === savedStack) state.blockStack = new Map(savedStack);
      for (const [name, fn] of current.blocks) {
        const chain = state.blockStack.get(name) ?? [];
        state.blockStack.set(name, [...chain, fn]);
      }
      const local: Value[] = [];
      current.run(frame, local);
      const parent: CompiledTemplate | null = state.parentTemplate;
      if (!parent) {
        out.push(...local);
        return;
      }
      state.parentTemplate = null;
      current = parent;
    }
  } finally {
    state.parentTemplate = savedParent;
    state.blockStack = savedStack;
  }
}

/** A template imported as a module: its top-level macros and variables. */
class TemplateModule extends PyObject {
  readonly typeName = 'TemplateModule';
  constructor(
    readonly name: string,
    private readonly exported: Map<string, Value>,
  ) {
    super();
  }
  override getAttr(name: string): Value | undefined {
    return this.exported.get(name);
  }
}

function importModule(f: Frame, name: string, withContext: boolean): TemplateModule {
  const tpl = f.state.loadTemplate(name);
  const frame = withContext ? f.child() : new Frame(f.state, null, true);
  const out: Value[] = [];
  runTemplate(tpl, frame, out);
  return new TemplateModule(name, frame.vars);
}

const rawContainers = new WeakSet<object>();

/** Marks a container as coming from variables (its strings may hold templates). */
export function markRaw(v: object): void {
  rawContainers.add(v);
}

export function unmarkRaw(v: object): void {
  rawContainers.delete(v);
}

export function isRaw(v: Value): boolean {
  return typeof v === 'object' && v !== null && rawContainers.has(v);
}

/**
 * Literals (`[d]`, `(d, 1)`, `{'k': d}`) holding a variable's list or dict, itself not yet
 * rendered: settling the literal settles those items, as 2.19 finalizes its lazy containers
 * wherever they sit. The literal's own constants are never rendered.
 */
const literalsHoldingRaw = new WeakSet<object>();

function noteRawItems(literal: object, items: Iterable<unknown>): void {
  for (const item of items) {
    if (typeof item === 'object' && item !== null && (rawContainers.has(item) || literalsHoldingRaw.has(item))) {
      literalsHoldingRaw.add(literal);
      return;
    }
  }
}

/** Takes the mark noteRawItems left: true once, for a literal whose raw items are now to be settled. */
export function takeRawItemsMark(v: Value): boolean {
  return typeof v === 'object' && v !== null && literalsHoldingRaw.delete(v);
}

function concatText(v: Value): string {
  if (typeof v === 'string') return v === OMIT_PLACEHOLDER ? str(v) : v;
  if (v instanceof Undefined) throw undefinedError(v);
  return str(v);
}

export function callValue(fn: Value, args: Value[], kwargs: Kwargs): Value {
  if (fn instanceof PyCallable) return fn.call(args, kwargs);
  if (fn instanceof Undefined) throw undefinedError(fn);
  throw typeError(`'${typeName(fn)}' object is not callable`);
}

const BINARY: Record<BinaryOp, (a: Value, b: Value) => Value> = {
  '+': arith.add,
  '-': arith.sub,
  '*': arith.mul,
  '/': arith.truediv,
  '//': arith.floordiv,
  '%': arith.mod,
  '**': arith.pow,
};

function strictEq(a: Value, b: Value): boolean {
  if (a instanceof Undefined) throw undefinedError(a);
  if (b instanceof Undefined) throw undefinedError(b);
  // NOTE: float's == is never true for NaN, even for the same object (containers compare by identity first).
  if (a === b && a instanceof PyFloat && Number.isNaN(a.value)) return false;
  return equals(a, b);
}

const COMPARE: Record<CompareOp, (a: Value, b: Value) => boolean> = {
  '==': strictEq,
  '!=': (a, b) => !strictEq(a, b),
  '<': (a, b) => compare(a, b, '<'),
  '<=': (a, b) => compare(a, b, '<='),
  '>': (a, b) => compare(a, b, '>'),
  '>=': (a, b) => compare(a, b, '>='),
  in: (a, b) => contains(b, a),
  notin: (a, b) => !contains(b, a),
};

/** Compiles a parsed template. */
export function compileTemplate(source: string, body: Stmt[]): CompiledTemplate {
  const c = new Compiler();
  const compiled = c.stmts(body);
  const required = c.requiredPlugins;
  const runBody: StmtFn = required.length === 0 ? compiled : (f, out) => {
    checkRequiredPlugins(required);
    compiled(f, out);
  };
  const run: StmtFn = c.mutates
    ? (f, out) => {
        f.state.copyVariables();
        runBody(f, out);
      }
    : runBody;
  const only = body.length === 1 ? body[0] : undefined;
  const markupResult = only?.kind === 'print' && isMarkupExpression(only.expr);
  const passesValue = only?.kind === 'print' && passesValueThrough(only.expr);
  return { source, run, blocks: c.blocks, hasExtends: c.hasExtends, markupResult, ...(passesValue ? { passesValue } : {}) };
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

interface RequiredPlugin {
  kind: 'filter' | 'test';
  name: string;
  pos: number;
}

function missingPluginError(p: RequiredPlugin): TemplateSyntaxError {
  return new TemplateSyntaxError(`No ${p.kind} named '${p.name}'.`, p.pos);
}

/**
 * NOTE: Jinja looks up the filters and tests a template names as it compiles it (2.19 compiles
 * each template as it renders it): one missing outside an `if` fails the whole template, reached
 * or not (`false and x | nosuch`).
 */
function checkRequiredPlugins(required: readonly RequiredPlugin[]): void {
  for (const p of required) {
    const found = p.kind === 'filter' ? (userPlugins?.filter(p.name) ?? filters.get(p.name)) : (userPlugins?.test(p.name) ?? tests.get(p.name));
    if (!found) throw missingPluginError(p);
  }
}

/** Filters that give back their input itself, or one item of it, as it is (a value's trust goes with it). */
const PASSING_FILTERS: ReadonlySet<string> = new Set(['default', 'd', 'mandatory', 'string', 'first', 'last', 'min', 'max'].flatMap((n) => [n, `ansible.builtin.${n}`]));
/** Filters that give back one of their arguments as it is. */
const ARGUMENT_PASSING_FILTERS: ReadonlySet<string> = new Set(['ternary', 'ansible.builtin.ternary']);

/**
 * Whether the expression's value is one its parts gave as they are (a variable, an item of one,
 * a branch of `if`/`and`/`or`, default's input): any other makes a new value.
 */
function passesValueThrough(e: Expr | null): boolean {
  if (e === null) return false;
  switch (e.kind) {
    case 'name':
    case 'getattr':
    case 'getitem':
      return true;
    // one of the branches is the value (the text then says which: a literal is not trusted text)
    case 'cond':
      return passesValueThrough(e.then) || passesValueThrough(e.else);
    case 'and':
    case 'or':
      return passesValueThrough(e.left) || passesValueThrough(e.right);
    case 'filter':
      if (ARGUMENT_PASSING_FILTERS.has(e.name)) return e.args.some(passesValueThrough);
      return PASSING_FILTERS.has(e.name) && passesValueThrough(e.value);
    default:
      return false;
  }
}

/**
 * Jinja filters whose result is a markupsafe.Markup (a str subclass Ansible does not store);
 * urlize and xmlattr make one only with autoescape, which Ansible leaves off.
 */
const MARKUP_FILTERS: ReadonlySet<string> = new Set(['e', 'escape', 'forceescape', 'safe', 'tojson'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/** Ansible's lookup globals: their positional terms may render template constants. */
const LOOKUP_CALLS: ReadonlySet<string> = new Set(['lookup', 'query', 'q']);

const ESCAPING_FILTERS: ReadonlySet<string> = new Set(['e', 'escape'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/** Jinja filters that call a str method on their value: Markup's own methods keep it a Markup. */
const MARKUP_KEEPING_FILTERS: ReadonlySet<string> = new Set(['upper', 'lower', 'capitalize', 'trim', 'center', 'string'].flatMap((n) => [n, `ansible.builtin.${n}`]));

/**
 * Whether an expression gives a Markup. NOTE: Volant's values have no Markup type: what 2.19
 * shows of one (type_debug's name, the storage warning) is known from the filters written.
 */
export function isMarkupExpression(e: Expr | null): boolean {
  if (e?.kind === 'binary') return e.op === '+' && (isMarkupExpression(e.left) || isMarkupExpression(e.right));
  if (e?.kind !== 'filter') return false;
  return MARKUP_FILTERS.has(e.name) || (MARKUP_KEEPING_FILTERS.has(e.name) && isMarkupExpression(e.value));
}

/** Which operand of `+` is the only Markup (the other is escaped when it is a str). */
function markupOperand(left: Expr, right: Expr): 'left' | 'right' | undefined {
  const l = isMarkupExpression(left);
  const r = isMarkupExpression(right);
  return l === r ? undefined : l ? 'left' : 'right';
}

/** Compiles a bare expression (conditionals). */
export function compileExpression(expr: Expr): (f: Frame) => Value {
  const c = new Compiler();
  const compiled = c.expr(expr);
  const required = c.requiredPlugins;
  const run = required.length === 0 ? compiled : (f: Frame): Value => {
    checkRequiredPlugins(required);
    return compiled(f);
  };
  // A conditional that mutates a variable's list or dict works on copies too (see compileTemplate).
  if (!c.mutates) return run;
  return (f) => {
    f.state.copyVariables();
    return run(f);
  };
}


/** A deprecated text read from a result (`r.timedout.frame`): its deprecation shows, its text is the value. */
function deprecatedRead(f: Frame, text: DeprecatedText): Value {
  f.state.noteDeprecation(text.deprecation);
  return text.value;
}
