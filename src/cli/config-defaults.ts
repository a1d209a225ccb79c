/**
 * The ansible.cfg / ANSIBLE_* settings that are defaults of command-line options, as
 * ansible-playbook's option parser takes them: `verbosity`, which each -v adds to (argparse counts
 * up from the default), `[diff] always` turning --diff on, and `[tags] run` / `[tags] skip`, which
 * --tags / --skip-tags add to (argparse appends to a list default).
 */
import type { AnsibleConfig } from './config.js';
import type { ParsedArgs } from './argv.js';
import type { DuplicateKeyBehavior } from '../yaml/load-yaml.js';

export function withConfigDefaults(args: ParsedArgs, config: AnsibleConfig): ParsedArgs {
  const out: ParsedArgs = { ...args };
  const verbosity = config.int('ANSIBLE_VERBOSITY', 'defaults', 'verbosity', 0);
  // NOTE: argparse counts each -v up from the configured value, a negative one too (-1 and -v is 0).
  if (verbosity !== 0) out.verbose = verbosity + Number(out.verbose ?? 0);
  if (!out.diff && config.bool('ANSIBLE_DIFF_ALWAYS', 'diff', 'always', false)) out.diff = true;
  const runTags = config.get('ANSIBLE_RUN_TAGS', 'tags', 'run');
  if (runTags) out.tags = [runTags, ...listOf(out.tags)];
  const skipTags = config.get('ANSIBLE_SKIP_TAGS', 'tags', 'skip');
  if (skipTags) out.skipTags = [skipTags, ...listOf(out.skipTags)];
  return out;
}

/**
 * The configured values ansible-playbook's --help shows as options' defaults (2.19 writes
 * `(default=…)` from its settings, as Python's str prints them: an unset user is None).
 */
export function helpDefaults(config: AnsibleConfig): Record<string, string> {
  return {
    forks: String(config.int('ANSIBLE_FORKS', 'defaults', 'forks', 5)),
    connection: config.get('ANSIBLE_TRANSPORT', 'defaults', 'transport') ?? 'ssh',
    user: config.get('ANSIBLE_REMOTE_USER', 'defaults', 'remote_user') ?? 'None',
    becomeMethod: config.get('ANSIBLE_BECOME_METHOD', 'privilege_escalation', 'become_method') ?? 'sudo',
    becomeUser: config.get('ANSIBLE_BECOME_USER', 'privilege_escalation', 'become_user') ?? 'root',
  };
}

function listOf(value: ParsedArgs[string]): string[] {
  if (value === undefined || value === false) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/** duplicate_dict_key: `warn`, `error` or `ignore` (any case); another value keeps the default. */
export function duplicateKeyBehavior(value: string | undefined): DuplicateKeyBehavior {
  const v = value?.trim().toLowerCase();
  return v === 'error' || v === 'ignore' ? v : 'warn';
}
