import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shorten } from './text-shorten.js';

test('shorten keeps what fits and cuts at a word, as textwrap.shorten does', () => {
  assert.equal(shorten('a  b\nc', 120), 'a b c');
  assert.equal(shorten(`ab ${'x'.repeat(200)}`, 120), 'ab [...]');
});

test('shorten gives the placeholder alone, stripped, when not even the first word fits', () => {
  assert.equal(shorten('x'.repeat(200), 120), '[...]');
});
