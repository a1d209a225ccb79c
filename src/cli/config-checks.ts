/**
 * Settings ansible-core checks when it loads its constants, before it reads the command line: one
 * whose value must be one of a few words (compared as written, case and all; an empty one too)
 * and one that must be an integer. A bad value stops any run, even --version or --help.
 */
import { CONFIG_SETTINGS } from '../core/ansible-settings.js';
import { pyRepr } from '../core/data.js';
import { decimalWholeNumber } from '../core/python-int.js';
import { unquote } from '../playbook/parse-kv.js';
import type { AnsibleConfig } from './config.js';

interface CheckedSetting {
  readonly name: string;
  /** The words the value must be one of (each item of a list setting); an integer setting has none. */
  readonly choices?: readonly string[];
}

const WARN_LEVELS = ['error', 'warning', 'ignore'];
const SIGNATURE_CODES = ['EXPSIG', 'EXPKEYSIG', 'REVKEYSIG', 'BADSIG', 'ERRSIG', 'NO_PUBKEY', 'MISSING_PASSPHRASE', 'BAD_PASSPHRASE', 'NODATA', 'UNEXPECTED', 'ERROR', 'FAILURE', 'BADARMOR', 'KEYEXPIRED', 'KEYREVOKED', 'NO_SECKEY'];

/** In ansible-core's order (its base.yml), which is the order it finds the first bad one in. */
const CHECKED_SETTINGS: readonly CheckedSetting[] = [
  { name: 'CACHE_PLUGIN_TIMEOUT' },
  { name: 'COLLECTIONS_ON_ANSIBLE_VERSION_MISMATCH', choices: WARN_LEVELS },
  { name: 'LOG_VERBOSITY' },
  { name: 'DEFAULT_FORKS' },
  { name: 'DEFAULT_GATHERING', choices: ['implicit', 'explicit', 'smart'] },
  { name: 'DEFAULT_HASH_BEHAVIOUR', choices: ['replace', 'merge'] },
  { name: 'DEFAULT_POLL_INTERVAL' },
  { name: 'DEFAULT_REMOTE_PORT' },
  { name: 'DEFAULT_TIMEOUT' },
  { name: 'DEFAULT_VERBOSITY' },
  { name: 'DIFF_CONTEXT' },
  { name: 'DISPLAY_TRACEBACK', choices: ['error', 'warning', 'deprecated', 'deprecated_value', 'always', 'never'] },
  { name: 'DUPLICATE_YAML_DICT_KEY', choices: ['error', 'warn', 'ignore'] },
  { name: 'GALAXY_SERVER_TIMEOUT' },
  { name: 'GALAXY_IGNORE_INVALID_SIGNATURE_STATUS_CODES', choices: SIGNATURE_CODES },
  { name: 'HOST_PATTERN_MISMATCH', choices: WARN_LEVELS },
  { name: 'TRANSFORM_INVALID_GROUP_CHARS', choices: ['always', 'never', 'ignore', 'silently'] },
  { name: 'MAX_FILE_SIZE_FOR_DIFF' },
  { name: 'PERSISTENT_CONNECT_TIMEOUT' },
  { name: 'PERSISTENT_CONNECT_RETRY_TIMEOUT' },
  { name: 'PERSISTENT_COMMAND_TIMEOUT' },
  { name: 'PLAYBOOK_VARS_ROOT', choices: ['top', 'bottom', 'all'] },
  { name: 'RUN_VARS_PLUGINS', choices: ['demand', 'start'] },
  { name: 'SSH_AGENT_KEY_LIFETIME' },
  { name: 'TASK_TIMEOUT' },
  { name: 'WORKER_SHUTDOWN_POLL_COUNT' },
  { name: 'WIN_ASYNC_STARTUP_TIMEOUT' },
];

/** The first setting with a value ansible refuses, as ansible words it; undefined when all are valid. */
export function invalidConfigValue(config: AnsibleConfig): string | undefined {
  for (const s of CHECKED_SETTINGS) {
    // NOTE: ansible converts the text as written (a quoted number is no number), and unquotes a
    // text from the file (config.get does) before it compares it with the choices.
    const [type, , env, section, key] = CONFIG_SETTINGS[s.name] ?? [];
    if (!env) continue;
    const at = [env, section ?? '', key ?? ''] as const;
    const raw = config.raw(...at);
    if (raw === undefined) continue;
    if (!s.choices) {
      if (decimalWholeNumber(raw) !== undefined) continue;
      const from = config.origin(...at) === 'env' ? `env: ${env}` : config.file;
      // NOTE: the type as base.yml spells it: some settings are 'int', most 'integer'
      return `Config '${s.name}' from '${from}' has an invalid value: Invalid value provided for '${type ?? 'integer'}': ${pyRepr(raw)}`;
    }
    const text = config.get(...at) ?? raw;
    const value = type === 'list' ? text.split(',').map((item) => unquote(item.trim())) : text;
    const valid = Array.isArray(value) ? value.every((v) => s.choices?.includes(v)) : s.choices.includes(value);
    if (!valid) return `Invalid value ${pyRepr(value)} for config '${s.name}'. Valid values are: ${s.choices.join(', ')}`;
  }
  return undefined;
}

