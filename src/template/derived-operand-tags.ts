/**
 * NOTE: a value an expression hands on unchanged keeps 2.19's origin tag: `l | first`,
 * `x | default(0)`, `a if c else b`, `a or b`, `c | ternary(a, b)` give the very value they read,
 * so an operator's error names it '_AnsibleTaggedInt'. When an operator fails on such an operand,
 * the expression is read again (never one holding a call: a lookup may act) to tell which value
 * it handed on and whether that one was read from a variable.
 */
import type { DataDict } from '../core/data.js';
import { keyLocation, valueOrigin } from '../core/value-origins.js';
import type { Expr } from './ast.js';
import type { Frame } from './render-state.js';
import type { Value } from './runtime/py-object.js';
import { truthy } from './runtime/py-values.js';
import { Undefined } from './runtime/undefined.js';

type ExprFn = (f: Frame) => Value;
type Tagger = (f: Frame, value: Value) => string | undefined;

/** Filters that hand on one item of their input list. */
const PICKING_FILTERS: ReadonlySet<string> = new Set(['first', 'last', 'min', 'max', 'random']);

/** Methods read again safely: they neither act nor change their object. */
const READING_METHODS: ReadonlySet<string> = new Set(['values', 'items', 'keys', 'get', 'copy']);

/** Whether the expression calls anything but a reading method (a lookup, a macro, list.pop …). */
export function holdsCall(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const n = node as { kind?: unknown; callee?: { kind?: unknown; attr?: unknown } };
  if (n.kind === 'call' && !(n.callee?.kind === 'getattr' && READING_METHODS.has(n.callee.attr as string))) return true;
  return Object.values(node).some(holdsCall);
}

/**
 * The tagger of an expression that hands on a value it read (see above), or undefined; `tagger`
 * makes an operand's own, `name` the tagged type name of a value read from a variable.
 */
export function derivedTagger(e: Expr, compile: (e: Expr) => ExprFn, tagger: (e: Expr) => Tagger, name: (v: Value) => string | undefined): Tagger | undefined {
  if (e.kind !== 'filter' && e.kind !== 'cond' && e.kind !== 'and' && e.kind !== 'or') return undefined;
  if (holdsCall(e)) return undefined;
  const read = (fn: ExprFn) => (f: Frame): Value => {
    const v = fn(f);
    return typeof v === 'object' && v !== null ? f.state.settle(v) : v;
  };
  if (e.kind === 'cond') {
    const test = read(compile(e.test));
    const [then, orelse] = [tagger(e.then), e.else ? tagger(e.else) : undefined];
    return (f, v) => (truthy(test(f)) ? then(f, v) : orelse?.(f, v));
  }
  if (e.kind === 'filter') return filterTagger(e, read, compile, tagger, name);
  const left = read(compile(e.left));
  const [leftTag, rightTag] = [tagger(e.left), tagger(e.right)];
  // `a or b` hands on a when it is true, `a and b` when it is false
  const handsLeft = e.kind === 'or';
  return (f, v) => ((truthy(left(f)) === handsLeft ? leftTag : rightTag)(f, v));
}

function filterTagger(
  e: Extract<Expr, { kind: 'filter' }>,
  read: (fn: ExprFn) => ExprFn,
  compile: (e: Expr) => ExprFn,
  tagger: (e: Expr) => Tagger,
  name: (v: Value) => string | undefined,
): Tagger | undefined {
  if (e.value === null || e.star !== null || e.dstar !== null) return undefined;
  const filter = e.name.replace(/^ansible\.builtin\./, '');
  const input = read(compile(e.value));
  const inputTag = tagger(e.value);
  const argTags = e.args.map(tagger);
  // min and max hand on an item whatever their options say
  if (PICKING_FILTERS.has(filter) && e.args.length === 0) {
    return (f, v) => {
      const list = input(f);
      // a dict hands on one of its keys, tagged when read from YAML
      if (list instanceof Map) return typeof v !== 'object' && typeof v !== 'bigint' && list.has(v) && keyLocation(list as DataDict, v) ? name(v) : undefined;
      if (!Array.isArray(list)) return undefined;
      const i = list.findIndex((item, k) => item === v && valueOrigin(list, k) !== undefined);
      return i < 0 ? undefined : name(v);
    };
  }
  if (e.kwargs.length > 0) return undefined;
  if (filter === 'mandatory' && e.args.length === 0) return inputTag;
  if ((filter === 'default' || filter === 'd') && e.args.length <= 1) {
    return (f, v) => (input(f) instanceof Undefined ? argTags[0]?.(f, v) : inputTag(f, v));
  }
  if (filter === 'ternary' && e.args.length >= 2) {
    return (f, v) => {
      const x = input(f);
      return argTags[x === null && argTags.length > 2 ? 2 : truthy(x) ? 0 : 1]?.(f, v);
    };
  }
  return undefined;
}
