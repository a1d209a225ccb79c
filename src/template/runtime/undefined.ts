import type { SourceLocation } from '../../core/source-location.js';

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

/** Raised when an Undefined is used where a value is needed (printed, iterated, compared …). */
export class UndefinedError extends Error {
  constructor(readonly undefinedValue: Undefined) {
    super(undefinedValue.message);
    this.name = 'UndefinedError';
  }
}

/** The Undefined of a conditional expression without else: Ansible refuses to store it. */
export const NAMELESS_UNDEFINED_MESSAGE = '';
