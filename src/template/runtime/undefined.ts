import type { SourceLocation } from '../../core/source-location.js';
import { PyException } from './py-exception.js';

/**
 * Jinja's Undefined as Ansible uses it: strict when printed or iterated, chainable through
 * `default`, and carrying Ansible's message (`'x' is undefined`,
 * `object of type 'dict' has no attribute 'zz'`).
 */
export class Undefined {
  /** The definition of the variable whose template produced this Undefined, when known. */
  origin: SourceLocation | undefined;
  constructor(
    /** The message an error about this value prints. */
    readonly message: string,
    /** The variable or attribute name that was missing. */
    readonly name?: string,
  ) {}
}

/**
 * 2.19's CapturedExceptionMarker: what a call, filter or test that raised leaves where its value is
 * held (a list, dict or tuple item, a `set`), so `[x.index(99)] | length` is 1. It travels as an
 * Undefined does and, used, raises the error it holds.
 */
export class CapturedFailure extends Undefined {
  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * NOTE: the value of an inline if without else (`'a' if false`) is Jinja's own lenient Undefined,
 * not 2.19's marker: it prints and converts as '' (`~`, `| string`), is false and empty (iterated,
 * `length` 0), equals only another such value, is handed to filters ('Undefined' to type_debug),
 * and fails with its hint only where a value is read from it (an attribute, an item, arithmetic),
 * as a template error. Stored on its own it fails as an Undefined does.
 */
export class PlainUndefined extends Undefined {
  constructor(readonly hint: string) {
    super('');
  }
}

const raisedFrom = new WeakMap<object, CapturedFailure>();

/** The error that using an Undefined raises: a captured failure's own error, else an UndefinedError. */
export function undefinedError(value: Undefined): Error {
  if (value instanceof PlainUndefined) return new PyException('UndefinedError', value.hint);
  if (!(value instanceof CapturedFailure)) return new UndefinedError(value);
  const error = value.error as Error;
  raisedFrom.set(error, value);
  return error;
}

/**
 * The captured failure whose use raised this error. A plugin that meets one in its input returns
 * it in 2.19 (MarkerError), so its error surfaces unwrapped where the value is finally used.
 */
export function capturedFailureRaising(err: unknown): CapturedFailure | undefined {
  return typeof err === 'object' && err !== null ? raisedFrom.get(err) : undefined;
}

/** Raised when an Undefined is used where a value is needed (printed, iterated, compared …). */
export class UndefinedError extends Error {
  constructor(readonly undefinedValue: Undefined) {
    super(undefinedValue.message);
    this.name = 'UndefinedError';
  }
}

/** The Undefined of a conditional expression without else: Ansible refuses to store it. */
export const NAMELESS_UNDEFINED_MESSAGE = '';
