import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shellQuote, shellSplit } from './shell-quote.js';

describe('transport/shell-quote', () => {
  it('splits as Python shlex.split does', () => {
    // Expected values from CPython 3.11's shlex.split.
    assert.deepEqual(shellSplit('-C -o ControlMaster=auto -o ControlPersist=60s'), ['-C', '-o', 'ControlMaster=auto', '-o', 'ControlPersist=60s']);
    assert.deepEqual(shellSplit('-o "ProxyCommand=ssh -W %h:%p bastion" -o X=1'), ['-o', 'ProxyCommand=ssh -W %h:%p bastion', '-o', 'X=1']);
    assert.deepEqual(shellSplit('a \'b c\' d\\ e "f\\"g"'), ['a', 'b c', 'd e', 'f"g']);
    assert.deepEqual(shellSplit(''), []);
  });

  it('quotes as Python shlex.quote does', () => {
    assert.equal(shellQuote('abc'), 'abc');
    assert.equal(shellQuote('a b'), "'a b'");
    assert.equal(shellQuote("it's"), `'it'"'"'s'`);
    assert.equal(shellQuote(''), "''");
    assert.equal(shellQuote('x=1,y/z.@%+:-'), 'x=1,y/z.@%+:-');
  });
});
