/**
 * The containers read from variables whose strings may still hold templates (2.19's lazy
 * containers), and the literals built around them.
 */
import type { Value } from './runtime/py-object.js';

const rawContainers = new WeakSet<object>();

/** Marks a container as coming from variables (its strings may hold templates). */
export function markRaw(v: object): void {
  rawContainers.add(v);
}

/** Forgets that mark (the container was found free of templates or settled). */
export function unmarkRaw(v: object): void {
  rawContainers.delete(v);
}

/** Whether the container came from variables and is not settled yet. */
export function isRaw(v: Value): boolean {
  return typeof v === 'object' && v !== null && rawContainers.has(v);
}

/**
 * Literals (`[d]`, `(d, 1)`, `{'k': d}`) holding a variable's list or dict, itself not yet
 * rendered: settling the literal settles those items, as 2.19 finalizes its lazy containers
 * wherever they sit. The literal's own constants are never rendered.
 */
const literalsHoldingRaw = new WeakSet<object>();

/** Marks a literal built in the template when one of its items is a raw container (or such a literal). */
export function noteRawItems(literal: object, items: Iterable<unknown>): void {
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
