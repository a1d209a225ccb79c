/** Jinja's binary and comparison operators over Python values. */
import type { BinaryOp, CompareOp } from './ast.js';
import * as arith from './runtime/py-arith.js';
import type { Value } from './runtime/py-object.js';
import { PyFloat } from '../core/data.js';
import { compare, contains, equals } from './runtime/py-values.js';
import { PlainUndefined, Undefined, undefinedError } from './runtime/undefined.js';

export const BINARY: Record<BinaryOp, (a: Value, b: Value) => Value> = {
  '+': arith.add,
  '-': arith.sub,
  '*': arith.mul,
  '/': arith.truediv,
  '//': arith.floordiv,
  '%': arith.mod,
  '**': arith.pow,
};

function strictEq(a: Value, b: Value): boolean {
  if (a instanceof PlainUndefined || b instanceof PlainUndefined) return equals(a, b);
  if (a instanceof Undefined) throw undefinedError(a);
  if (b instanceof Undefined) throw undefinedError(b);
  // NOTE: float's == is never true for NaN, even for the same object (containers compare by identity first).
  if (a === b && a instanceof PyFloat && Number.isNaN(a.value)) return false;
  return equals(a, b);
}

/** The ordering Python tries first, on swapped operands, when the right one's class derives from the left's. */
export const REFLECTED_ORDER: Partial<Record<CompareOp, CompareOp>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

export const COMPARE: Record<CompareOp, (a: Value, b: Value) => boolean> = {
  '==': strictEq,
  '!=': (a, b) => !strictEq(a, b),
  '<': (a, b) => compare(a, b, '<'),
  '<=': (a, b) => compare(a, b, '<='),
  '>': (a, b) => compare(a, b, '>'),
  '>=': (a, b) => compare(a, b, '>='),
  in: (a, b) => contains(b, a),
  notin: (a, b) => !contains(b, a),
};
