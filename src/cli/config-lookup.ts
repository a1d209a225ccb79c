/**
 * The settings the `config` lookup can read, by ansible's names, with ansible's environment
 * variable, ansible.cfg entry, default and type.
 */
import { dirname, resolve } from 'node:path';
import type { Data } from '../core/data.js';
import { expandHome, type AnsibleConfig } from './config.js';
import { decimalWholeNumber } from '../core/python-int.js';

type Kind = 'int' | 'bool' | 'str' | 'list' | 'pathspec';

const SETTINGS: Record<string, [env: string, section: string, key: string, fallback: Data, kind: Kind]> = {
  DEFAULT_FORKS: ['ANSIBLE_FORKS', 'defaults', 'forks', 5, 'int'],
  DEFAULT_TIMEOUT: ['ANSIBLE_TIMEOUT', 'defaults', 'timeout', 10, 'int'],
  DEFAULT_REMOTE_USER: ['ANSIBLE_REMOTE_USER', 'defaults', 'remote_user', null, 'str'],
  DEFAULT_BECOME: ['ANSIBLE_BECOME', 'privilege_escalation', 'become', false, 'bool'],
  DEFAULT_BECOME_METHOD: ['ANSIBLE_BECOME_METHOD', 'privilege_escalation', 'become_method', 'sudo', 'str'],
  DEFAULT_BECOME_USER: ['ANSIBLE_BECOME_USER', 'privilege_escalation', 'become_user', 'root', 'str'],
  DEFAULT_GATHERING: ['ANSIBLE_GATHERING', 'defaults', 'gathering', 'implicit', 'str'],
  DEFAULT_STDOUT_CALLBACK: ['ANSIBLE_STDOUT_CALLBACK', 'defaults', 'stdout_callback', 'default', 'str'],
  DEFAULT_STRATEGY: ['ANSIBLE_STRATEGY', 'defaults', 'strategy', 'linear', 'str'],
  DEFAULT_TRANSPORT: ['ANSIBLE_TRANSPORT', 'defaults', 'transport', 'ssh', 'str'],
  HOST_KEY_CHECKING: ['ANSIBLE_HOST_KEY_CHECKING', 'defaults', 'host_key_checking', true, 'bool'],
  DEFAULT_ROLES_PATH: ['ANSIBLE_ROLES_PATH', 'defaults', 'roles_path', ['~/.ansible/roles', '/usr/share/ansible/roles', '/etc/ansible/roles'], 'pathspec'],
  COLLECTIONS_PATHS: ['ANSIBLE_COLLECTIONS_PATH', 'defaults', 'collections_path', ['~/.ansible/collections', '/usr/share/ansible/collections'], 'pathspec'],
  RETRY_FILES_ENABLED: ['ANSIBLE_RETRY_FILES_ENABLED', 'defaults', 'retry_files_enabled', false, 'bool'],
  DISPLAY_SKIPPED_HOSTS: ['ANSIBLE_DISPLAY_SKIPPED_HOSTS', 'defaults', 'display_skipped_hosts', true, 'bool'],
  DEFAULT_FILTER_PLUGIN_PATH: ['ANSIBLE_FILTER_PLUGINS', 'defaults', 'filter_plugins', ['~/.ansible/plugins/filter', '/usr/share/ansible/plugins/filter'], 'pathspec'],
  DEFAULT_TEST_PLUGIN_PATH: ['ANSIBLE_TEST_PLUGINS', 'defaults', 'test_plugins', ['~/.ansible/plugins/test', '/usr/share/ansible/plugins/test'], 'pathspec'],
  DEFAULT_LOOKUP_PLUGIN_PATH: ['ANSIBLE_LOOKUP_PLUGINS', 'defaults', 'lookup_plugins', ['~/.ansible/plugins/lookup', '/usr/share/ansible/plugins/lookup'], 'pathspec'],
};

export function configLookup(config: AnsibleConfig): (name: string) => Data | undefined {
  return (name) => {
    const setting = SETTINGS[name];
    if (!setting) return undefined;
    const [env, section, key, fallback, kind] = setting;
    const raw = config.get(env, section, key);
    // NOTE: ansible expands a pathspec: `~`, and a relative path from the config file's directory (else the cwd).
    if (kind === 'pathspec') return pathspec(raw === undefined ? (fallback as string[]) : raw.split(':'), config.origin(env, section, key) === 'file' ? dirname(config.file as string) : process.cwd());
    if (raw === undefined) return fallback;
    if (kind === 'int') return decimalWholeNumber(raw) ?? Number.parseInt(raw, 10);
    if (kind === 'bool') return ['1', 'true', 'yes', 'on', 'y', 't'].includes(raw.trim().toLowerCase());
    if (kind === 'list') return raw.split(':').filter(Boolean);
    return raw;
  };
}

function pathspec(paths: readonly string[], base: string): string[] {
  return paths.filter(Boolean).map((p) => resolve(base, expandHome(p)));
}
