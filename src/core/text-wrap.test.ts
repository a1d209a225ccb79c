/** textWrap against lines Python 3.13's textwrap.wrap gave for the same texts and widths. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { textWrap } from './text-wrap.js';

describe('core/text-wrap', () => {
  it('breaks after a hyphen between letters', () => {
    assert.deepEqual(textWrap('connect as this user (default=de%ploy-ansible-playbook)', 54), ['connect as this user (default=de%ploy-ansible-', 'playbook)']);
    assert.deepEqual(textWrap('run one-step-at-a-time: now', 10), ['run one-', 'step-at-a-', 'time: now']);
  });

  it('cuts a word longer than the line, after its last hyphen that fits', () => {
    assert.deepEqual(textWrap('x verylongwordwithoutspaces-and-hyphens-here', 12), ['x verylongwo', 'rdwithoutspa', 'ces-and-', 'hyphens-here']);
  });

  it('breaks after an em-dash written as two hyphens', () => {
    assert.deepEqual(textWrap('a well--known b', 8), ['a well--', 'known b']);
  });

  it('breaks after a hyphen between letters of any script, one-letter parts too, not after digits or marks', () => {
    assert.deepEqual(textWrap('naïve-été x-y-zz', 7), ['naïve-', 'été', 'x-y-zz']);
    assert.deepEqual(textWrap('a\u0301b-cd ab-12', 3), ['a\u0301b', '-cd', 'ab-', '12']);
  });

  it('counts code points, not UTF-16 units', () => {
    assert.deepEqual(textWrap('😀😀😀 😀😀😀😀😀😀', 4), ['😀😀😀 ', '😀😀😀😀', '😀😀']);
  });

  it("drops a line's edge chunk only when Python's str.strip() empties it", () => {
    assert.deepEqual(textWrap('ab \u3000 cd', 3), ['ab', ' cd']);
    assert.deepEqual(textWrap('ab \ufeff cd', 3), ['ab', '\ufeff', 'cd']);
  });

  it('keeps long words whole, or breaks at whitespace only, when asked', () => {
    assert.deepEqual(textWrap('de-ploy-ansible-playbook x', 10, { breakLongWords: false }), ['de-ploy-', 'ansible-', 'playbook x']);
    assert.deepEqual(textWrap('de-ploy-ansible-playbook x', 10, { breakOnHyphens: false }), ['de-ploy-an', 'sible-play', 'book x']);
  });
});
