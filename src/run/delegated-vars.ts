/**
 * A delegated result's `_ansible_delegated_vars`, as 2.19's TaskExecutor writes it: the delegate's
 * name, then every variable the connection, shell and (when the task becomes) become plugins could
 * read, each as the delegate's variables hold it (untemplated, None where unset), then whichever of
 * ansible_host/port/user/connection the delegate defines that no plugin listed. The callbacks read
 * the address from it (`h1 -> h2(address)`); a rescue sees all of it in ansible_failed_result.
 */
import { pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { VarSource } from '../template/api.js';

/** The variables each connection plugin's options read, in 2.19's order (config.get_plugin_vars). */
const CONNECTION_VARS: ReadonlyMap<string, readonly string[]> = new Map([
  ['local', ['ansible_local_become_success_timeout', 'ansible_local_become_strip_preamble', 'ansible_pipelining']],
  [
    'ssh',
    [
      'inventory_hostname', 'ansible_host', 'ansible_ssh_host', "delegated_vars['ansible_host']", "delegated_vars['ansible_ssh_host']",
      'ansible_host_key_checking', 'ansible_ssh_host_key_checking', 'ansible_password', 'ansible_ssh_pass', 'ansible_ssh_password',
      'ansible_ssh_password_mechanism', 'ansible_sshpass_prompt', 'ansible_ssh_args', 'ansible_ssh_common_args', 'ansible_ssh_executable',
      'ansible_sftp_executable', 'ansible_scp_executable', 'ansible_scp_extra_args', 'ansible_sftp_extra_args', 'ansible_ssh_extra_args',
      'ansible_ssh_retries', 'ansible_port', 'ansible_ssh_port', 'ansible_user', 'ansible_ssh_user', 'ansible_pipelining',
      'ansible_ssh_pipelining', 'ansible_private_key_file', 'ansible_ssh_private_key_file', 'ansible_private_key', 'ansible_ssh_private_key',
      'ansible_private_key_passphrase', 'ansible_ssh_private_key_passphrase', 'ansible_control_path', 'ansible_control_path_dir',
      'ansible_sftp_batch_mode', 'ansible_ssh_transfer_method', 'ansible_ssh_use_tty', 'ansible_ssh_timeout', 'ansible_ssh_pkcs11_provider',
      'ansible_ssh_verbosity',
    ],
  ],
  [
    'paramiko_ssh',
    [
      'inventory_hostname', 'ansible_host', 'ansible_ssh_host', 'ansible_paramiko_host', 'ansible_port', 'ansible_ssh_port',
      'ansible_paramiko_port', 'ansible_user', 'ansible_ssh_user', 'ansible_paramiko_user', 'ansible_password', 'ansible_ssh_pass',
      'ansible_ssh_password', 'ansible_paramiko_pass', 'ansible_paramiko_password', 'ansible_paramiko_use_rsa_sha2_algorithms',
      'ansible_paramiko_proxy_command', 'ansible_host_key_checking', 'ansible_ssh_host_key_checking', 'ansible_paramiko_host_key_checking',
      'ansible_ssh_timeout', 'ansible_paramiko_timeout', 'ansible_private_key_file', 'ansible_ssh_private_key_file',
      'ansible_paramiko_private_key_file',
    ],
  ],
]);

const SHELL_VARS: ReadonlyMap<string, readonly string[]> = new Map([
  ['sh', ['ansible_remote_tmp', 'ansible_common_remote_group', 'ansible_system_tmpdirs', 'ansible_async_dir', 'ansible_admin_users', 'ansible_shell_allow_world_readable_temp']],
  ['powershell', ['ansible_async_dir', 'ansible_remote_tmp']],
  ['cmd', ['ansible_async_dir', 'ansible_remote_tmp']],
]);

const BECOME_VARS: ReadonlyMap<string, readonly string[]> = new Map([
  ['sudo', ['ansible_become_user', 'ansible_sudo_user', 'ansible_become_exe', 'ansible_sudo_exe', 'ansible_become_flags', 'ansible_sudo_flags', 'ansible_become_password', 'ansible_become_pass', 'ansible_sudo_pass', 'ansible_sudo_chdir']],
  ['su', ['ansible_become_user', 'ansible_su_user', 'ansible_become_exe', 'ansible_su_exe', 'ansible_become_flags', 'ansible_su_flags', 'ansible_become_password', 'ansible_become_pass', 'ansible_su_pass', 'ansible_su_prompt_l10n']],
  ['runas', ['ansible_become_user', 'ansible_runas_user', 'ansible_become_flags', 'ansible_runas_flags', 'ansible_become_password', 'ansible_become_pass', 'ansible_runas_pass']],
]);

/** The names 2.19 loads these connection plugins by. */
const CONNECTION_ALIASES: ReadonlyMap<string, string> = new Map([['smart', 'ssh'], ['paramiko', 'paramiko_ssh']]);

/** Always copied when the delegate defines them: the callbacks show the delegation from these. */
const SHOWN = ['ansible_host', 'ansible_port', 'ansible_user', 'ansible_connection'] as const;

const shortName = (name: string): string => name.replace(/^ansible\.(builtin|legacy)\./, '');

export interface DelegationFacts {
  /** The delegate's name as delegate_to rendered it. */
  readonly delegate: string;
  /** The task's own host: 2.19 gives the delegate's variables this inventory_hostname. */
  readonly host: string;
  /** The delegate's variables (as 2.19's VariableManager gives them for the delegate). */
  readonly vars: VarSource;
  /** The connection plugin the task ran through. */
  readonly connection: string;
  /** The become plugin, when the task becomes (even where becoming the connected user runs none). */
  readonly becomeMethod?: string;
  /** The user a delegate without a user variable connects as (remote_user, -u, ansible.cfg). */
  readonly remoteUser?: string;
}

/** The variables' names, in the order 2.19 collects them from the plugins it loaded. */
function pluginVarNames(facts: DelegationFacts, shellType: string): string[] {
  const connection = shortName(facts.connection);
  const plugin = CONNECTION_ALIASES.get(connection) ?? connection;
  // winrm and psrp (Windows) never get as far as a result here: no variables listed for them
  const names = [...(CONNECTION_VARS.get(plugin) ?? [])];
  names.push(...(SHELL_VARS.get(shellType) ?? SHELL_VARS.get('sh') ?? []));
  if (facts.becomeMethod !== undefined) names.push(...(BECOME_VARS.get(shortName(facts.becomeMethod)) ?? []));
  return names;
}

export function delegatedVars(facts: DelegationFacts): DataDict {
  const { delegate, vars } = facts;
  // 2.19's PlayContext fills in an address, port and user the delegate's variables lack, so the
  // original host's are not inherited; those then read as the delegate's variables.
  const filled = new Map<string, Data>([['inventory_hostname', facts.host]]);
  const written = vars.get('ansible_connection');
  const transport = written === undefined || written === null ? 'ssh' : pyStr(written);
  const anyOf = (setting: string): string[] => [`ansible_${transport}_${setting}`, `ansible_ssh_${setting}`, `ansible_${setting}`];
  if (!anyOf('host').some((n) => vars.has(n))) filled.set('ansible_host', delegate);
  if (!anyOf('port').some((n) => vars.has(n))) filled.set('ansible_port', null);
  if (!anyOf('user').some((n) => vars.has(n) && truthy(vars.get(n) ?? null))) filled.set('ansible_user', facts.remoteUser ?? null);
  const has = (name: string): boolean => filled.has(name) || vars.has(name);
  const get = (name: string): Data => (filled.has(name) ? (filled.get(name) ?? null) : (vars.get(name) ?? null));

  const shellWritten = vars.get('ansible_shell_type');
  const shellType = typeof shellWritten === 'string' && SHELL_VARS.has(shellWritten) ? shellWritten : 'sh';

  const out: DataDict = new Map([['ansible_delegated_host', delegate]]);
  for (const name of pluginVarNames(facts, shellType)) if (!out.has(name)) out.set(name, get(name));
  for (const name of SHOWN) if (!out.has(name) && has(name)) out.set(name, get(name));
  return out;
}
