import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { callbackSettings, type ConfigLookup } from './callback-settings.js';

/** A lookup over env first, then an ansible.cfg held as { section: { key: value } }. */
function lookup(env: Record<string, string>, cfg: Record<string, Record<string, string>> = {}): ConfigLookup {
  return { get: (name, section, key) => env[name] ?? cfg[section]?.[key] };
}

describe('callbacks/callback-settings', () => {
  it("has ansible's defaults when nothing is set", () => {
    const s = callbackSettings(lookup({}), {}, { isTTY: false });
    assert.equal(s.color, false);
    assert.equal(s.displaySkippedHosts, true);
    assert.equal(s.displayOkHosts, true);
    assert.equal(s.showCustomStats, false);
    assert.equal(s.resultFormat, undefined);
    assert.equal(s.prettyResults, undefined);
  });

  it('reads env and ansible.cfg names, env first', () => {
    const env = { ANSIBLE_DISPLAY_SKIPPED_HOSTS: 'no', ANSIBLE_CALLBACK_RESULT_FORMAT: 'yaml', ANSIBLE_COLOR_OK: 'blue' };
    const cfg = { defaults: { display_skipped_hosts: 'yes', show_custom_stats: 'true', callback_format_pretty: 'false' }, colors: { changed: 'bright yellow' }, diff: { context: '5' } };
    const s = callbackSettings(lookup(env, cfg), env, { isTTY: false });
    assert.equal(s.displaySkippedHosts, false);
    assert.equal(s.showCustomStats, true);
    assert.equal(s.resultFormat, 'yaml');
    assert.equal(s.prettyResults, false);
    assert.equal(s.diffContext, 5);
    assert.deepEqual(s.colors, { ok: 'blue', changed: 'bright yellow' });
  });

  it('forces colour over ANSIBLE_NOCOLOR, as the oracle runs (NOCOLOR=1, FORCE_COLOR=1)', () => {
    const env = { ANSIBLE_NOCOLOR: '1', ANSIBLE_FORCE_COLOR: '1' };
    assert.equal(callbackSettings(lookup(env), env, { isTTY: false }).color, true);
    assert.equal(callbackSettings(lookup({ ANSIBLE_NOCOLOR: '1' }), { ANSIBLE_NOCOLOR: '1' }, { isTTY: true }).color, false);
  });
});
