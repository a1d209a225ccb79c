import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dict, UnsafeString, type Data } from '../../core/data.js';
import { evaluateLine, executeLine, PyException, type PyValue } from './py-expr.js';

function scope(): Map<string, PyValue> {
  return new Map<string, PyValue>([['args', dict([['msg', 'boom'], ['n', [1, 2]]])]]);
}

function raised(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof PyException) return `${e.pyName}(${e.argsRepr})`;
    throw e;
  }
  return 'nothing raised';
}

describe('run/debugger/py-expr', () => {
  it('reads items and nested items', () => {
    assert.equal(evaluateLine("args['msg']", scope()), 'boom');
    assert.equal(evaluateLine("args['n'][-1]", scope()), 2);
  });

  it('assigns an item, then reads it back', () => {
    const s = scope();
    executeLine("args['msg'] = {'a': [1, 'two', None, True]}", s);
    // Text typed at the debugger is untrusted: a template in it is never rendered.
    assert.deepEqual(evaluateLine("args['msg']", s), dict([['a', [1, new UnsafeString('two'), null, true] as Data]]));
  });

  it('assigns a value read from elsewhere as it is', () => {
    const s = scope();
    executeLine("args['copy'] = args['msg']", s);
    assert.equal(evaluateLine("args['copy']", s), 'boom');
  });

  it("raises Python's errors in Python's words", () => {
    assert.equal(raised(() => evaluateLine('nope', scope())), `NameError("name 'nope' is not defined")`);
    assert.equal(raised(() => evaluateLine("args['x']", scope())), "KeyError('x')");
    assert.equal(raised(() => evaluateLine('args.msg', scope())), `AttributeError("'dict' object has no attribute 'msg'")`);
    assert.equal(raised(() => evaluateLine("args['n'][5]", scope())), "IndexError('list index out of range')");
  });

  it('echoes a bare expression statement and nothing for an assignment', () => {
    assert.equal(executeLine("args['msg']", scope()), 'boom');
    assert.equal(executeLine('x = 1', scope()), undefined);
  });
});
