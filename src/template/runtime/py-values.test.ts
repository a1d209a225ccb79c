/**
 * Python semantics of runtime values. Expected values are what CPython 3.13 prints (checked in
 * the oracle's python3).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PyFloat, dictOf, markTuple, type Data } from '../../core/data.js';
import * as arith from './py-arith.js';
import { percentFormat, strFormat, formatSpec } from './py-format.js';
import { getAttr, getItem } from './attributes.js';
import { PyFunction, type Value } from './py-object.js';
import { PyException } from './py-exception.js';
import { compare, contains, equals, repr, str, truthy } from './py-values.js';
import { toFixedExact } from './exact-decimal.js';
import { Undefined } from './undefined.js';

const f = (x: number): PyFloat => new PyFloat(x);
const call = (obj: Value, method: string, ...args: Value[]): Value => (getAttr(obj, method) as PyFunction).call(args, new Map());

describe('template/runtime/py-values', () => {
  it('prints reprs as Python does', () => {
    assert.equal(repr([1, 'a', null, true, f(2.5)]), "[1, 'a', None, True, 2.5]");
    assert.equal(repr(dictOf({ b: 1, a: f(3) })), "{'b': 1, 'a': 3.0}");
    assert.equal(repr(markTuple([1])), '(1,)');
    assert.equal(repr("it's"), '"it\'s"');
    assert.equal(repr(f(1e16)), '1e+16');
    assert.equal(repr(f(0.1 + 0.2)), '0.30000000000000004');
    assert.equal(str(f(3)), '3.0');
  });

  it('compares and tests truth as Python does', () => {
    assert.equal(equals(1, f(1)), true);
    assert.equal(equals(true, 1), true);
    assert.equal(equals(markTuple([1]), [1]), false);
    assert.equal(equals(dictOf({ a: 1, b: 2 }), dictOf({ b: 2, a: 1 })), true);
    assert.equal(compare([1, 2], [1, 3], '<'), true);
    assert.throws(() => compare(1, 'a', '<'), /'<' not supported between instances of 'int' and 'str'/);
    assert.equal(truthy(''), false);
    assert.equal(truthy(f(0)), false);
    assert.equal(truthy(dictOf({})), false);
    assert.throws(() => truthy(new Undefined("'x' is undefined")), /'x' is undefined/);
    assert.equal(contains('cat', 'a'), true);
    assert.equal(contains(dictOf({ a: 1 }), 'a'), true);
    assert.throws(() => contains(2, 1), /argument of type 'int' is not iterable/);
  });

  it("keeps int and float apart and floors // and % toward negative infinity", () => {
    assert.deepEqual(arith.truediv(6, 2), f(3));
    assert.equal(arith.floordiv(-7, 2), -4);
    assert.equal(arith.mod(-7, 2), 1);
    assert.equal(arith.mod(7, -2), -1);
    assert.deepEqual(arith.floordiv(f(7.5), 2), f(3));
    assert.equal(arith.pow(2, 10), 1024);
    assert.deepEqual(arith.pow(2, -1), f(0.5));
    assert.equal(arith.add(true, true), 2);
    assert.deepEqual(arith.mul('ab', 2), 'abab');
    assert.throws(() => arith.truediv(1, 0), (e: unknown) => e instanceof PyException && e.message === 'division by zero');
    assert.throws(() => arith.mod(1, 0), /integer modulo by zero/);
    assert.throws(() => arith.add('a', 1), /can only concatenate str \(not "int"\) to str/);
    assert.throws(() => arith.add(1, 'a'), /unsupported operand type\(s\) for \+: 'int' and 'str'/);
  });

  it("formats with % and str.format", () => {
    assert.equal(percentFormat('%5.2f|%-4s|%03d', markTuple([f(3.14159), 'a', 7])), ' 3.14|a   |007');
    assert.equal(percentFormat('%(a)s-%(b)r', dictOf({ a: 1, b: 'x' })), "1-'x'");
    assert.equal(percentFormat('%.1f', f(2.25)), '2.2');
    assert.throws(() => percentFormat('%s %s', markTuple(['a'])), /not enough arguments for format string/);
    assert.equal(strFormat('{} {x} {}', ['a', 'b'], new Map([['x', 'y']]), (o) => o), 'a y b');
    assert.throws(() => strFormat('{} {0}', ['a'], new Map(), (o) => o), /cannot switch from automatic field numbering to manual field specification/);
    assert.equal(strFormat('{:{}{}}', ['z', '>', 3], new Map(), (o) => o), '  z');
    assert.equal(formatSpec(1234567, ','), '1,234,567');
    assert.equal(formatSpec('r', '*^5'), '**r**');
    assert.equal(formatSpec(f(0.25), '.1%'), '25.0%');
    assert.equal(toFixedExact(2.675, 2), '2.67');
    assert.equal(toFixedExact(0.125, 2), '0.12');
  });

  it('looks attributes and items up the way Jinja does', () => {
    const d = dictOf({ a: 1, items: 'shadowed' });
    assert.equal(getAttr(d, 'a'), 1);
    assert.ok(getAttr(d, 'items') instanceof PyFunction, 'a dict method wins over a key for x.name');
    assert.equal(getItem(d, 'items'), 'shadowed');
    assert.equal((getItem([1, 2], 5) as Undefined).message, "object of type 'list' has no attribute 5");
    assert.equal((getAttr(d, 'zz') as Undefined).message, "object of type 'dict' has no attribute 'zz'");
    assert.equal(getItem('abc', -1), 'c');
    assert.equal(getAttr(dictOf({ constructor: 'key' }), 'constructor'), 'key');
    assert.ok(getAttr(dictOf({}), 'toString') instanceof Undefined);
  });

  it('implements the str, list and dict methods playbooks call', () => {
    assert.deepEqual(call('a b  c', 'split'), ['a', 'b', 'c']);
    assert.deepEqual(call('a,b,,c', 'split', ',', 1), ['a', 'b,,c']);
    assert.deepEqual(call('a,b,,c', 'rsplit', ',', 1), ['a,b,', 'c']);
    assert.equal(call('xxaxx', 'strip', 'x'), 'a');
    assert.equal(call('ab', 'center', 7, '*'), '***ab**');
    assert.equal(call("they're bill's", 'title'), "They'Re Bill'S");
    assert.equal(call('-5', 'zfill', 4), '-005');
    assert.deepEqual(call('l1\nl2\r\nl3', 'splitlines'), ['l1', 'l2', 'l3']);
    assert.equal(call('{:>4}|{:.1f}', 'format', 'a', f(2.25)), '   a|2.2');
    const list: Data[] = [3, 1];
    call(list, 'append', 2);
    call(list, 'sort');
    assert.deepEqual(list, [1, 2, 3]);
    const d = dictOf({ a: 1 });
    assert.equal(call(d, 'get', 'zz', 5), 5);
    call(d, 'update', dictOf({ b: 2 }));
    assert.deepEqual([...d.keys()], ['a', 'b']);
    assert.deepEqual(call(d, 'items'), [markTuple(['a', 1]), markTuple(['b', 2])]);
  });
});
