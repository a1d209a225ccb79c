/**
 * How gathered facts become variables (ansible's vars/clean.py): all of them under
 * `ansible_facts` without their `ansible_` prefix, and — with INJECT_FACTS_AS_VARS — the facts
 * as top-level names, minus those that could hijack a connection or an internal variable.
 */
import type { Data, DataDict } from '../core/data.js';

const MAGIC_VARIABLE_NAMES = [
  'ansible_connection', 'ansible_module_compression', 'ansible_shell_type', 'ansible_shell_executable',
  'ansible_ssh_host', 'ansible_host', 'ansible_ssh_user', 'ansible_user', 'ansible_ssh_pass', 'ansible_password',
  'ansible_ssh_port', 'ansible_port', 'ansible_ssh_pipelining', 'ansible_pipelining', 'ansible_ssh_timeout',
  'ansible_timeout', 'ansible_ssh_private_key_file', 'ansible_private_key_file', 'ansible_network_os',
  'ansible_connection_user', 'ansible_ssh_executable', 'ansible_ssh_common_args', 'ansible_sftp_extra_args',
  'ansible_scp_extra_args', 'ansible_ssh_extra_args', 'ansible_ssh_transfer_method', 'ansible_docker_extra_args',
  'ansible_become', 'ansible_become_method', 'ansible_become_user', 'ansible_become_password', 'ansible_become_pass',
  'ansible_become_exe', 'ansible_become_flags',
];
const COMMON_CONNECTION_VARS = [
  'ansible_connection', 'ansible_host', 'ansible_user', 'ansible_shell_executable', 'ansible_port', 'ansible_pipelining',
  'ansible_password', 'ansible_timeout', 'ansible_shell_type', 'ansible_module_compression', 'ansible_private_key_file',
];
const RESTRICTED = ['ansible_rsync_path', 'ansible_playbook_python', 'ansible_facts', 'add_host', 'add_group'];
const REMOVED: ReadonlySet<string> = new Set([...MAGIC_VARIABLE_NAMES, ...COMMON_CONNECTION_VARS, ...RESTRICTED]);
/** ansible-core's own connection plugins: `ansible_<name>_*` facts are dropped. */
const CONNECTION_PREFIX = /^ansible_(?:local|paramiko_ssh|psrp|ssh|winrm)_/;
const INTERPRETER = /^ansible_.*_interpreter$/;

/**
 * The facts safe to inject as top-level variables, and the warnings ansible prints
 * ("Removed restricted key from module data: …").
 */
export function cleanFacts(facts: DataDict): { facts: DataDict; warnings: string[] } {
  const out: DataDict = new Map();
  const warnings: string[] = [];
  for (const [key, value] of facts) {
    const name = String(key);
    const restricted =
      REMOVED.has(name) ||
      (CONNECTION_PREFIX.test(name) && !name.endsWith('_bridge') && !name.endsWith('_gwbridge')) ||
      name.startsWith('ansible_become_') ||
      INTERPRETER.test(name);
    // NOTE: ansible collects ssh host-key facts as restricted but never deletes them.
    if (restricted && !name.startsWith('ansible_ssh_host_key_')) {
      warnings.push(`Removed restricted key from module data: ${name}`);
      continue;
    }
    if (name.startsWith('_ansible_')) continue;
    out.set(key, value);
  }
  return { facts: out, warnings };
}

/** `ansible_facts`: every fact, `ansible_` prefix removed (except `ansible_local`). */
export function namespaceFacts(facts: DataDict): DataDict {
  const out: DataDict = new Map();
  for (const [key, value] of facts) {
    const name = String(key);
    out.set(name.startsWith('ansible_') && name !== 'ansible_local' ? name.slice(8) : key, value as Data);
  }
  return out;
}
