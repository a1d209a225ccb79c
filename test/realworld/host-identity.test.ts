import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withoutHostIdentity } from './host-identity.js';

describe('realworld/host-identity', () => {
  const host = { name: 's5r01', address: '10.213.0.11' };

  it('replaces the host name and address as whole words only', () => {
    assert.equal(
      withoutHostIdentity('10.213.0.11 s5r01\n10.213.0.110 s5r010 s5r01-x\nbefore: s5r01, after: web-1', host),
      '<HOST_ADDRESS> <HOST_NAME>\n10.213.0.110 s5r010 s5r01-x\nbefore: <HOST_NAME>, after: web-1',
    );
  });

  it('leaves a longer address and other text alone', () => {
    assert.equal(withoutHostIdentity('110.213.0.11 and 10.213.0.1', host), '110.213.0.11 and 10.213.0.1');
  });
});
