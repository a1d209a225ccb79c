/**
 * Statements (`{% … %}`, output, macros, loops, blocks, includes and imports) compiled to
 * closures that write a template's output nodes.
 */
import type { Expr, MacroDef, Stmt, Target } from './ast.js';
import { isTuple, type Data, type DataDict, type DictKey } from '../core/data.js';
import { Frame, type BlockFn, type CompiledTemplate } from './render-state.js';
import { capturingFailure } from './plugin-failure.js';
import { LoopContext } from './runtime/loop-context.js';
import { Macro } from './runtime/macro.js';
import { Namespace } from './runtime/namespace.js';
import { PyObject, type Value } from './runtime/py-object.js';
import { PyException, typeError, valueError } from './runtime/py-exception.js';
import { iterate, truthy, typeName } from './runtime/py-values.js';
import { noteAllRead, noteItemRead } from './runtime/unread-items.js';
import { PlainUndefined, Undefined, undefinedError } from './runtime/undefined.js';
import { ExpressionCompiler } from './expression-compiler.js';
import { nativeConcat } from './native-output.js';
import { inRecursiveCall } from './recursive-calls.js';
import { isRaw } from './raw-containers.js';
import { lazifiedPrinted } from './lazified-containers.js';
import { renderBlock, runTemplate } from './template-inheritance.js';
import { importModule } from './template-module.js';
import { operandTagger } from './operand-tags.js';
import { noteAssignedContainer, noteAssignedScalar, noteLoopItem, noteUnpackedItems } from './local-operand-tags.js';
import { hasValueOrigins } from '../core/value-origins.js';
import type { StmtFn } from './call-compiler.js';

/** Compiles statements; what they hold compiles as expressions. */
export class StatementCompiler extends ExpressionCompiler {
  /** The template's `{% block %}`s by name. */
  readonly blocks = new Map<string, BlockFn>();
  /** The template names a parent (`{% extends %}`). */
  hasExtends = false;

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
          out.push(this.mutates ? lazifiedPrinted(v) : v);
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
        const target = s.target;
        if (target.kind !== 'name') {
          return (f) => {
            const v = e(f);
            assign(f, v);
            noteUnpackedItems(f, target, v);
          };
        }
        const tagger = operandTagger(s.expr, (x) => this.expr(x));
        return (f) => {
          const v = e(f);
          noteAssignedContainer(f, v, tagger);
          noteAssignedScalar(f, target.name, v, tagger);
          assign(f, v);
        };
      }
      case 'setblock': {
        const [body, filter] = this.within(false, () => [this.stmts(s.body), s.filters ? this.filterChain(s.filters) : null] as const);
        const assign = this.assign(s.target);
        return (f) => {
          let v = blockValue(f, body);
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
          out.push(filter(f, blockValue(f, body)));
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
    const targetName = s.target.kind === 'name' ? s.target.name : undefined;
    const unpacks = s.target.kind === 'tuple';
    const run = (f: Frame, out: Value[], iterable: Value, depth0: number): void => {
      const state = f.state;
      if (iterable instanceof Undefined && !(iterable instanceof PlainUndefined)) throw undefinedError(iterable);
      const raw = iterable;
      const derive = (Array.isArray(raw) || raw instanceof Map) && isRaw(raw);
      if (!recursive && this.mutates && !(filter && usesLoop)) {
        if (Array.isArray(raw) && !isTuple(raw)) {
          liveLoop(f, out, raw, derive, raw as Data[]);
          return;
        }
        if (raw instanceof Map) {
          const size = raw.size;
          liveLoop(f, out, [...raw.keys()] as Value[], derive, raw as DataDict, () => {
            if (raw.size !== size) throw new PyException('RuntimeError', 'dictionary changed size during iteration');
          });
          return;
        }
      }
      let items: Value[] = [];
      for (const item of iterate(raw)) items.push(derive ? state.derive(item) : item);
      if (this.mutates && Array.isArray(raw)) noteAllRead(raw);
      // the container each iteration reads its item from, and where (for the item's origin)
      const source = (Array.isArray(raw) || raw instanceof Map) && hasValueOrigins(raw as Data[]) ? (raw as Data[] | DataDict) : undefined;
      let keys: DictKey[] = source === undefined ? [] : source instanceof Map ? [...source.keys()] : items.map((_, i) => i);
      const frame = f.child();
      if (filter) {
        const kept = items.map((item) => {
          assign(frame, item);
          return truthy(state.settle(filter(frame)));
        });
        items = items.filter((_, i) => kept[i]);
        if (source) keys = keys.filter((_, i) => kept[i]);
      }
      if (items.length === 0) {
        orelse(f, out);
        return;
      }
      const loop = usesLoop || recursive ? new LoopContext(items, depth0, recursive ? (it, d) => {
        const inner: Value[] = [];
        inRecursiveCall(() => run(f, inner, state.settle(it), d));
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
        if (source) noteLoopItem(iteration, targetName, source, keys[i] as DictKey, source instanceof Map);
        if (unpacks) noteUnpackedItems(iteration, s.target, items[i] as Value);
        body(iteration, out);
      }
    };
    /**
     * NOTE: Python iterates a list as it is at each step: an item the body appends is reached too
     * (`{% for x in l %}{{ l.append(9) if loop.first }}{{ x }}{% endfor %}` prints 1239). Only a
     * template that calls a mutating method can see it, so only such templates loop this way. A
     * dict's keys are a snapshot, but its iterator fails once the dict's size changed.
     */
    const liveLoop = (f: Frame, out: Value[], list: Value[], derive: boolean, source: Data[] | DataDict, check?: () => void): void => {
      const loop = usesLoop ? new LoopContext(list, 0, null) : null;
      let ran = 0;
      for (let i = 0; ; i++) {
        // `check` is the dict iterator's own test as it is asked for the next key (a size that changed fails).
        if (i > 0) check?.();
        if (i >= list.length) break;
        // NOTE: Jinja scopes a loop body per iteration (see run); a filter reads the item first.
        const iteration = f.child();
        // a dict's loop reads its keys only
        if (Array.isArray(source)) noteItemRead(source, list[i]);
        assign(iteration, derive ? f.state.derive(list[i] as Value) : (list[i] as Value));
        noteLoopItem(iteration, targetName, source, source instanceof Map ? (list[i] as DictKey) : i, source instanceof Map);
        if (unpacks) noteUnpackedItems(iteration, s.target, list[i] as Value);
        if (filter && !truthy(f.state.settle(filter(iteration)))) continue;
        if (loop) {
          loop.index0 = i;
          iteration.vars.set('loop', loop);
        }
        body(iteration, out);
        ran++;
      }
      if (ran === 0) orelse(f, out);
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
      if (Array.isArray(value)) noteAllRead(value);
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
          for (const [k, v] of bindings) fr.vars.set(k, v);
          return blockValue(fr, body);
        },
      );
  }
}

/**
 * The value of a macro's body, a set block's or a filter block's: 2.19 ends each with its concat
 * (one node is the value itself, `{{ [1] }}` a list; none is None) and concatenates lazily, so an
 * undefined value printed there is the value (`f() | default('x')` takes it) and fails only where
 * that is output.
 */
function blockValue(f: Frame, body: StmtFn): Value {
  const saved = f.inMacroBody;
  f.inMacroBody = true;
  const out: Value[] = [];
  try {
    body(f, out);
  } finally {
    f.inMacroBody = saved;
  }
  return out.find((v) => v instanceof Undefined && v.message !== '') ?? nativeConcat(out);
}
