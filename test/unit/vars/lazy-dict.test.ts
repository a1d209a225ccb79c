import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DictKey } from '../../../src/core/data.js';
import { LayeredVars } from '../../../src/vars/layered-vars.js';
import { SourceView } from '../../../src/vars/source-view.js';

describe('vars/views', () => {
  const source = new LayeredVars([new Map<DictKey, Data>([['a', 1], ['b', 2]]), new Map<DictKey, Data>([['b', 3], ['vars', 'self']])]);

  it('reads a view of variables lazily, with the higher layer winning', () => {
    const view = new SourceView(source, new Set(['vars']));
    assert.equal(view.get('b'), 3);
    assert.equal(view.has('vars'), false);
    assert.deepEqual([...view.keys()], ['a', 'b']);
    assert.deepEqual([...view], [['a', 1], ['b', 3]]);
    assert.equal(view.size, 2);
    assert.deepEqual(new Map(view), new Map([['a', 1], ['b', 3]]));
  });

  it('refuses changes', () => {
    const view = new SourceView(source);
    assert.throws(() => view.set('a', 2), TypeError);
    assert.throws(() => view.delete('a'), TypeError);
    assert.throws(() => view.clear(), TypeError);
  });
});
