/**
 * NOTE: 2.19 tags values read from variables with their origin, and Python's own operator errors
 * then name the tagged types: `n + 'x'` with `n: 5` from a playbook fails with
 * "unsupported operand type(s) for +: '_AnsibleTaggedInt' and 'str'", a variable's dict is an
 * '_AnsibleLazyTemplateDict'. Volant's values carry no tags: when an operator fails, the operands
 * are looked at again to tell which came from a variable with an origin.
 */
import { PyFloat, isTuple, type DataDict, type DictKey } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import type { SourceLocation } from '../core/source-location.js';
import type { Expr } from './ast.js';
import type { Frame } from './render-state.js';
import { PyException } from './runtime/py-exception.js';
import type { Value } from './runtime/py-object.js';
import { taggedItemNames, withOperandNames } from './runtime/py-values.js';
import { Undefined } from './runtime/undefined.js';
import { isGroupTuple } from './runtime/group-tuple.js';
import { derivedTagger } from './derived-operand-tags.js';
import { lookupResultTagger } from './lookup-result-tags.js';
import { localOperandName } from './local-operand-tags.js';

type ExprFn = (f: Frame) => Value;

/** Names an operand's tagged type, when it has one. */
export type OperandTagger = (f: Frame, value: Value) => string | undefined;

const NONE: OperandTagger = () => undefined;

export function operandTagger(e: Expr, compile: (e: Expr) => ExprFn): OperandTagger {
  if (e.kind === 'name') {
    const name = e.name;
    return (f, value) => {
      if (f.hasLocal(name)) return localOperandName(f, name, value, taggedName);
      return lazyName(value) ?? (f.state.vars.origin?.(name) ? taggedName(value) : undefined);
    };
  }
  if (e.kind === 'getattr' || e.kind === 'getitem') {
    const obj = compile(e.obj);
    const key: (f: Frame) => Value = e.kind === 'getattr' ? ((attr) => () => attr)(e.attr) : compile(e.key);
    // NOTE: an item of a list or dict written in the template is what its own expression made
    // (`[[1]][0]` a plain list, `[l][0]` the variable's lazy one).
    const literal = isLiteral(e.obj);
    const item = literal ? literalItem(e) : undefined;
    if (item) return operandTagger(item, compile);
    return (f, value) => {
      const lazy = literal ? undefined : lazyName(value);
      if (lazy) return lazy;
      const container = obj(f);
      const k = key(f);
      if (!(container instanceof Map || Array.isArray(container)) || !isKey(k)) return undefined;
      return valueOrigin(container as DataDict, k) ? taggedName(value) : undefined;
    };
  }
  const readVariable = varsLookupName(e);
  if (readVariable !== undefined) return (f, value) => lazyName(value) ?? (f.state.vars.origin?.(readVariable) ? taggedName(value) : undefined);
  const fromLookup = lookupResultTagger(e, compile, (x) => operandTagger(x, compile), (x) => literalItemTagger(x, compile), taggedName);
  if (fromLookup) return (f, value) => lazyName(value) ?? fromLookup(f, value);
  const derived = derivedTagger(e, compile, (x) => operandTagger(x, compile), (v) => lazyName(v) ?? taggedName(v));
  if (givesLazyContainer(e)) return derived ? (f, value) => lazyName(value) ?? derived(f, value) : (_f, value) => lazyName(value);
  return derived ?? NONE;
}

/**
 * NOTE: 2.19 hands on every list, dict or tuple a filter or a call returns as a lazy container
 * (`_wrap_plugin_output`), `range()` excepted: `(d | dict2items) - 1`, `'a b'.split() - 1`,
 * `lookup('items', l) - 1` and `dict(a=1) - 1` name '_AnsibleLazyTemplateList' or '…Dict'.
 */
function givesLazyContainer(e: Expr): boolean {
  if (e.kind === 'filter') return true;
  return e.kind === 'call' && !(e.callee.kind === 'name' && e.callee.name === 'range');
}

/** The variable `lookup('vars', 'name')` reads: 2.19's lookup returns its value, tags and all. */
function varsLookupName(e: Expr): string | undefined {
  if (e.kind !== 'call' || e.callee.kind !== 'name' || e.callee.name !== 'lookup') return undefined;
  if (e.args.length !== 2 || e.kwargs.length > 0 || e.star !== null || e.dstar !== null) return undefined;
  const [plugin, term] = e.args.map((a) => (a.kind === 'const' && typeof a.value === 'string' ? a.value : undefined));
  return plugin === 'vars' || plugin === 'ansible.builtin.vars' ? term : undefined;
}

function isLiteral(e: Expr): boolean {
  return e.kind === 'list' || e.kind === 'dict' || e.kind === 'tuple';
}

/** The item expression `[a, b][1]` or `{'k': v}.k` reads, when the key is a constant. */
function literalItem(e: Extract<Expr, { kind: 'getattr' | 'getitem' }>): Expr | undefined {
  const key = e.kind === 'getattr' ? e.attr : e.key.kind === 'const' ? e.key.value : undefined;
  const obj = e.obj;
  if (obj.kind === 'dict') return obj.items.find(([k]) => k.kind === 'const' && k.value === key)?.[1];
  if ((obj.kind === 'list' || obj.kind === 'tuple') && typeof key === 'number' && Number.isInteger(key)) return obj.items[key < 0 ? obj.items.length + key : key];
  return undefined;
}

/** Where an operand read straight from a variable (or an item of one) was defined. */
export function operandOrigin(e: Expr, compile: (e: Expr) => ExprFn): ((f: Frame) => SourceLocation | undefined) | undefined {
  if (e.kind === 'name') {
    const name = e.name;
    return (f) => (f.hasLocal(name) ? undefined : f.state.vars.origin?.(name));
  }
  if (e.kind === 'getattr' || e.kind === 'getitem') {
    const obj = compile(e.obj);
    const key: (f: Frame) => Value = e.kind === 'getattr' ? ((attr) => () => attr)(e.attr) : compile(e.key);
    return (f) => {
      const container = obj(f);
      const k = key(f);
      return (container instanceof Map || Array.isArray(container)) && isKey(k) ? valueOrigin(container as DataDict, k) : undefined;
    };
  }
  if (e.kind === 'filter' && (e.name === 'default' || e.name === 'd')) return defaultOrigin(e, compile);
  return undefined;
}

const readsVariable = (e: Expr | null): e is Expr => e !== null && (e.kind === 'name' || e.kind === 'getattr' || e.kind === 'getitem');

/**
 * `x | default(y)` hands on x itself when it is defined, else y: tagged as the one it is. Only a
 * variable (or an item of one) is read again to tell which; a truthiness default is not followed.
 */
function defaultOrigin(e: Extract<Expr, { kind: 'filter' }>, compile: (e: Expr) => ExprFn): ((f: Frame) => SourceLocation | undefined) | undefined {
  if (!readsVariable(e.value) || e.args.length > 1 || e.kwargs.length > 0 || e.star !== null || e.dstar !== null) return undefined;
  const input = compile(e.value);
  const inputOrigin = operandOrigin(e.value, compile);
  const fallback = e.args[0] ? operandOrigin(e.args[0], compile) : undefined;
  return (f) => (input(f) instanceof Undefined ? fallback?.(f) : inputOrigin?.(f));
}

/**
 * Whether `right` is a lazy list (or tuple) and `left` a plain one: the lazy class derives from
 * the plain one, which makes Python try the right operand's reflected comparison first.
 */
export function derivesFrom(f: Frame, right: Value, rightTag: OperandTagger, left: Value, leftTag: OperandTagger): boolean {
  if (!Array.isArray(right) || !Array.isArray(left) || isTuple(right) !== isTuple(left)) return false;
  const lazy = rightTag(f, right);
  return (lazy === '_AnsibleLazyTemplateList' || lazy === '_AnsibleLazyAccessTuple') && leftTag(f, left) === undefined;
}

/** The tagged type names of the items of a list or tuple a template writes (see literalItemTagger). */
export type ItemTagger = (f: Frame, value: Value) => Array<readonly [Value, string]>;

/** Names no items: for an operand whose items are named elsewhere. */
export const NO_ITEM_NAMES: ItemTagger = () => [];

/**
 * NOTE: a list or tuple written in the template holds the very values its items read, 2.19's
 * tags and all: `[u] < [1]` with `u: a` from a playbook compares '_AnsibleTaggedStr' and 'int'.
 * Undefined for any other expression (its items are its own business: orderItems).
 */
export function literalItemTagger(e: Expr, compile: (e: Expr) => ExprFn): ItemTagger | undefined {
  if (e.kind !== 'list' && e.kind !== 'tuple') return undefined;
  const items = e.items.map((item) => [operandTagger(item, compile), literalItemTagger(item, compile)] as const);
  return (f, value) => {
    const names: Array<readonly [Value, string]> = [];
    if (!Array.isArray(value)) return names;
    items.forEach(([tagger, nested], i) => {
      const item = value[i] as Value;
      const name = tagger(f, item);
      if (name !== undefined) names.push([item, name]);
      if (nested) names.push(...nested(f, item));
    });
    return names;
  };
}

/**
 * Runs `op` again after a TypeError, with the operands' tagged type names in its message (and
 * those of the items of an operand written as a list or tuple).
 */
export function retagged<T>(err: unknown, f: Frame, operands: ReadonlyArray<readonly [Value, OperandTagger, ItemTagger?]>, op: () => T): T {
  if (!(err instanceof PyException) || err.pyType !== 'TypeError') throw err;
  const names: Array<readonly [Value, string]> = [];
  const own = operands.map(([value, tagger]) => tagger(f, value));
  const plain = operands.filter((_, i) => own[i] === undefined).map(([value]) => value);
  for (const [i, [value, , items]] of operands.entries()) {
    const name = own[i];
    if (name !== undefined) names.push([value, name]);
    if (items) names.push(...items(f, value));
    // a tuple's items are named by '%' formatting ('%d' % (s,)); names go by value, so an item
    // equal to a plain operand is left alone (`(d | dictsort)[0] - 1` is '… and 'int'')
    else if (isTuple(value)) names.push(...taggedItemNames(value as Value[]).filter(([item]) => !plain.includes(item)));
  }
  if (names.length === 0) throw err;
  return withOperandNames(names, op);
}

function lazyName(value: Value): string | undefined {
  if (value instanceof Map) return '_AnsibleLazyTemplateDict';
  // a tuple in a lazy container is wrapped too, read-only (`(d | dictsort)[0] - 1`)
  if (Array.isArray(value)) return !isTuple(value) ? '_AnsibleLazyTemplateList' : isGroupTuple(value) ? undefined : '_AnsibleLazyAccessTuple';
  return undefined;
}

function taggedName(value: Value): string | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return '_AnsibleTaggedInt';
  if (value instanceof PyFloat) return '_AnsibleTaggedFloat';
  if (typeof value === 'string') return '_AnsibleTaggedStr';
  return undefined;
}

function isKey(k: Value): k is DictKey {
  return k === null || typeof k === 'string' || typeof k === 'number' || typeof k === 'boolean';
}
