import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decimalFromFloat, decimalString, decimalSum } from './py-decimal.js';

// Expected strings printed by Python 3.13's decimal for the same floats.
describe('callbacks/format/py-decimal', () => {
  it('writes a float exactly, as Decimal(float) does', () => {
    assert.equal(decimalString(decimalFromFloat(0.0833070278167724609375)), '0.0833070278167724609375');
    assert.equal(decimalString(decimalFromFloat(0.071)), '0.07099999999999999367172875963660771958529949188232421875');
    assert.equal(decimalString(decimalFromFloat(2)), '2');
  });

  it('switches to scientific notation below 1e-6', () => {
    assert.equal(decimalString(decimalFromFloat(1e-7)), '9.99999999999999954748111825886258685613938723690807819366455078125E-8');
  });

  it('sums in the default context: 28 digits, half even', () => {
    const xs = [0.07156658172607421875, 0.0833070278167724609375, 0.071, 1e-7, 2.0, 123.456, 0.1, 0.2, 0.30000000000000004];
    assert.equal(decimalString(decimalSum(xs.map(decimalFromFloat))), '126.2818737095428498039661090');
    assert.equal(decimalString(decimalSum([])), '0');
  });
});
