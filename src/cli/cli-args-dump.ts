/**
 * What 2.19's default callback shows at -vvvv as a playbook starts: the playbooks, then every
 * option of ansible-playbook that has a value (its CLIARGS, after the config file's defaults and
 * the option parser's own processing: paths made absolute, tags split and made unique, lists as
 * Python tuples), in the parser's order.
 */
import { resolve } from 'node:path';
import { pyRepr } from '../core/data.js';
import type { ParsedArgs } from './argv.js';
import { expandHome, type AnsibleConfig } from './config.js';

type Value = string | number | boolean | readonly string[] | undefined;

export function cliArgsLines(args: ParsedArgs, config: AnsibleConfig, cwd: string): string[] {
  const path = (p: string): string => resolve(cwd, expandHome(p));
  const text = (v: ParsedArgs[string]): string | undefined => (v === undefined || v === false ? undefined : String(v));
  const list = (v: ParsedArgs[string]): string[] => (v === undefined || v === false ? [] : Array.isArray(v) ? v : [String(v)]);
  const flag = (v: ParsedArgs[string]): boolean => v === true;
  const unique = (v: ParsedArgs[string]): string[] => [...new Set(list(v).flatMap((t) => t.split(',').map((s) => s.trim())))];
  const tags = unique(args.tags);
  // -M prepends each use's colon-separated paths to the list
  const modulePath = list(args.modulePath).reduce<string[]>((acc, p) => [...p.split(':').map(path), ...acc], []);
  const inventory = list(args.inventory).map((i) => (i.includes(',') ? i : path(i)));
  const entries: [string, Value][] = [
    ['verbosity', Number(args.verbose ?? 0)],
    ['private_key_file', args.privateKey !== undefined ? path(String(args.privateKey)) : config.path('ANSIBLE_PRIVATE_KEY_FILE', 'defaults', 'private_key_file', cwd)],
    ['remote_user', text(args.user) ?? config.get('ANSIBLE_REMOTE_USER', 'defaults', 'remote_user')],
    ['connection', text(args.connection) ?? config.get('ANSIBLE_TRANSPORT', 'defaults', 'transport') ?? 'ssh'],
    ['timeout', args.timeout === undefined ? undefined : Number(args.timeout)],
    ['ssh_common_args', text(args.sshCommonArgs)],
    ['sftp_extra_args', text(args.sftpExtraArgs)],
    ['scp_extra_args', text(args.scpExtraArgs)],
    ['ssh_extra_args', text(args.sshExtraArgs)],
    ['ask_pass', flag(args.askPass) || config.bool('ANSIBLE_ASK_PASS', 'defaults', 'ask_pass', false)],
    ['connection_password_file', args.connectionPasswordFile !== undefined ? path(String(args.connectionPasswordFile)) : config.path('ANSIBLE_CONNECTION_PASSWORD_FILE', 'defaults', 'connection_password_file', cwd)],
    ['force_handlers', flag(args.forceHandlers) || config.bool('ANSIBLE_FORCE_HANDLERS', 'defaults', 'force_handlers', false)],
    ['become', flag(args.become) || config.bool('ANSIBLE_BECOME', 'privilege_escalation', 'become', false)],
    ['become_method', text(args.becomeMethod) ?? config.get('ANSIBLE_BECOME_METHOD', 'privilege_escalation', 'become_method') ?? 'sudo'],
    ['become_user', text(args.becomeUser)],
    ['become_ask_pass', flag(args.askBecomePass) || config.bool('ANSIBLE_BECOME_ASK_PASS', 'privilege_escalation', 'become_ask_pass', false)],
    ['become_password_file', args.becomePasswordFile !== undefined ? path(String(args.becomePasswordFile)) : config.path('ANSIBLE_BECOME_PASSWORD_FILE', 'defaults', 'become_password_file', cwd)],
    ['tags', tags.length > 0 ? tags : ['all']],
    ['skip_tags', unique(args.skipTags)],
    ['check', flag(args.check)],
    ['diff', flag(args.diff)],
    ['inventory', inventory.length > 0 ? inventory : (config.pathList('ANSIBLE_INVENTORY', 'defaults', 'inventory', cwd) ?? ['/etc/ansible/hosts'])],
    ['listhosts', flag(args.listHosts)],
    ['subset', text(args.limit)],
    ['flush_cache', flag(args.flushCache)],
    ['extra_vars', list(args.extraVars).map((e) => (e.startsWith('@') ? `@${path(e.slice(1))}` : e))],
    ['vault_ids', list(args.vaultIds)],
    ['ask_vault_pass', flag(args.askVaultPass) || config.bool('ANSIBLE_ASK_VAULT_PASS', 'defaults', 'ask_vault_pass', false)],
    ['vault_password_files', list(args.vaultPasswordFiles).map(path)],
    ['forks', Number(args.forks ?? config.int('ANSIBLE_FORKS', 'defaults', 'forks', 5))],
    ['module_path', modulePath],
    ['syntax', flag(args.syntaxCheck)],
    ['listtasks', flag(args.listTasks)],
    ['listtags', flag(args.listTags)],
    ['step', flag(args.step)],
    ['start_at_task', text(args.startAtTask)],
  ];
  const lines = args.playbooks.length > 0 ? [`Positional arguments: ${args.playbooks.join(' ')}`] : [];
  for (const [name, value] of entries) {
    if (value === undefined || value === false || value === '' || value === 0 || (Array.isArray(value) && value.length === 0)) continue;
    lines.push(`${name}: ${shown(value)}`);
  }
  return lines;
}

/** Python's str() of the value: a tuple of reprs for a list, True for true. */
function shown(value: Exclude<Value, undefined>): string {
  if (typeof value === 'boolean') return 'True';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return value.length === 1 ? `(${pyRepr(value[0] as string)},)` : `(${value.map((v) => pyRepr(v)).join(', ')})`;
}
