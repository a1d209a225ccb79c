/** textWrap against lines Python 3.13's textwrap.wrap gave for the same texts and widths. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { textWrap } from '../../../src/cli/text-wrap.js';

describe('cli/text-wrap', () => {
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
});
