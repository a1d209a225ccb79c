/**
 * Python's complex, as far as a template meets one: a negative float raised to a fractional power
 * gives it (`(-8) ** (1/3)`). It prints as Python's repr and, like any value Ansible cannot store,
 * fails when it is a template's result.
 */
import { floatRepr } from '../../core/data.js';
import { correctlyRoundedPow } from './correctly-rounded-pow.js';
import { PyObject } from './py-object.js';

/** A complex part as complex's repr writes it: a float's repr without a trailing `.0`. */
function partRepr(x: number): string {
  const text = floatRepr(x);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

export class PyComplex extends PyObject {
  readonly typeName = 'complex';
  constructor(
    readonly real: number,
    readonly imag: number,
  ) {
    super();
  }
  override repr(): string {
    const im = partRepr(this.imag);
    const signed = im.startsWith('-') ? im : `+${im}`;
    if (this.real === 0 && !Object.is(this.real, -0)) return `${im}j`;
    return `(${partRepr(this.real)}${signed}j)`;
  }
}

/** CPython's complex power of a real base (`_Py_c_pow` with a real exponent that is no small integer). */
export function complexPow(base: number, exponent: number): PyComplex {
  const len = correctlyRoundedPow(Math.abs(base), exponent);
  const phase = Math.atan2(0, base) * exponent;
  return new PyComplex(len * Math.cos(phase), len * Math.sin(phase));
}
