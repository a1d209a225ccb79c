/**
 * NOTE: 2.19 hands a lookup its terms as they are, and a str, int or float read from a variable
 * is tagged with its origin: the lookup's type errors name the tagged class ("got 'abc' of type
 * <class '…_datatag._AnsibleTaggedStr'>"), while a constant of the template or a str built in it
 * stays a `str`. Volant's values carry no tags: the terms' expressions say which were read.
 */
import { PyFloat, type Data } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import type { Expr } from './ast.js';
import { operandTagger, type OperandTagger } from './operand-tags.js';
import type { Frame } from './render-state.js';
import type { Value } from './runtime/py-object.js';
import { taggedTypeName, withOperandNames } from './runtime/py-values.js';

type ExprFn = (f: Frame) => Value;

/** Values and the tagged type names a call's errors give them. */
export type TaggedValues = Array<readonly [Value, string]>;

/**
 * The tagged terms of a lookup call (`terms` are its arguments after the plugin's name), or
 * undefined when none is read from a variable.
 */
export function lookupTermTags(terms: readonly Expr[], compile: (e: Expr) => ExprFn): ((f: Frame, values: readonly Value[]) => TaggedValues) | undefined {
  const taggers: Array<[number, OperandTagger, string | undefined]> = [];
  terms.forEach((e, i) => {
    if (e.kind === 'name' || e.kind === 'getattr' || e.kind === 'getitem') taggers.push([i, operandTagger(e, compile), e.kind === 'name' ? e.name : undefined]);
  });
  if (taggers.length === 0) return undefined;
  return (f, values) => {
    const out: TaggedValues = [];
    for (const [i, tagger, local] of taggers) {
      const v = values[i];
      if (v === undefined) continue;
      // a str read from variables is tagged (a template's result carries its origin); an int or
      // float only when its variable was written in a file; a Jinja local is the template's own
      const read = typeof v === 'string' ? !(local !== undefined && f.hasLocal(local)) : (typeof v === 'number' || v instanceof PyFloat) && tagger(f, v) !== undefined;
      const name = read ? taggedTypeName(v) : undefined;
      if (name !== undefined) out.push([v, name]);
    }
    return out;
  };
}

/** Runs a call whose errors name these values' tagged types. */
export function withTaggedValues<T>(values: TaggedValues, fn: () => T): T {
  return values.length === 0 ? fn() : withOperandNames(values, fn);
}

/**
 * The tagged terms of a `with_<lookup>` loop, `terms` being its rendered value as a list: a
 * scalar is the whole template's result (2.19 tags it with the template's origin), a list's items
 * are tagged when they were written in a file or read from a variable holding them.
 */
export function withLoopTermTags(rendered: Data, terms: readonly Data[]): TaggedValues {
  const out: TaggedValues = [];
  terms.forEach((v, i) => {
    const name = !Array.isArray(rendered) || valueOrigin(terms, i) !== undefined ? taggedTypeName(v as Value) : undefined;
    if (name !== undefined) out.push([v as Value, name]);
  });
  return out;
}
