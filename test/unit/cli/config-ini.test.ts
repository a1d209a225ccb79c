/**
 * ansible.cfg as ansible-core 2.19 reads it (configparser, `;` inline comments only), and the
 * settings whose values must be one of a few words (seen with the oracle: any other value stops
 * the run with exit code 5, before the command line is read).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnsibleConfig } from '../../../src/cli/config.js';
import { invalidConfigChoice } from '../../../src/cli/config-choices.js';

function configOf(text: string, env: NodeJS.ProcessEnv = {}): AnsibleConfig {
  const dir = mkdtempSync(join(tmpdir(), 'volant-ini-'));
  try {
    writeFileSync(join(dir, 'ansible.cfg'), text);
    return new AnsibleConfig(env, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('AnsibleConfig reading ansible.cfg', () => {
  it('lower-cases keys, keeps # inside a value and drops ; after a space', () => {
    const config = configOf('[defaults]\nForks = 7\nroles_path = a # b\nremote_user = me ; comment\nx = a;b\n');
    assert.equal(config.get('ANSIBLE_FORKS', 'defaults', 'forks'), '7');
    assert.equal(config.get('ANSIBLE_ROLES_PATH', 'defaults', 'roles_path'), 'a # b');
    assert.equal(config.get('ANSIBLE_REMOTE_USER', 'defaults', 'remote_user'), 'me');
    assert.equal(config.get('X', 'defaults', 'x'), 'a;b');
  });

  it('continues a value on indented lines and skips indented comment lines', () => {
    const config = configOf('[defaults]\ncallbacks_enabled = a,\n    b\n  # note\nnocows = 1\n');
    assert.equal(config.get('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled'), 'a,\nb');
    assert.equal(config.get('ANSIBLE_NOCOWS', 'defaults', 'nocows'), '1');
  });
});

describe('invalidConfigChoice', () => {
  it('accepts the listed words, unquoting a value from the file', () => {
    assert.equal(invalidConfigChoice(configOf('[defaults]\ngathering = "smart"\nhash_behaviour = merge\n')), undefined);
  });

  it('names the first setting outside its choices, as written, case and all', () => {
    assert.equal(
      invalidConfigChoice(configOf('', { ANSIBLE_GATHERING: 'Smart' })),
      "Invalid value 'Smart' for config 'DEFAULT_GATHERING'. Valid values are: implicit, explicit, smart",
    );
    assert.equal(
      invalidConfigChoice(configOf('', { ANSIBLE_HASH_BEHAVIOUR: '' })),
      "Invalid value '' for config 'DEFAULT_HASH_BEHAVIOUR'. Valid values are: replace, merge",
    );
  });

  it('checks each item of a list setting', () => {
    assert.equal(invalidConfigChoice(configOf('', { ANSIBLE_DISPLAY_TRACEBACK: "error, 'warning'" })), undefined);
    assert.match(invalidConfigChoice(configOf('', { ANSIBLE_DISPLAY_TRACEBACK: 'error,bogus' })) ?? '', /^Invalid value \['error', 'bogus'\] for config 'DISPLAY_TRACEBACK'/);
  });
});
