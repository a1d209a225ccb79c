import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asciiNumeral } from './python-numerals.js';

test('asciiNumeral reads each Unicode decimal digit as its ASCII digit, as Python int() does', () => {
  assert.equal(asciiNumeral('٣'), '3');
  assert.equal(asciiNumeral('３٠'), '30');
  assert.equal(asciiNumeral('\u0e53\u0e50'), '30');
  // the mathematical digits are five runs of ten that touch: 𝟘𝟙𝟡 is 19, 𝟬𝟵 is 09
  assert.equal(asciiNumeral('𝟘𝟙𝟡'), '019');
  assert.equal(asciiNumeral('𝟬𝟵'), '09');
});

test('asciiNumeral makes Unicode spaces ASCII spaces and other non-ASCII text no number', () => {
  assert.equal(asciiNumeral('\u3000٢\x85'), ' 2 ');
  assert.equal(asciiNumeral('²'), '?');
  assert.equal(asciiNumeral('\ufeff1'), '?1');
  assert.equal(asciiNumeral('\x1c1'), '\x1c1');
});
