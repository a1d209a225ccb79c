#!/usr/bin/env python3
"""Python's float ** float on deterministic pseudo-random inputs, for pow-table.test.ts.

The inputs come from splitmix64 with only exact IEEE operations (+, -, *, / and bit patterns), so
the test builds the very same ones in JavaScript. Python's x ** y is glibc's pow, which is not
correctly rounded for about one input in 1,200 (its error bound is 0.52 ulp): each result is
checked against a 50-digit decimal exp(y * ln x) and those inputs are listed with both values.
Writes pow-table.json beside this file: per chunk of inputs the sha256 of their result lines.

    python3 test/jinja/pow-table/generate.py            # write the table
    python3 test/jinja/pow-table/generate.py --dump 3   # print chunk 3's result lines
"""
import hashlib, json, math, os, struct, sys
from decimal import Decimal, getcontext

SEED, COUNT, CHUNK = 20261130, 300000, 10000
MASK = (1 << 64) - 1
getcontext().prec = 50


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self):
        """A double in [0, 1): the top 53 bits."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


def from_bits(bits):
    return struct.unpack('>d', struct.pack('>Q', bits))[0]


def hexf(v):
    # a NaN's payload does not survive JavaScript's numbers
    return 'nan' if math.isnan(v) else struct.pack('>d', v).hex()


def inputs():
    rng = SplitMix64(SEED)
    for i in range(COUNT):
        kind = i % 6
        if kind == 0:
            x, y = 100 * rng.unit(), -5 + 10 * rng.unit()
        elif kind == 1:  # any magnitude, a small exponent
            exponent = 23 + int(2000 * rng.unit())
            x, y = from_bits((exponent << 52) | (rng.next() >> 12)), -1 + 2 * rng.unit()
        elif kind == 2:  # roots of integers
            x, y = float(int(1e6 * rng.unit()) + 1), 1 / float(2 + int(11 * rng.unit()))
        elif kind == 3:  # near 1, large exponents
            x, y = 0.5 + 1.5 * rng.unit(), -300 + 600 * rng.unit()
        elif kind == 4:  # negative bases, integer exponents
            x, y = -50 + 100 * rng.unit(), float(int(81 * rng.unit()) - 40)
        else:  # any positive bit pattern (subnormals, infinity, NaN)
            x, y = from_bits(rng.next() >> 1), -2 + 4 * rng.unit()
        yield x, y


def closest(r, x, y):
    """r, or its neighbour when that is nearer to the exact x ** y (glibc's misrounding)."""
    if not math.isfinite(r) or r == 0 or x == 1 or y == 0 or math.isnan(x):
        return r
    exact = (Decimal(abs(x)).ln() * Decimal(y)).exp()
    if r < 0:
        exact = -exact
    best = r
    for other in (math.nextafter(r, math.inf), math.nextafter(r, -math.inf)):
        if abs(Decimal(other) - exact) < abs(Decimal(best) - exact):
            best = other
    return best


def result(x, y):
    """(what Python gives, the correctly rounded value) as the test's words."""
    try:
        r = x ** y
    except OverflowError:
        return 'overflow', 'overflow'
    except ZeroDivisionError:
        return 'zerodiv', 'zerodiv'
    if isinstance(r, complex):
        return 'complex', 'complex'
    return hexf(r), hexf(closest(r, x, y))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    dump = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[1] == '--dump' else None
    digests, misrounded, chunk = [], [], hashlib.sha256()
    for i, (x, y) in enumerate(inputs()):
        if dump is not None and i // CHUNK != dump:
            continue
        python, correct = result(x, y)
        line = f'{hexf(x)} {hexf(y)} {correct}\n'
        if dump is not None and i // CHUNK == dump:
            sys.stdout.write(line)
        if dump is not None and i // CHUNK > dump:
            return
        if python != correct:
            misrounded.append({'index': i, 'x': hexf(x), 'y': hexf(y), 'python': python, 'correct': correct})
        chunk.update(line.encode())
        if (i + 1) % CHUNK == 0:
            digests.append(chunk.hexdigest())
            chunk = hashlib.sha256()
    if dump is None:
        table = {'seed': SEED, 'count': COUNT, 'chunk': CHUNK, 'digests': digests, 'glibcMisrounded': misrounded}
        with open(os.path.join(here, 'pow-table.json'), 'w') as f:
            json.dump(table, f, indent=1)
            f.write('\n')


main()
