/**
 * Path settings as ansible-core 2.19 resolves them (seen with the oracle: a relative `log_path` or
 * `retry_files_save_path` in ansible.cfg lands beside that file, from ANSIBLE_* beside the working
 * folder), through AnsibleConfig.path.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnsibleConfig } from '../../../src/cli/config.js';

function withConfig(text: string, fn: (dir: string, cfg: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'volant-cfg-'));
  try {
    mkdirSync(join(dir, 'sub'));
    const cfg = join(dir, 'sub', 'ansible.cfg');
    writeFileSync(cfg, text);
    fn(dir, cfg);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('AnsibleConfig.path', () => {
  it('takes a relative path from ansible.cfg from the file’s folder', () => {
    withConfig('[defaults]\nretry_files_save_path = rdir\n', (dir, cfg) => {
      const config = new AnsibleConfig({ ANSIBLE_CONFIG: cfg }, dir);
      assert.equal(config.path('ANSIBLE_RETRY_FILES_SAVE_PATH', 'defaults', 'retry_files_save_path', dir), join(dir, 'sub', 'rdir'));
    });
  });

  it('takes a relative path from the environment from the working folder, and expands ~', () => {
    withConfig('[defaults]\nlog_path = ~/x.log\n', (dir, cfg) => {
      const fromEnv = new AnsibleConfig({ ANSIBLE_CONFIG: cfg, ANSIBLE_LOG_PATH: 'a.log' }, dir);
      assert.equal(fromEnv.path('ANSIBLE_LOG_PATH', 'defaults', 'log_path', dir), join(dir, 'a.log'));
      const fromFile = new AnsibleConfig({ ANSIBLE_CONFIG: cfg }, dir);
      assert.equal(fromFile.path('ANSIBLE_LOG_PATH', 'defaults', 'log_path', dir), join(homedir(), 'x.log'));
    });
  });

  it('is undefined when the setting is unset or empty', () => {
    withConfig('[defaults]\nlog_path =\n', (dir, cfg) => {
      const config = new AnsibleConfig({ ANSIBLE_CONFIG: cfg }, dir);
      assert.equal(config.path('ANSIBLE_LOG_PATH', 'defaults', 'log_path', dir), undefined);
      assert.equal(config.path('ANSIBLE_RETRY_FILES_SAVE_PATH', 'defaults', 'retry_files_save_path', dir), undefined);
    });
  });
});
