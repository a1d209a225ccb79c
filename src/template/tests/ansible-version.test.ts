import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareVersions } from './ansible-version-types.js';

// Expected orderings from the oracle's Python: LooseVersion("1.2.3a") < LooseVersion("1.2.10") is
// True, LooseVersion("2.0") == LooseVersion("2.0.0") is False, and packaging's Version orders
// 1.0.0rc1 < 1.0.0, 1.0.post1 > 1.0, 1.0a1.dev1 < 1.0a1, 1!0.1 > 9.9.
describe('template/tests/ansible-version-types', () => {
  it('compares LooseVersion part by part', () => {
    assert.equal(compareVersions('1.2.3a', '1.2.10', 'loose'), -1);
    assert.notEqual(compareVersions('2.0', '2.0.0', 'loose'), 0);
  });

  it('raises for int against str after equal prefixes, as Python 3 does', () => {
    assert.throws(() => compareVersions('1.0a', '1.0.1', 'loose'), /'<' not supported between instances of 'str' and 'int'/);
  });

  it('orders PEP 440 pre, post, dev releases and epochs', () => {
    assert.equal(compareVersions('1.0.0rc1', '1.0.0', 'pep440'), -1);
    assert.equal(compareVersions('1.0.post1', '1.0', 'pep440'), 1);
    assert.equal(compareVersions('1.0a1.dev1', '1.0a1', 'pep440'), -1);
    assert.equal(compareVersions('1!0.1', '9.9', 'pep440'), 1);
  });

  it('rejects what strict and semver do not parse', () => {
    assert.throws(() => compareVersions('1.2.3.4', '1.0', 'strict'), /invalid version number '1.2.3.4'/);
    assert.throws(() => compareVersions('1.2', '1.0.0', 'semver'), /invalid semantic version '1.2'/);
  });
});
