/**
 * NOTE: `lookup('items', n)` hands back its lone item as itself (no list), 2.19's origin tag and
 * all: `lookup('items', n) - []` names '_AnsibleTaggedInt' when n was read from a variable, and
 * `lookup('items', [s]) < [1]` '_AnsibleTaggedStr'. When an operator fails on such a value, the
 * lookup's terms are read again (never ones holding a call: a lookup may act) to tell which term
 * (or item of a list term) it handed back and whether that one was tagged.
 */
import type { Data } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import type { Expr } from './ast.js';
import { holdsCall } from './derived-operand-tags.js';
import type { Frame } from './render-state.js';
import type { Value } from './runtime/py-object.js';

type ExprFn = (f: Frame) => Value;
type Tagger = (f: Frame, value: Value) => string | undefined;
type ItemNames = (f: Frame, value: Value) => Array<readonly [Value, string]>;

/** The lookups that hand back their terms' items themselves. */
const PASSING_LOOKUPS: ReadonlySet<string> = new Set(['items', 'list', 'random_choice']);

function passingLookup(e: Expr): boolean {
  if (e.kind !== 'call' || e.callee.kind !== 'name' || e.callee.name !== 'lookup') return false;
  if (e.star !== null || e.dstar !== null || e.kwargs.length > 0) return false;
  const plugin = e.args[0];
  if (plugin?.kind !== 'const' || typeof plugin.value !== 'string') return false;
  return PASSING_LOOKUPS.has(plugin.value.replace(/^ansible\.builtin\./, ''));
}

/**
 * The tagger of a `lookup()` call that hands back one of its terms, or undefined; `tagger` makes
 * a term's own, `items` names the items of a term written as a list, `name` the tagged type name
 * of a value held in a container with origins.
 */
export function lookupResultTagger(
  e: Expr,
  compile: (e: Expr) => ExprFn,
  tagger: (e: Expr) => Tagger,
  items: (e: Expr) => ItemNames | undefined,
  name: (v: Value) => string | undefined,
): Tagger | undefined {
  if (!passingLookup(e) || holdsCall((e as Extract<Expr, { kind: 'call' }>).args.slice(1))) return undefined;
  const terms = (e as Extract<Expr, { kind: 'call' }>).args.slice(1).map((t) => [compile(t), tagger(t), items(t)] as const);
  return (f, value) => {
    for (const [read, tag, itemNames] of terms) {
      const term = f.state.settle(read(f));
      if (term === value) return tag(f, value);
      if (!Array.isArray(term)) continue;
      const at = (term as Value[]).indexOf(value);
      if (at < 0) continue;
      if (valueOrigin(term as Data[], at) !== undefined) return name(value);
      return itemNames?.(f, term).find(([v]) => v === value)?.[1];
    }
    return undefined;
  };
}
