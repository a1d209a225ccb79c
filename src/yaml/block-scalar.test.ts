import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blockScalarHeaderProblem, blockScalarText } from './block-scalar.js';

/** The text of the first block scalar in `text`, whose block collection is indented `parentIndent`. */
function first(text: string, parentIndent: number): string {
  return blockScalarText(text, text.search(/[|>]/), parentIndent);
}

// Values recorded from ansible-core 2.19.11 (PyYAML with libyaml 0.2.5).
describe('yaml/block-scalar', () => {
  it('keeps a last line of spaces deeper than an explicit indentation as content', () => {
    assert.equal(first('v:\n    a: |2\n       x\n      \n       \n    b: 1\n', 4), ' x\n\n \n');
    assert.equal(first('v:\n  a: |2\n     x\n     \n  b: 1\n', 2), ' x\n \n');
  });

  it('adds an explicit indentation to none at the top of a document', () => {
    assert.equal(first('--- |2\n   x\n  y\n', -1), ' x\ny\n');
  });

  it('folds lines, keeping the breaks around more-indented ones', () => {
    assert.equal(first('--- >\n a\n b\n\n  c\n d\n', -1), 'a b\n\n c\nd\n');
    assert.equal(first('k: >-\n\n  a\n\n\n  b\n  \n', 0), '\na\n\nb');
  });

  it('has no last line break at the end of a text without one', () => {
    assert.equal(first('k: |\n  x', 0), 'x');
  });

  it('says what libyaml says of a header it refuses, and where', () => {
    assert.deepEqual(blockScalarHeaderProblem('a: |-0\n', 3), { problem: 'found an indentation indicator equal to 0', offset: 5 });
    assert.deepEqual(blockScalarHeaderProblem('a: |10\n', 3), { problem: 'did not find expected comment or line break', offset: 5 });
    assert.equal(blockScalarHeaderProblem('a: |2#c\n', 3), undefined);
  });
});
