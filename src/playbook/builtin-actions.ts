/**
 * The actions ansible-core 2.19 resolves without any collection installed: the modules of
 * ansible.builtin (`ansible-doc -t module -l` in the oracle) and its action-only plugins.
 * A task naming anything else fails at parse time, as 2.19 does when the name does not resolve.
 */
export const BUILTIN_MODULES: ReadonlySet<string> = new Set([
  'add_host', 'apt', 'apt_key', 'apt_repository', 'assemble', 'assert', 'async_status', 'blockinfile',
  'command', 'copy', 'cron', 'deb822_repository', 'debconf', 'debug', 'dnf', 'dnf5', 'dpkg_selections',
  'expect', 'fail', 'fetch', 'file', 'find', 'gather_facts', 'get_url', 'getent', 'git', 'group',
  'group_by', 'hostname', 'import_playbook', 'import_role', 'import_tasks', 'include_role',
  'include_tasks', 'include_vars', 'iptables', 'known_hosts', 'lineinfile', 'meta', 'mount_facts',
  'package', 'package_facts', 'pause', 'ping', 'pip', 'raw', 'reboot', 'replace', 'rpm_key', 'script',
  'service', 'service_facts', 'set_fact', 'set_stats', 'setup', 'shell', 'slurp', 'stat', 'subversion',
  'systemd', 'systemd_service', 'sysvinit', 'tempfile', 'template', 'unarchive', 'uri', 'user',
  'validate_argument_spec', 'wait_for', 'wait_for_connection', 'yum_repository',
]);

/** Names ansible-core routes to another builtin (ansible_builtin_runtime.yml). */
export const BUILTIN_REDIRECTS: ReadonlyMap<string, string> = new Map([['yum', 'dnf']]);

/** Names whose plugin 2.19 removed, with the words of its error. */
export const REMOVED_ACTIONS: ReadonlyMap<string, string> = new Map([
  [
    'include',
    "The 'ansible.builtin.include' action plugin has been removed. Use include_tasks or import_tasks instead. This feature was removed from ansible-core in a release after 2023-05-16.",
  ],
]);

/** Modules whose whole free-form text is the command (`check_raw` in ansible's parse_kv). */
export const FREE_FORM_ACTIONS: ReadonlySet<string> = new Set(['command', 'raw', 'script', 'shell', 'win_command', 'win_shell']);

const SYNTHETIC_PREFIXES = ['ansible.builtin.', 'ansible.legacy.'];

/**
 * The short name of a builtin action written as `x`, `ansible.builtin.x` or `ansible.legacy.x`;
 * undefined when it names no builtin.
 */
export function builtinActionName(written: string): string | undefined {
  let name = written;
  for (const prefix of SYNTHETIC_PREFIXES) {
    if (written.startsWith(prefix)) name = written.slice(prefix.length);
  }
  if (BUILTIN_MODULES.has(name) || BUILTIN_REDIRECTS.has(name) || REMOVED_ACTIONS.has(name)) return name;
  if (written === 'ansible.windows.win_command' || written === 'ansible.windows.win_shell') return written;
  return undefined;
}

export function isFreeFormAction(name: string): boolean {
  return FREE_FORM_ACTIONS.has(name) || name === 'ansible.windows.win_command' || name === 'ansible.windows.win_shell';
}

/**
 * Actions that take free-form text (`_raw_params`); any other action given words without `=`
 * fails when it runs ("Action 'ansible.builtin.debug' does not support raw params.").
 */
export const RAW_PARAM_ACTIONS: ReadonlySet<string> = new Set([
  ...FREE_FORM_ACTIONS,
  'include_vars', 'include_tasks', 'include_role', 'import_tasks', 'import_role', 'add_host', 'group_by', 'set_fact', 'meta',
]);

/** The fully qualified name 2.19 resolves a builtin to (what its messages print). */
export function builtinFqcn(action: string): string {
  return action.includes('.') ? action : `ansible.builtin.${action}`;
}
