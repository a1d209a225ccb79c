/**
 * ansible-playbook's command-line options, as data: the parser, the --help text and the docs'
 * CLI reference are all generated from this table.
 */
export interface OptionSpec {
  /** Flags as argparse lists them in help (short first). */
  readonly flags: readonly string[];
  /** Destination key in the parsed options. */
  readonly dest: string;
  /** Metavar for options that take a value; absent for switches. */
  readonly metavar?: string;
  /** count (-v), append (-e, -i, -t), store, store_true. */
  readonly action: 'store' | 'store_true' | 'append' | 'count';
  readonly help: string;
  /** Help group: undefined = "options", else the group title. */
  readonly group?: 'Connection Options' | 'Privilege Escalation Options';
  /** Options that cannot be used together (shown as `[-k | --x X]` in usage). */
  readonly exclusiveWith?: string;
  /** argparse's converter name for values that must be integers (shown in its error). */
  readonly intType?: 'int' | 'tag_value';
}

export const GROUP_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Connection Options': 'control as whom and how to connect to hosts',
  'Privilege Escalation Options': 'control how and which user you become as on target hosts',
};

export const OPTIONS: readonly OptionSpec[] = [
  { flags: ['--become-password-file', '--become-pass-file'], dest: 'becomePasswordFile', metavar: 'BECOME_PASSWORD_FILE', action: 'store', help: 'Become password file' },
  { flags: ['--connection-password-file', '--conn-pass-file'], dest: 'connectionPasswordFile', metavar: 'CONNECTION_PASSWORD_FILE', action: 'store', help: 'Connection password file' },
  { flags: ['--flush-cache'], dest: 'flushCache', action: 'store_true', help: 'clear the fact cache for every host in inventory' },
  { flags: ['--force-handlers'], dest: 'forceHandlers', action: 'store_true', help: 'run handlers even if a task fails' },
  { flags: ['--list-hosts'], dest: 'listHosts', action: 'store_true', help: 'outputs a list of matching hosts; does not execute anything else' },
  { flags: ['--list-tags'], dest: 'listTags', action: 'store_true', help: 'list all available tags' },
  { flags: ['--list-tasks'], dest: 'listTasks', action: 'store_true', help: 'list all tasks that would be executed' },
  { flags: ['--skip-tags'], dest: 'skipTags', metavar: 'SKIP_TAGS', action: 'append', help: 'only run plays and tasks whose tags do not match these values. This argument may be specified multiple times.' },
  { flags: ['--start-at-task'], dest: 'startAtTask', metavar: 'START_AT_TASK', action: 'store', help: 'start the playbook at the task matching this name' },
  { flags: ['--step'], dest: 'step', action: 'store_true', help: 'one-step-at-a-time: confirm each task before running' },
  { flags: ['--syntax-check'], dest: 'syntaxCheck', action: 'store_true', help: 'perform a syntax check on the playbook, but do not execute it' },
  { flags: ['--vault-id'], dest: 'vaultIds', metavar: 'VAULT_IDS', action: 'append', help: 'the vault identity to use. This argument may be specified multiple times.' },
  { flags: ['--vault-password-file', '--vault-pass-file'], dest: 'vaultPasswordFiles', metavar: 'VAULT_PASSWORD_FILES', action: 'append', help: 'vault password file' },
  { flags: ['--version'], dest: 'version', action: 'store_true', help: "show program's version number, config file location, configured module search path, module location, executable location and exit" },
  { flags: ['-C', '--check'], dest: 'check', action: 'store_true', help: "don't make any changes; instead, try to predict some of the changes that may occur" },
  { flags: ['-D', '--diff'], dest: 'diff', action: 'store_true', help: 'when changing (small) files and templates, show the differences in those files; works great with --check' },
  { flags: ['-J', '--ask-vault-password', '--ask-vault-pass'], dest: 'askVaultPass', action: 'store_true', help: 'ask for vault password', exclusiveWith: 'vaultPasswordFiles' },
  { flags: ['-K', '--ask-become-pass'], dest: 'askBecomePass', action: 'store_true', help: 'ask for privilege escalation password', exclusiveWith: 'becomePasswordFile' },
  { flags: ['-M', '--module-path'], dest: 'modulePath', metavar: 'MODULE_PATH', action: 'append', help: 'prepend colon-separated path(s) to module library (default={{ ANSIBLE_HOME ~ "/plugins/modules:/usr/share/ansible/plugins/modules" }}). This argument may be specified multiple times.' },
  { flags: ['-e', '--extra-vars'], dest: 'extraVars', metavar: 'EXTRA_VARS', action: 'append', help: 'set additional variables as key=value or YAML/JSON, if filename prepend with @. This argument may be specified multiple times.' },
  { flags: ['-f', '--forks'], dest: 'forks', metavar: 'FORKS', action: 'store', intType: 'tag_value', help: 'specify number of parallel processes to use (default=5)' },
  { flags: ['-h', '--help'], dest: 'help', action: 'store_true', help: 'show this help message and exit' },
  { flags: ['-i', '--inventory', '--inventory-file'], dest: 'inventory', metavar: 'INVENTORY', action: 'append', help: 'specify inventory host path or comma separated host list. This argument may be specified multiple times.' },
  { flags: ['-k', '--ask-pass'], dest: 'askPass', action: 'store_true', help: 'ask for connection password', exclusiveWith: 'connectionPasswordFile' },
  { flags: ['-l', '--limit'], dest: 'limit', metavar: 'SUBSET', action: 'store', help: 'further limit selected hosts to an additional pattern' },
  { flags: ['-t', '--tags'], dest: 'tags', metavar: 'TAGS', action: 'append', help: 'only run plays and tasks tagged with these values. This argument may be specified multiple times.' },
  { flags: ['-v', '--verbose'], dest: 'verbose', action: 'count', help: 'Causes Ansible to print more debug messages. Adding multiple -v will increase the verbosity, the builtin plugins currently evaluate up to -vvvvvv. A reasonable level to start is -vvv, connection debugging might require -vvvv. This argument may be specified multiple times.' },
  { flags: ['--private-key', '--key-file'], dest: 'privateKey', metavar: 'PRIVATE_KEY_FILE', action: 'store', help: 'use this file to authenticate the connection', group: 'Connection Options' },
  { flags: ['--scp-extra-args'], dest: 'scpExtraArgs', metavar: 'SCP_EXTRA_ARGS', action: 'store', help: 'specify extra arguments to pass to scp only (e.g. -l)', group: 'Connection Options' },
  { flags: ['--sftp-extra-args'], dest: 'sftpExtraArgs', metavar: 'SFTP_EXTRA_ARGS', action: 'store', help: 'specify extra arguments to pass to sftp only (e.g. -f, -l)', group: 'Connection Options' },
  { flags: ['--ssh-common-args'], dest: 'sshCommonArgs', metavar: 'SSH_COMMON_ARGS', action: 'store', help: 'specify common arguments to pass to sftp/scp/ssh (e.g. ProxyCommand)', group: 'Connection Options' },
  { flags: ['--ssh-extra-args'], dest: 'sshExtraArgs', metavar: 'SSH_EXTRA_ARGS', action: 'store', help: 'specify extra arguments to pass to ssh only (e.g. -R)', group: 'Connection Options' },
  { flags: ['-T', '--timeout'], dest: 'timeout', metavar: 'TIMEOUT', action: 'store', intType: 'tag_value', help: 'override the connection timeout in seconds (default depends on connection)', group: 'Connection Options' },
  { flags: ['-c', '--connection'], dest: 'connection', metavar: 'CONNECTION', action: 'store', help: 'connection type to use (default=ssh)', group: 'Connection Options' },
  { flags: ['-u', '--user'], dest: 'user', metavar: 'REMOTE_USER', action: 'store', help: 'connect as this user (default=None)', group: 'Connection Options' },
  { flags: ['--become-method'], dest: 'becomeMethod', metavar: 'BECOME_METHOD', action: 'store', help: 'privilege escalation method to use (default=sudo), use `ansible-doc -t become -l` to list valid choices.', group: 'Privilege Escalation Options' },
  { flags: ['--become-user'], dest: 'becomeUser', metavar: 'BECOME_USER', action: 'store', help: 'run operations as this user (default=root)', group: 'Privilege Escalation Options' },
  { flags: ['-b', '--become'], dest: 'become', action: 'store_true', help: 'run operations with become (does not imply password prompting)', group: 'Privilege Escalation Options' },
];

/** The usage line's option order (argparse lists them in definition order of the real parser). */
export const USAGE_ORDER: readonly string[] = [
  '-h', '--version', '-v', '--private-key', '-u', '-c', '-T', '--ssh-common-args', '--sftp-extra-args',
  '--scp-extra-args', '--ssh-extra-args', '-k', '--force-handlers', '-b', '--become-method', '--become-user',
  '-K', '-t', '--skip-tags', '-C', '-D', '-i', '--list-hosts', '-l', '--flush-cache', '-e', '--vault-id', '-J',
  '-f', '-M', '--syntax-check', '--list-tasks', '--list-tags', '--step', '--start-at-task',
];
