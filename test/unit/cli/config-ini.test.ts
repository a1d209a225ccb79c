/**
 * ansible.cfg as ansible-core 2.19 reads it (configparser, `;` inline comments only), and the
 * settings whose values must be one of a few words (seen with the oracle: any other value stops
 * the run with exit code 5, before the command line is read).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnsibleConfig, ConfigFileError } from '../../../src/cli/config.js';
import { invalidConfigValue } from '../../../src/cli/config-checks.js';

function inTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'volant-ini-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function configOf(text: string, env: NodeJS.ProcessEnv = {}): AnsibleConfig {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'ansible.cfg'), text);
    return new AnsibleConfig(env, dir);
  });
}

describe('AnsibleConfig reading ansible.cfg', () => {
  it('lower-cases keys, keeps # inside a value and drops ; after a space', () => {
    const config = configOf('[defaults]\nForks = 7\nroles_path = a # b\nremote_user = me ; comment\nx = a;b\n');
    assert.equal(config.get('ANSIBLE_FORKS', 'defaults', 'forks'), '7');
    assert.equal(config.get('ANSIBLE_ROLES_PATH', 'defaults', 'roles_path'), 'a # b');
    assert.equal(config.get('ANSIBLE_REMOTE_USER', 'defaults', 'remote_user'), 'me');
    assert.equal(config.get('X', 'defaults', 'x'), 'a;b');
  });

  it('drops one pair of quotes around a text, not around a boolean', () => {
    const config = configOf('[defaults]\nstdout_callback = "minimal"\nnocows = "yes"\n');
    assert.equal(config.get('ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback'), 'minimal');
    assert.equal(config.bool('ANSIBLE_NOCOWS', 'defaults', 'nocows', true), false);
  });

  it('continues a value on indented lines and skips indented comment lines', () => {
    const config = configOf('[defaults]\ncallbacks_enabled = a,\n    b\n  # note\nnocows = 1\n');
    // a list's items come stripped, as 2.19 splits them
    assert.equal(config.raw('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled'), 'a,\nb');
    assert.equal(config.get('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled'), 'a,b');
    assert.equal(config.get('ANSIBLE_NOCOWS', 'defaults', 'nocows'), '1');
  });
});

describe('AnsibleConfig finding its file', () => {
  it('reads the ansible.cfg of a folder ANSIBLE_CONFIG names', () => {
    inTempDir((dir) => {
      mkdirSync(join(dir, 'conf'));
      writeFileSync(join(dir, 'conf', 'ansible.cfg'), '[defaults]\nforks = 3\n');
      assert.equal(new AnsibleConfig({ ANSIBLE_CONFIG: 'conf' }, dir).file, join(dir, 'conf', 'ansible.cfg'));
    });
  });

  it('refuses a file that is not .cfg or .ini, as ansible words it', () => {
    inTempDir((dir) => {
      writeFileSync(join(dir, 'settings'), '[defaults]\n');
      writeFileSync(join(dir, 'settings.yml'), '[defaults]\n');
      assert.throws(() => new AnsibleConfig({ ANSIBLE_CONFIG: 'settings' }, dir), new ConfigFileError(`Unsupported configuration file extension for ${join(dir, 'settings')}:`));
      assert.throws(() => new AnsibleConfig({ ANSIBLE_CONFIG: 'settings.yml' }, dir), new ConfigFileError('Unsupported configuration file type: yaml'));
    });
  });

  it("unquotes a text once, a list's items each, a path list not at all", () => {
    const config = configOf('[defaults]\ncallbacks_enabled = "a, b", \'c\'\nroles_path = "x:y"\ncow_selection = "moose"\n');
    assert.equal(config.get('ANSIBLE_CALLBACKS_ENABLED', 'defaults', 'callbacks_enabled'), '"a,b",c');
    assert.equal(config.get('ANSIBLE_ROLES_PATH', 'defaults', 'roles_path'), '"x:y"');
    assert.equal(config.get('ANSIBLE_COW_SELECTION', 'defaults', 'cow_selection'), 'moose');
  });

  it("stops at what configparser refuses, in its words (seen with the oracle, exit code 5)", () => {
    inTempDir((dir) => {
      const file = join(dir, 'ansible.cfg');
      const refused = (text: string, detail: string): void => {
        writeFileSync(file, text);
        assert.throws(() => new AnsibleConfig({}, dir), new ConfigFileError(`Error reading config file (${file}): ${detail}`));
      };
      refused('# c\n\n  forks = 3\n[defaults]\n', "File contains no section headers.\nfile: '<string>', line: 3\n'  forks = 3\\n'");
      refused('[defaults]\nforks = 2\nForks = 4\n', "While reading from '<string>' [line  3]: option 'forks' in section 'defaults' already exists");
      refused('[defaults]\nforks = 2\n[defaults]\nx=1\n', "While reading from '<string>' [line  3]: section 'defaults' already exists");
    });
  });

  it('skips ./ansible.cfg in a world-writable working folder, with a warning', () => {
    inTempDir((dir) => {
      writeFileSync(join(dir, 'ansible.cfg'), '[defaults]\n');
      chmodSync(dir, 0o777);
      const config = new AnsibleConfig({ HOME: dir }, dir);
      assert.notEqual(config.file, join(dir, 'ansible.cfg'));
      assert.match(config.warnings[0] ?? '', /^Ansible is being run in a world writable directory \(.*\), ignoring it as an ansible.cfg source\./);
    });
  });
});

describe('AnsibleConfig.pathList', () => {
  it('strips each item and takes it from the config file’s folder; an empty item is the folder', () => {
    inTempDir((dir) => {
      mkdirSync(join(dir, 'conf'));
      writeFileSync(join(dir, 'conf', 'ansible.cfg'), '[defaults]\ninventory = hosts , ../other,\n');
      const config = new AnsibleConfig({ ANSIBLE_CONFIG: 'conf/ansible.cfg' }, dir);
      assert.deepEqual(config.pathList('ANSIBLE_INVENTORY', 'defaults', 'inventory', dir), [join(dir, 'conf', 'hosts'), join(dir, 'other'), join(dir, 'conf')]);
      const fromEnv = new AnsibleConfig({ ANSIBLE_CONFIG: 'conf/ansible.cfg', ANSIBLE_INVENTORY: 'a' }, dir);
      assert.deepEqual(fromEnv.pathList('ANSIBLE_INVENTORY', 'defaults', 'inventory', dir), [join(dir, 'a')]);
    });
  });
});

describe('invalidConfigValue', () => {
  it('accepts the listed words, unquoting a value from the file', () => {
    assert.equal(invalidConfigValue(configOf('[defaults]\ngathering = "smart"\nhash_behaviour = merge\n')), undefined);
  });

  it('names the first setting outside its choices, as written, case and all', () => {
    assert.equal(
      invalidConfigValue(configOf('', { ANSIBLE_GATHERING: 'Smart' })),
      "Invalid value 'Smart' for config 'DEFAULT_GATHERING'. Valid values are: implicit, explicit, smart",
    );
    assert.equal(
      invalidConfigValue(configOf('', { ANSIBLE_HASH_BEHAVIOUR: '' })),
      "Invalid value '' for config 'DEFAULT_HASH_BEHAVIOUR'. Valid values are: replace, merge",
    );
  });

  it('names an integer setting that is no integer, and where it came from', () => {
    assert.equal(invalidConfigValue(configOf('', { ANSIBLE_FORKS: '2.0', ANSIBLE_TIMEOUT: ' 1e1 ' })), undefined);
    assert.equal(
      invalidConfigValue(configOf('', { ANSIBLE_FORKS: '1.5' })),
      "Config 'DEFAULT_FORKS' from 'env: ANSIBLE_FORKS' has an invalid value: Invalid value provided for 'integer': '1.5'",
    );
    assert.match(invalidConfigValue(configOf('[diff]\ncontext = "3"\n')) ?? '', /^Config 'DIFF_CONTEXT' from '.*ansible\.cfg' has an invalid value: Invalid value provided for 'integer': '"3"'$/);
    // base.yml types max_diff_size 'int' (gen_cli seed 22018)
    assert.equal(
      invalidConfigValue(configOf('', { ANSIBLE_MAX_DIFF_SIZE: '1k' })),
      "Config 'MAX_FILE_SIZE_FOR_DIFF' from 'env: ANSIBLE_MAX_DIFF_SIZE' has an invalid value: Invalid value provided for 'int': '1k'",
    );
  });

  it('checks each item of a list setting', () => {
    assert.equal(invalidConfigValue(configOf('', { ANSIBLE_DISPLAY_TRACEBACK: "error, 'warning'" })), undefined);
    assert.match(invalidConfigValue(configOf('', { ANSIBLE_DISPLAY_TRACEBACK: 'error,bogus' })) ?? '', /^Invalid value \['error', 'bogus'\] for config 'DISPLAY_TRACEBACK'/);
  });
});
