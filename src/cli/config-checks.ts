/**
 * Settings ansible-core checks when it loads its constants, before it reads the command line: one
 * whose value must be one of a few words (compared as written, case and all; an empty one too)
 * and one that must be an integer. A bad value stops any run, even --version or --help.
 */
import { pyRepr } from '../core/data.js';
import { unquote } from '../playbook/parse-kv.js';
import type { AnsibleConfig } from './config.js';

interface CheckedSetting {
  readonly name: string;
  readonly env: string;
  readonly section: string;
  readonly key: string;
  /** The words the value must be one of; an integer setting has none. */
  readonly choices?: readonly string[];
  /** A comma-separated list, each item of which must be a choice. */
  readonly list?: boolean;
}

const WARN_LEVELS = ['error', 'warning', 'ignore'];
const SIGNATURE_CODES = ['EXPSIG', 'EXPKEYSIG', 'REVKEYSIG', 'BADSIG', 'ERRSIG', 'NO_PUBKEY', 'MISSING_PASSPHRASE', 'BAD_PASSPHRASE', 'NODATA', 'UNEXPECTED', 'ERROR', 'FAILURE', 'BADARMOR', 'KEYEXPIRED', 'KEYREVOKED', 'NO_SECKEY'];

/** In ansible-core's order (its base.yml), which is the order it finds the first bad one in. */
const CHECKED_SETTINGS: readonly CheckedSetting[] = [
  { name: 'CACHE_PLUGIN_TIMEOUT', env: 'ANSIBLE_CACHE_PLUGIN_TIMEOUT', section: 'defaults', key: 'fact_caching_timeout' },
  { name: 'COLLECTIONS_ON_ANSIBLE_VERSION_MISMATCH', env: 'ANSIBLE_COLLECTIONS_ON_ANSIBLE_VERSION_MISMATCH', section: 'defaults', key: 'collections_on_ansible_version_mismatch', choices: WARN_LEVELS },
  { name: 'LOG_VERBOSITY', env: 'ANSIBLE_LOG_VERBOSITY', section: 'defaults', key: 'log_verbosity' },
  { name: 'DEFAULT_FORKS', env: 'ANSIBLE_FORKS', section: 'defaults', key: 'forks' },
  { name: 'DEFAULT_GATHERING', env: 'ANSIBLE_GATHERING', section: 'defaults', key: 'gathering', choices: ['implicit', 'explicit', 'smart'] },
  { name: 'DEFAULT_HASH_BEHAVIOUR', env: 'ANSIBLE_HASH_BEHAVIOUR', section: 'defaults', key: 'hash_behaviour', choices: ['replace', 'merge'] },
  { name: 'DEFAULT_POLL_INTERVAL', env: 'ANSIBLE_POLL_INTERVAL', section: 'defaults', key: 'poll_interval' },
  { name: 'DEFAULT_REMOTE_PORT', env: 'ANSIBLE_REMOTE_PORT', section: 'defaults', key: 'remote_port' },
  { name: 'DEFAULT_TIMEOUT', env: 'ANSIBLE_TIMEOUT', section: 'defaults', key: 'timeout' },
  { name: 'DEFAULT_VERBOSITY', env: 'ANSIBLE_VERBOSITY', section: 'defaults', key: 'verbosity' },
  { name: 'DIFF_CONTEXT', env: 'ANSIBLE_DIFF_CONTEXT', section: 'diff', key: 'context' },
  { name: 'DISPLAY_TRACEBACK', env: 'ANSIBLE_DISPLAY_TRACEBACK', section: 'defaults', key: 'display_traceback', choices: ['error', 'warning', 'deprecated', 'deprecated_value', 'always', 'never'], list: true },
  { name: 'DUPLICATE_YAML_DICT_KEY', env: 'ANSIBLE_DUPLICATE_YAML_DICT_KEY', section: 'defaults', key: 'duplicate_dict_key', choices: ['error', 'warn', 'ignore'] },
  { name: 'GALAXY_SERVER_TIMEOUT', env: 'ANSIBLE_GALAXY_SERVER_TIMEOUT', section: 'galaxy', key: 'server_timeout' },
  { name: 'GALAXY_IGNORE_INVALID_SIGNATURE_STATUS_CODES', env: 'ANSIBLE_GALAXY_IGNORE_SIGNATURE_STATUS_CODES', section: 'galaxy', key: 'ignore_signature_status_codes', choices: SIGNATURE_CODES, list: true },
  { name: 'HOST_PATTERN_MISMATCH', env: 'ANSIBLE_HOST_PATTERN_MISMATCH', section: 'inventory', key: 'host_pattern_mismatch', choices: WARN_LEVELS },
  { name: 'TRANSFORM_INVALID_GROUP_CHARS', env: 'ANSIBLE_TRANSFORM_INVALID_GROUP_CHARS', section: 'defaults', key: 'force_valid_group_names', choices: ['always', 'never', 'ignore', 'silently'] },
  { name: 'MAX_FILE_SIZE_FOR_DIFF', env: 'ANSIBLE_MAX_DIFF_SIZE', section: 'defaults', key: 'max_diff_size' },
  { name: 'PERSISTENT_CONNECT_TIMEOUT', env: 'ANSIBLE_PERSISTENT_CONNECT_TIMEOUT', section: 'persistent_connection', key: 'connect_timeout' },
  { name: 'PERSISTENT_CONNECT_RETRY_TIMEOUT', env: 'ANSIBLE_PERSISTENT_CONNECT_RETRY_TIMEOUT', section: 'persistent_connection', key: 'connect_retry_timeout' },
  { name: 'PERSISTENT_COMMAND_TIMEOUT', env: 'ANSIBLE_PERSISTENT_COMMAND_TIMEOUT', section: 'persistent_connection', key: 'command_timeout' },
  { name: 'PLAYBOOK_VARS_ROOT', env: 'ANSIBLE_PLAYBOOK_VARS_ROOT', section: 'defaults', key: 'playbook_vars_root', choices: ['top', 'bottom', 'all'] },
  { name: 'RUN_VARS_PLUGINS', env: 'ANSIBLE_RUN_VARS_PLUGINS', section: 'defaults', key: 'run_vars_plugins', choices: ['demand', 'start'] },
  { name: 'SSH_AGENT_KEY_LIFETIME', env: 'ANSIBLE_SSH_AGENT_KEY_LIFETIME', section: 'connection', key: 'ssh_agent_key_lifetime' },
  { name: 'TASK_TIMEOUT', env: 'ANSIBLE_TASK_TIMEOUT', section: 'defaults', key: 'task_timeout' },
  { name: 'WORKER_SHUTDOWN_POLL_COUNT', env: 'ANSIBLE_WORKER_SHUTDOWN_POLL_COUNT', section: '', key: '' },
  { name: 'WIN_ASYNC_STARTUP_TIMEOUT', env: 'ANSIBLE_WIN_ASYNC_STARTUP_TIMEOUT', section: 'defaults', key: 'win_async_startup_timeout' },
];

/** The first setting with a value ansible refuses, as ansible words it; undefined when all are valid. */
export function invalidConfigValue(config: AnsibleConfig): string | undefined {
  for (const s of CHECKED_SETTINGS) {
    // NOTE: ansible converts the text as written (a quoted number is no number), and unquotes a
    // text from the file (config.get does) before it compares it with the choices.
    const raw = config.raw(s.env, s.section, s.key);
    if (raw === undefined) continue;
    if (!s.choices) {
      if (isPythonInteger(raw)) continue;
      const from = config.origin(s.env, s.section, s.key) === 'env' ? `env: ${s.env}` : config.file;
      return `Config '${s.name}' from '${from}' has an invalid value: Invalid value provided for 'integer': ${pyRepr(raw)}`;
    }
    const text = config.get(s.env, s.section, s.key) ?? raw;
    const value = s.list ? text.split(',').map((item) => unquote(item.trim())) : text;
    const valid = Array.isArray(value) ? value.every((v) => s.choices?.includes(v)) : s.choices.includes(value);
    if (!valid) return `Invalid value ${pyRepr(value)} for config '${s.name}'. Valid values are: ${s.choices.join(', ')}`;
  }
  return undefined;
}

/** Python's Decimal(text) with no fraction: `5`, ` 5 `, `2.0`, `1e1`, `1_000`. */
function isPythonInteger(text: string): boolean {
  const t = text.trim();
  if (!/^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/.test(t)) return false;
  return Number.isInteger(Number(t.replace(/_/g, '')));
}
