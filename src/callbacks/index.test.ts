import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VolantError } from '../core/errors.js';
import { callbackLoadWarning, createCallback, DefaultCallback, enabledCallbackWarnings, formatErrorBlock } from './index.js';

const CLI = join(dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'cli');
const options = { verbosity: 0, color: false, out: () => {}, err: () => {} };

describe('callbacks/createCallback', () => {
  it('finds built-in callbacks by short name and by FQCN', () => {
    assert.ok(createCallback('default', options) instanceof DefaultCallback);
    assert.ok(createCallback('ansible.builtin.default', options) instanceof DefaultCallback);
    assert.equal(createCallback('ansible.builtin.minimal', options).constructor.name, 'MinimalCallback');
    assert.equal(createCallback('ansible.posix.json', options, () => true).constructor.name, 'JsonCallback');
  });

  it("loads ansible.posix's callbacks only where that collection is installed, as 2.19 does", () => {
    const none = (): boolean => false;
    assert.throws(() => createCallback('json', options, none), (e) => e instanceof VolantError && e.code === 'CALLBACK_UNKNOWN');
    assert.throws(() => createCallback('ansible.posix.timer', options, none), (e) => e instanceof VolantError && e.code === 'CALLBACK_UNKNOWN');
    assert.deepEqual(enabledCallbackWarnings(['timer', 'junit'], none), [
      "Error loading plugin 'ansible.posix.timer': No module named 'ansible_collections.ansible.posix'",
      "Skipping callback plugin 'timer', unable to load",
    ]);
    assert.deepEqual(enabledCallbackWarnings(['timer', 'profile_tasks', 'junit'], (c) => c.startsWith('ansible.posix.')), []);
  });

  it('refuses an unknown callback with the error ansible-playbook prints', () => {
    let caught: unknown;
    try {
      createCallback('nope', options);
    } catch (e) {
      caught = e;
    }
    assert.ok(caught instanceof VolantError);
    assert.equal(caught.code, 'CALLBACK_UNKNOWN');
    // Recorded: ANSIBLE_STDOUT_CALLBACK=nope ansible-playbook … (stderr, exit 1).
    assert.equal(formatErrorBlock(caught), readFileSync(join(CLI, 'unknown-callback.err'), 'utf8'));
  });

  it('names the missing collection of a routed or collection callback, as 2.19 warns before the load error', () => {
    assert.equal(callbackLoadWarning('yaml'), "Error loading plugin 'community.general.yaml': No module named 'ansible_collections.community'");
    assert.equal(callbackLoadWarning('timer'), "Error loading plugin 'ansible.posix.timer': No module named 'ansible_collections.ansible.posix'");
    assert.equal(callbackLoadWarning('foo.bar.baz'), "Error loading plugin 'foo.bar.baz': No module named 'ansible_collections.foo'");
    assert.equal(callbackLoadWarning('nope'), undefined);
    assert.equal(callbackLoadWarning('ansible.legacy.nope'), undefined);
  });

  it('warns about an enabled callback it cannot load, as ansible does', () => {
    // Recorded: ANSIBLE_CALLBACKS_ENABLED=nope ansible-playbook … (stderr).
    assert.deepEqual(enabledCallbackWarnings(['nope']).map((w) => `[WARNING]: ${w}\n`).join(''), readFileSync(join(CLI, 'enabled-unknown.err'), 'utf8'));
    // A builtin stdout callback loads (ansible skips it later, at -vv); a routed name names its collection.
    assert.deepEqual(enabledCallbackWarnings([' minimal', 'timer', 'yaml '], () => true), [
      "Error loading plugin 'community.general.yaml': No module named 'ansible_collections.community'",
      "Skipping callback plugin 'yaml', unable to load",
    ]);
  });
});
