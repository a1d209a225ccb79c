import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { unifiedDiff } from './unified-diff.js';

describe('golden/unified-diff', () => {
  it('is empty when the texts are equal', () => {
    assert.equal(unifiedDiff('a\nb\n', 'a\nb\n', ['x', 'y']), '');
  });

  it('shows a changed line with its context and hunk header', () => {
    assert.equal(
      unifiedDiff('1\n2\n3\n4\n5\n', '1\n2\nthree\n4\n5\n', ['expected', 'actual'], 1),
      ['--- expected', '+++ actual', '@@ -2,3 +2,3 @@', ' 2', '-3', '+three', ' 4'].join('\n'),
    );
  });

  it('makes trailing spaces visible', () => {
    assert.equal(
      unifiedDiff('skipping: [h] => (item=x) \n', 'skipping: [h] => (item=x)\n', ['e', 'a'], 0),
      ['--- e', '+++ a', '@@ -1,1 +1,1 @@', '-skipping: [h] => (item=x)·', '+skipping: [h] => (item=x)'].join('\n'),
    );
  });

  it('splits distant changes into separate hunks', () => {
    const a = ['a', ...Array.from({ length: 10 }, (_, i) => `same${i}`), 'b'].join('\n');
    const b = ['A', ...Array.from({ length: 10 }, (_, i) => `same${i}`), 'B'].join('\n');
    const hunks = unifiedDiff(a, b, ['e', 'a'], 2).split('\n').filter((l) => l.startsWith('@@'));
    assert.deepEqual(hunks, ['@@ -1,3 +1,3 @@', '@@ -10,3 +10,3 @@']);
  });
});
