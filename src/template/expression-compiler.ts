/**
 * Expressions compiled to closures over a Frame: names and literals, attribute and item access,
 * operators, conditionals; calls, filters and tests compile in call-compiler.ts.
 */
import { isUnopenedVault, unopenedVaultRead } from './unopened-vault.js';
import { PyFloat, UnsafeString, isStringLike, markTuple, textOf, type Data, type DataDict, type DictKey } from '../core/data.js';
import { DeprecatedText } from '../core/deprecated-values.js';
import { setKeyLocationLookup, setValueOrigin } from '../core/value-origins.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Expr } from './ast.js';
import type { Frame } from './render-state.js';
import { capturingFailure } from './plugin-failure.js';
import { NO_ITEM_NAMES, derivesFrom, literalItemTagger, operandOrigin, operandTagger, retagged } from './operand-tags.js';
import { LAZY_DICT_REPR, LAZY_LIST_REPR, getAttr, getItem } from './runtime/attributes.js';
import { unsafeAttribute } from './runtime/unsafe-attributes.js';
import * as arith from './runtime/py-arith.js';
import { PyCallable, type Value } from './runtime/py-object.js';
import { PyException } from './runtime/py-exception.js';
import { PySlice } from './runtime/py-slice.js';
import { isLiteralList, noteLiteralList } from './runtime/literal-lists.js';
import { noteAllRead, noteItemRead } from './runtime/unread-items.js';
import { dictKey, storedKey, str, truthy } from './runtime/py-values.js';
import { PlainUndefined, Undefined } from './runtime/undefined.js';
import { isPossiblyTemplate } from './embedded-templates.js';
import { escapeHtml } from './filters/jinja-html.js';
import { CallCompiler, type ExprFn } from './call-compiler.js';
import { markupOperand } from './markup-expressions.js';
import { BINARY, COMPARE, REFLECTED_ORDER } from './operator-tables.js';
import { concatText } from './native-output.js';
import { isRaw, noteRawItems } from './raw-containers.js';
import { strictInRecursion } from './recursive-calls.js';
import { templateReference } from './template-inheritance.js';

/** Compiles expressions; calls, filters and tests are the base class's. */
export class ExpressionCompiler extends CallCompiler {
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
        const origins = this.itemOrigins(e.items);
        return (f) => {
          const list = items.map((i) => i(f)) as Data[];
          origins(f, list);
          noteRawItems(list, list);
          return this.marksLiterals ? noteLiteralList(list) : list;
        };
      }
      case 'tuple': {
        const items = e.items.map((i) => capturingFailure(this.expr(i)));
        const origins = this.itemOrigins(e.items);
        return (f) => {
          const tuple = items.map((i) => i(f)) as Data[];
          origins(f, tuple);
          noteRawItems(tuple, tuple);
          return markTuple(tuple);
        };
      }
      case 'dict': {
        const compile = (x: Expr): ((f: Frame) => Value) => this.expr(x);
        const items = e.items.map(([k, v]) => [this.expr(k), capturingFailure(this.expr(v))] as const);
        // An unhashable key (a tuple holding a variable's list) is named as 2.19 names it.
        const keyTags = e.items.map(([k]) => [operandTagger(k, compile), literalItemTagger(k, compile)] as const);
        const origins = this.entryOrigins(e.items);
        return (f) => {
          const m: DataDict = new Map();
          const keys: DictKey[] = [];
          for (let i = 0; i < items.length; i++) {
            const [k, v] = items[i] as (typeof items)[number];
            const key = f.state.settle(k(f));
            let stored: DictKey;
            try {
              stored = dictKey(key);
            } catch (err) {
              const [tag, itemTag] = keyTags[i] as (typeof keyTags)[number];
              stored = retagged(err, f, [[key, tag, itemTag]], () => dictKey(key));
            }
            stored = storedKey(m, stored);
            keys.push(stored);
            m.set(stored, v(f) as Data);
          }
          origins?.(f, m, keys);
          noteRawItems(m, m.values());
          return this.mutates ? noteLiteralList(m) : m;
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
          if (this.mutates) noteRead(o, r, attr);
          if (!isRaw(o)) {
            if (isUnopenedVault(r)) throw unopenedVaultRead(r);
            if (f.state.tracksOrigins) f.state.noteEntryOrigin(r, o, attr);
            return r instanceof UnsafeString ? keptText(f, r) : r;
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
          if (this.mutates) noteItemRead(o, r);
          // a slice of a plain list is a plain list
          if (k instanceof PySlice && Array.isArray(r) && isLiteralList(o)) noteLiteralList(r);
          // A dict or list written in the template itself is a plain one, which Jinja names so.
          if (literal !== undefined && r instanceof Undefined && r.message.startsWith(literal)) {
            r = new Undefined(`${e.obj.kind} object${r.message.slice(literal.length)}`);
          }
          if (isRaw(o)) return f.state.derive(r, o, k);
          if (isUnopenedVault(r)) throw unopenedVaultRead(r);
          if (f.state.tracksOrigins) f.state.noteEntryOrigin(r, o, k);
          return r instanceof UnsafeString ? keptText(f, r) : r;
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
          if (this.marksLiterals && Array.isArray(result) && (isLiteralList(a) || !Array.isArray(a)) && (isLiteralList(b) || !Array.isArray(b))) noteLiteralList(result);
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
        const ops = e.ops.map(([op, x]) => [COMPARE[op], this.expr(x), operandTagger(x, compile), literalItemTagger(x, compile), REFLECTED_ORDER[op]] as const);
        const firstTag = operandTagger(e.first, compile);
        const firstItemTag = literalItemTagger(e.first, compile);
        return (f) => {
          let left = f.state.settle(first(f));
          let leftTag = firstTag;
          let leftItemTag = firstItemTag;
          for (const [op, x, tag, itemTag, reflected] of ops) {
            const right = f.state.settle(x(f));
            // a comparison or `in` reads every item of a variable's list (unread-items.ts)
            if (this.mutates) {
              noteAllRead(left);
              noteAllRead(right);
            }
            let holds: boolean;
            try {
              holds = op(left, right);
            } catch (err) {
              const l = left;
              // NOTE: a plain list ordered against a variable's (a list subclass in 2.19) is
              // ordered by the variable's first, with the reflected operator: its error says so.
              const swapped = reflected !== undefined && derivesFrom(f, right, tag, l, leftTag) ? COMPARE[reflected] : undefined;
              // a tuple's items are ordered by orderItems, which names them itself
              holds = retagged(err, f, [[l, leftTag, leftItemTag ?? NO_ITEM_NAMES], [right, tag, itemTag ?? NO_ITEM_NAMES]], () => (swapped ? swapped(right, l) : op(l, right)));
            }
            if (!holds) return false;
            left = right;
            leftTag = tag;
            leftItemTag = itemTag;
          }
          return true;
        };
      }
      case 'cond': {
        const [test, then, orelse] = this.within(true, () => [this.expr(e.test), this.expr(e.then), e.else ? this.expr(e.else) : null] as const);
        const hint = `the inline if-expression on ${this.position(e.pos)} evaluated to false and no else section was defined.`;
        return (f) => {
          if (truthy(f.state.settle(test(f)))) return then(f);
          return orelse ? orelse(f) : new PlainUndefined(hint);
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
   * A key or value read from a variable keeps its origin in the dict written around it (2.19's
   * tagged values stay tagged: `{x: 1} | list` holds a '_AnsibleTaggedStr'). `keys` are the
   * stored keys, one per item written (a later equal key overwrote the value, not the key).
   */
  private entryOrigins(items: ReadonlyArray<readonly [Expr, Expr]>): ((f: Frame, into: DataDict, keys: readonly DictKey[]) => void) | undefined {
    const compile = (x: Expr): ExprFn => this.expr(x);
    const origins = items.map(([k, v]) => [operandOrigin(k, compile), operandOrigin(v, compile)] as const);
    if (origins.every(([k, v]) => k === undefined && v === undefined)) return undefined;
    return (f, into, keys) => {
      let keyOrigins: Map<DictKey, SourceLocation> | undefined;
      origins.forEach(([keyOrigin, valueOrigin], i) => {
        const key = keys[i] as DictKey;
        const where = valueOrigin?.(f);
        if (where) setValueOrigin(into, key, where);
        const keyWhere = keyOrigin?.(f);
        // the first key written stays, as a dict keeps the key it has
        if (keyWhere && !keys.slice(0, i).includes(key)) (keyOrigins ??= new Map()).set(key, keyWhere);
      });
      if (keyOrigins) {
        const found = keyOrigins;
        setKeyLocationLookup(into, (key) => found.get(key));
      }
    };
  }

  /**
   * A value read from a variable keeps its origin in the list or tuple written around it (2.19's
   * tagged values stay tagged there, and in its slices and joins: `(s,)[0:1] < (1,)`).
   */
  private itemOrigins(items: Expr[]): (f: Frame, into: Data[]) => void {
    const origins = items.map((i) => operandOrigin(i, (x) => this.expr(x)));
    return (f, into) => {
      origins.forEach((origin, i) => {
        const where = origin?.(f);
        if (where) setValueOrigin(into, i, where);
      });
    };
  }
}

/** A deprecated text read from a result (`r.timedout.frame`): its deprecation shows, its text is the value. */
/**
 * An !unsafe string kept as data (an item of a set_fact or registered list) read from its
 * container: the str it is to 2.19 ('ab' + 'c'), never rendered; a deprecated one warns.
 */
function keptText(f: Frame, text: UnsafeString): Value {
  if (text instanceof DeprecatedText) f.state.noteDeprecation(text.deprecation);
  return text.value;
}

/**
 * Methods that read none of a container's items (or only the one they remove): any other reads
 * them all, as far as a later copy can tell (unread-items.ts).
 */
const ITEM_KEEPING_METHODS: ReadonlySet<string> = new Set(['copy', 'append', 'extend', 'insert', 'pop', 'popitem', 'clear', 'keys', 'count']);

/** What reading `attr` of a container read of it: a method reads all of it, an item itself. */
function noteRead(container: Value, item: Value, attr: string): void {
  if (!(item instanceof PyCallable)) noteItemRead(container, item);
  else if (!ITEM_KEEPING_METHODS.has(attr)) noteAllRead(container);
}
