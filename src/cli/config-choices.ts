/**
 * Settings whose value must be one of a few words. ansible-core checks every one of them when it
 * loads its constants, before it reads the command line: a value outside the list (compared as
 * written, case and all; an empty one too) stops any run, even --version or --help.
 */
import { pyRepr } from '../core/data.js';
import { unquote } from '../playbook/parse-kv.js';
import type { AnsibleConfig } from './config.js';

interface ChoiceSetting {
  readonly name: string;
  readonly env: string;
  readonly section: string;
  readonly key: string;
  readonly choices: readonly string[];
  /** A comma-separated list, each item of which must be a choice. */
  readonly list?: boolean;
}

const WARN_LEVELS = ['error', 'warning', 'ignore'];

const CHOICE_SETTINGS: readonly ChoiceSetting[] = [
  { name: 'COLLECTIONS_ON_ANSIBLE_VERSION_MISMATCH', env: 'ANSIBLE_COLLECTIONS_ON_ANSIBLE_VERSION_MISMATCH', section: 'defaults', key: 'collections_on_ansible_version_mismatch', choices: WARN_LEVELS },
  { name: 'DEFAULT_GATHERING', env: 'ANSIBLE_GATHERING', section: 'defaults', key: 'gathering', choices: ['implicit', 'explicit', 'smart'] },
  { name: 'DEFAULT_HASH_BEHAVIOUR', env: 'ANSIBLE_HASH_BEHAVIOUR', section: 'defaults', key: 'hash_behaviour', choices: ['replace', 'merge'] },
  { name: 'DISPLAY_TRACEBACK', env: 'ANSIBLE_DISPLAY_TRACEBACK', section: 'defaults', key: 'display_traceback', choices: ['error', 'warning', 'deprecated', 'deprecated_value', 'always', 'never'], list: true },
  { name: 'DUPLICATE_YAML_DICT_KEY', env: 'ANSIBLE_DUPLICATE_YAML_DICT_KEY', section: 'defaults', key: 'duplicate_dict_key', choices: ['error', 'warn', 'ignore'] },
  {
    name: 'GALAXY_IGNORE_INVALID_SIGNATURE_STATUS_CODES', env: 'ANSIBLE_GALAXY_IGNORE_SIGNATURE_STATUS_CODES', section: 'galaxy', key: 'ignore_signature_status_codes', list: true,
    choices: ['EXPSIG', 'EXPKEYSIG', 'REVKEYSIG', 'BADSIG', 'ERRSIG', 'NO_PUBKEY', 'MISSING_PASSPHRASE', 'BAD_PASSPHRASE', 'NODATA', 'UNEXPECTED', 'ERROR', 'FAILURE', 'BADARMOR', 'KEYEXPIRED', 'KEYREVOKED', 'NO_SECKEY'],
  },
  { name: 'HOST_PATTERN_MISMATCH', env: 'ANSIBLE_HOST_PATTERN_MISMATCH', section: 'inventory', key: 'host_pattern_mismatch', choices: WARN_LEVELS },
  { name: 'TRANSFORM_INVALID_GROUP_CHARS', env: 'ANSIBLE_TRANSFORM_INVALID_GROUP_CHARS', section: 'defaults', key: 'force_valid_group_names', choices: ['always', 'never', 'ignore', 'silently'] },
  { name: 'PLAYBOOK_VARS_ROOT', env: 'ANSIBLE_PLAYBOOK_VARS_ROOT', section: 'defaults', key: 'playbook_vars_root', choices: ['top', 'bottom', 'all'] },
  { name: 'RUN_VARS_PLUGINS', env: 'ANSIBLE_RUN_VARS_PLUGINS', section: 'defaults', key: 'run_vars_plugins', choices: ['demand', 'start'] },
];

/** The first setting set to a value outside its choices, as ansible words it; undefined when all are valid. */
export function invalidConfigChoice(config: AnsibleConfig): string | undefined {
  for (const s of CHOICE_SETTINGS) {
    const text = config.get(s.env, s.section, s.key);
    if (text === undefined) continue;
    // NOTE: ansible unquotes each item of a list (config.get unquotes a text from the file).
    const value = s.list ? text.split(',').map((item) => unquote(item.trim())) : text;
    const valid = Array.isArray(value) ? value.every((v) => s.choices.includes(v)) : s.choices.includes(value);
    if (!valid) return `Invalid value ${pyRepr(value)} for config '${s.name}'. Valid values are: ${s.choices.join(', ')}`;
  }
  return undefined;
}
