import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { colorEnabled, colorOverrides } from './color-settings.js';

describe('callbacks/color-settings', () => {
  it('colours a terminal and not a pipe', () => {
    assert.equal(colorEnabled({}, true), true);
    assert.equal(colorEnabled({}, false), false);
  });

  it('turns colour off with ANSIBLE_NOCOLOR or NO_COLOR set to a true word', () => {
    assert.equal(colorEnabled({ ANSIBLE_NOCOLOR: '1' }, true), false);
    assert.equal(colorEnabled({ NO_COLOR: 'yes' }, true), false);
    assert.equal(colorEnabled({ ANSIBLE_NOCOLOR: 'no' }, true), true);
  });

  it('forces colour even on a pipe and over NOCOLOR', () => {
    // The oracle runs with ANSIBLE_NOCOLOR=1 and ANSIBLE_FORCE_COLOR=1 and prints colour.
    assert.equal(colorEnabled({ ANSIBLE_FORCE_COLOR: '1', ANSIBLE_NOCOLOR: '1' }, false), true);
    assert.equal(colorEnabled({ ANSIBLE_FORCE_COLOR: 'false' }, false), false);
  });

  it('reads ANSIBLE_COLOR_* overrides before ansible.cfg', () => {
    assert.deepEqual(colorOverrides({ ANSIBLE_COLOR_OK: 'bright green', ANSIBLE_COLOR_DIFF_ADD: 'color82' }, { skip: 'blue', ok: 'white' }), {
      ok: 'bright green',
      skip: 'blue',
      diffAdd: 'color82',
    });
  });
});
