/**
 * Python's complex, as far as a template meets one: a negative float raised to a fractional power
 * gives it (`(-8) ** (1/3)`). It prints as Python's repr and, like any value Ansible cannot store,
 * fails when it is a template's result.
 */
import { correctlyRoundedPow } from './correctly-rounded-pow.js';
import { PyFloat, floatRepr } from '../../core/data.js';
import { PyObject, type Value } from './py-object.js';

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
  override getAttr(name: string): Value | undefined {
    if (name === 'real') return new PyFloat(this.real);
    if (name === 'imag') return new PyFloat(this.imag);
    return undefined;
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

/**
 * Both operands as complex when one is and the other is a number (CPython 3.13 turns an int or
 * float into complex(x, 0.0) for mixed arithmetic), else undefined.
 */
export function complexOperands(a: Value, b: Value, numeric: (v: Value) => number | undefined): [PyComplex, PyComplex] | undefined {
  if (!(a instanceof PyComplex) && !(b instanceof PyComplex)) return undefined;
  const asComplex = (v: Value): PyComplex | undefined => {
    if (v instanceof PyComplex) return v;
    const n = numeric(v);
    return n === undefined ? undefined : new PyComplex(n, 0);
  };
  const x = asComplex(a);
  const y = asComplex(b);
  return x && y ? [x, y] : undefined;
}

export function complexAdd([x, y]: [PyComplex, PyComplex]): PyComplex {
  return new PyComplex(x.real + y.real, x.imag + y.imag);
}

export function complexSub([x, y]: [PyComplex, PyComplex]): PyComplex {
  return new PyComplex(x.real - y.real, x.imag - y.imag);
}

export function complexMul([x, y]: [PyComplex, PyComplex]): PyComplex {
  return new PyComplex(x.real * y.real - x.imag * y.imag, x.real * y.imag + x.imag * y.real);
}

export function complexEquals([x, y]: [PyComplex, PyComplex]): boolean {
  return x.real === y.real && x.imag === y.imag;
}
