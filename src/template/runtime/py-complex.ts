/**
 * Python's complex, as far as a template meets one: a negative float raised to a fractional power
 * gives it (`(-8) ** (1/3)`). It prints as Python's repr and, like any value Ansible cannot store,
 * fails when it is a template's result.
 */
import { correctlyRoundedExp, correctlyRoundedHypot, correctlyRoundedLog, correctlyRoundedPow } from './correctly-rounded-pow.js';
import { correctlyRoundedAtan2, correctlyRoundedCos, correctlyRoundedSin } from './correctly-rounded-trig.js';
import { PyFloat, floatRepr } from '../../core/data.js';
import { PyFunction, PyObject, type Value } from './py-object.js';
import { PyException, typeError } from './py-exception.js';

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
    if (name === 'conjugate') {
      return new PyFunction(
        name,
        (args, kwargs) => {
          const given = args.length + kwargs.size;
          if (given > 0) throw typeError(`complex.conjugate() takes no arguments (${given} given)`);
          return new PyComplex(this.real, -this.imag);
        },
        undefined,
        'complex',
      );
    }
    return undefined;
  }
  override repr(): string {
    const im = partRepr(this.imag);
    const signed = im.startsWith('-') ? im : `+${im}`;
    if (this.real === 0 && !Object.is(this.real, -0)) return `${im}j`;
    return `(${partRepr(this.real)}${signed}j)`;
  }
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

/** abs(): an infinite part gives inf (even beside a NaN); a finite value too large for a float fails. */
export function complexAbs(x: PyComplex): number {
  if (Math.abs(x.real) === Infinity || Math.abs(x.imag) === Infinity) return Infinity;
  const r = correctlyRoundedHypot(x.real, x.imag);
  if (r === Infinity) throw new PyException('OverflowError', 'absolute value too large');
  return r;
}

export function complexNeg(x: PyComplex): PyComplex {
  return new PyComplex(-x.real, -x.imag);
}

/**
 * CPython's complex division (Smith's algorithm: scale by the divisor's larger part), whose
 * roundings differ from the textbook formula's.
 */
export function complexDiv([x, y]: [PyComplex, PyComplex]): PyComplex {
  const quotient = complexQuotient(x, y);
  if (!quotient) throw new PyException('ZeroDivisionError', 'complex division by zero');
  return quotient;
}

/** x / y, or undefined for a zero divisor. */
function complexQuotient(x: PyComplex, y: PyComplex): PyComplex | undefined {
  const absReal = Math.abs(y.real);
  const absImag = Math.abs(y.imag);
  if (absReal >= absImag) {
    if (absReal === 0) return undefined;
    const ratio = y.imag / y.real;
    const denom = y.real + y.imag * ratio;
    return new PyComplex((x.real + x.imag * ratio) / denom, (x.imag - x.real * ratio) / denom);
  }
  if (absImag >= absReal) {
    const ratio = y.real / y.imag;
    const denom = y.real * ratio + y.imag;
    return new PyComplex((x.real * ratio + x.imag) / denom, (x.imag * ratio - x.real) / denom);
  }
  // a NaN part
  return new PyComplex(NaN, NaN);
}

const ZERO_POWER = '0.0 to a negative or complex power';

/**
 * x ** y as CPython computes it: a small integral exponent (|n| ≤ 100) by repeated squaring (and
 * one division for a negative one), any other by polar form; an infinite part is an overflow.
 */
export function complexPower([x, y]: [PyComplex, PyComplex]): PyComplex {
  let r: PyComplex;
  if (y.imag === 0 && y.real === Math.floor(y.real) && Math.abs(y.real) <= 100) {
    const n = y.real;
    if (n > 0) r = unsignedPower(x, n);
    else {
      const q = complexQuotient(ONE, unsignedPower(x, -n));
      if (!q) throw new PyException('ZeroDivisionError', ZERO_POWER);
      r = q;
    }
  } else r = polarPower(x, y);
  if (Math.abs(r.real) === Infinity || Math.abs(r.imag) === Infinity) throw new PyException('OverflowError', 'complex exponentiation');
  return r;
}

const ONE = new PyComplex(1, 0);

function unsignedPower(x: PyComplex, n: number): PyComplex {
  let r = ONE;
  let p = x;
  for (let mask = 1; n >= mask; mask *= 2) {
    if (Math.floor(n / mask) % 2 === 1) r = complexMul([r, p]);
    p = complexMul([p, p]);
  }
  return r;
}

function polarPower(x: PyComplex, y: PyComplex): PyComplex {
  if (y.real === 0 && y.imag === 0) return ONE;
  if (x.real === 0 && x.imag === 0) {
    if (y.imag !== 0 || y.real < 0) throw new PyException('ZeroDivisionError', ZERO_POWER);
    return new PyComplex(0, 0);
  }
  const magnitude = correctlyRoundedHypot(x.real, x.imag);
  let len = correctlyRoundedPow(magnitude, y.real);
  const angle = correctlyRoundedAtan2(x.imag, x.real);
  let phase = angle * y.real;
  if (y.imag !== 0) {
    // NOTE: the oracle's CPython behaves as len × e^-x, not len / e^x: (-1+0j) ** (1.5+230j) is a
    // subnormal there, not 0, and its last bits follow e^-x.
    len *= correctlyRoundedExp(-angle * y.imag);
    phase += y.imag * correctlyRoundedLog(magnitude);
  }
  return new PyComplex(len * correctlyRoundedCos(phase), len * correctlyRoundedSin(phase));
}
