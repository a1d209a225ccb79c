/**
 * How to reach a host: ansible's connection variables (ansible_host, ansible_port, ansible_user …)
 * override task/play keywords, which override the command line, which overrides ansible.cfg.
 */
import { userInfo } from 'node:os';
import { pyStr, type Data } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { BecomeSpec, ConnectionSpec } from '../run/transport.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { toBool } from '../run/keyword-values.js';
import { keywordIntValue } from '../core/python-int.js';
import { DEFAULT_REMOTE_TMP } from '../run/task-tmp-base.js';
import type { ParsedArgs } from './argv.js';
import type { AnsibleConfig } from './config.js';
import type { CliPasswords } from './ask-passwords.js';
import { becomeLoadWarning, connectionLoadWarning, isBuiltinConnection } from './routed-plugins.js';

export interface ConnectionDefaults {
  readonly args: ParsedArgs;
  readonly config: AnsibleConfig;
  readonly templar: TemplateRenderer;
  /** ansible's implicit localhost has the address 127.0.0.1 rather than its name. */
  readonly isImplicitLocalhost?: (host: string) => boolean;
  /** -k / -K / --connection-password-file / --become-password-file: used when no variable sets one. */
  readonly passwords?: CliPasswords;
  /** Shows a warning at once (a plugin whose collection is not installed), as 2.19's loader does. */
  readonly warn?: (message: string) => void;
}

/** The become plugins ansible-core ships (runas is Windows-only; Volant refuses it when it runs). */
const BECOME_PLUGINS: ReadonlySet<string> = new Set(['sudo', 'su', 'runas']);

export function connectionSpecFor(host: string, vars: VarSource, step: TaskStep, d: ConnectionDefaults): ConnectionSpec {
  const value = (name: string): Data | undefined => {
    const v = vars.get(name);
    if (typeof v === 'string' && d.templar.isTemplate(v)) return d.templar.render(v, vars, {});
    return v;
  };
  /** The first of `names` set to something, as text: rendered (`text`) or as written (`rawText`). */
  const firstText =
    (read: (name: string) => Data | undefined) =>
    (...names: string[]): string | undefined => {
      for (const n of names) {
        const v = read(n);
        if (v !== undefined && v !== null) return pyStr(v);
      }
      return undefined;
    };
  const text = firstText(value);
  const rawText = firstText((name) => vars.get(name));
  const kw = (name: string): Data | undefined => {
    const k = step.folded.scalars.get(name);
    if (!k) return undefined;
    return typeof k.value === 'string' && d.templar.isTemplate(k.value) ? d.templar.render(k.value, vars, { origin: k.loc }) : k.value;
  };
  const args = d.args;
  const config = d.config;
  const connection = text('ansible_connection') ?? (kw('connection') as string | undefined) ?? (args.connection as string | undefined) ?? config.get('ANSIBLE_TRANSPORT', 'defaults', 'transport') ?? 'ssh';
  // NOTE: 2.19 loads the connection plugin for every task, so an unknown one fails the task (not the host).
  if (!isBuiltinConnection(connection)) {
    const warning = connectionLoadWarning(connection);
    if (warning !== undefined) d.warn?.(warning);
    throw new Error(`the connection plugin '${connection}' was not found`);
  }
  const portText = text('ansible_port', 'ansible_ssh_port') ?? (kw('port') !== undefined ? pyStr(kw('port') as Data) : undefined);
  const user = text('ansible_user', 'ansible_ssh_user') ?? (kw('remote_user') as string | undefined) ?? (args.user as string | undefined) ?? config.get('ANSIBLE_REMOTE_USER', 'defaults', 'remote_user');
  const become = toBool(value('ansible_become') ?? kw('become')) ?? (Boolean(args.become) || config.bool('ANSIBLE_BECOME', 'privilege_escalation', 'become', false));
  let becomeSpec: BecomeSpec | undefined;
  let becomeMethod: string | undefined;
  if (become) {
    const password = text('ansible_become_password', 'ansible_become_pass') ?? d.passwords?.become;
    const flags = text('ansible_become_flags') ?? (kw('become_flags') as string | undefined);
    const exe = text('ansible_become_exe') ?? (kw('become_exe') as string | undefined);
    // NOTE: become_method is a string keyword: 2.19 takes a number as its text ('5').
    const methodKw = kw('become_method');
    const written = text('ansible_become_method') ?? (methodKw === undefined || methodKw === null ? undefined : pyStr(methodKw)) ?? (args.becomeMethod as string | undefined) ?? config.get('ANSIBLE_BECOME_METHOD', 'privilege_escalation', 'become_method') ?? 'sudo';
    const method = written.replace(/^ansible\.(builtin|legacy)\./, '');
    becomeMethod = method;
    if (!BECOME_PLUGINS.has(method)) {
      const warning = becomeLoadWarning(written);
      if (warning !== undefined) d.warn?.(warning);
      throw new Error(`Invalid become method specified, could not find matching plugin: '${written}'. Use \`ansible-doc -t become -l\` to list available plugins.`);
    }
    const becomeUser = text('ansible_become_user') ?? (kw('become_user') as string | undefined) ?? (args.becomeUser as string | undefined) ?? config.get('ANSIBLE_BECOME_USER', 'privilege_escalation', 'become_user') ?? 'root';
    // NOTE: as 2.19's _low_level_execute_command: becoming the user the connection already is runs
    // no sudo/su at all (unless become_allow_same_user); the local connection is the user running us.
    const connectedAs = connection === 'local' ? userInfo().username : user;
    const allowSameUser = config.bool('ANSIBLE_BECOME_ALLOW_SAME_USER', 'privilege_escalation', 'become_allow_same_user', false);
    if (allowSameUser || becomeUser !== connectedAs) {
      becomeSpec = {
        method,
        user: becomeUser,
        ...(flags ? { flags } : {}),
        ...(exe ? { exe } : {}),
        ...(password ? { password } : {}),
      };
    }
  }
  const timeoutText = text('ansible_timeout', 'ansible_ssh_timeout') ?? (args.timeout as string | undefined) ?? config.get('ANSIBLE_TIMEOUT', 'defaults', 'timeout');
  const privateKey = text('ansible_ssh_private_key_file', 'ansible_private_key_file') ?? (args.privateKey as string | undefined) ?? config.get('ANSIBLE_PRIVATE_KEY_FILE', 'defaults', 'private_key_file');
  const common = text('ansible_ssh_common_args') ?? (args.sshCommonArgs as string | undefined) ?? config.get('ANSIBLE_SSH_COMMON_ARGS', 'ssh_connection', 'ssh_common_args');
  const extra = text('ansible_ssh_extra_args') ?? (args.sshExtraArgs as string | undefined) ?? config.get('ANSIBLE_SSH_EXTRA_ARGS', 'ssh_connection', 'ssh_extra_args');
  const sshArgs = text('ansible_ssh_args') ?? config.get('ANSIBLE_SSH_ARGS', 'ssh_connection', 'ssh_args');
  const fastKex = config.bool('VOLANT_SSH_FAST_KEX', 'ssh_connection', 'volant_fast_kex', true);
  const fastCiphers = config.bool('VOLANT_SSH_FAST_CIPHERS', 'ssh_connection', 'volant_fast_ciphers', true);
  const agentCodeCache = config.bool('VOLANT_AGENT_CODE_CACHE', 'defaults', 'volant_agent_code_cache', true);
  const password = text('ansible_password', 'ansible_ssh_pass', 'ansible_ssh_password') ?? d.passwords?.connection;
  const python = text('ansible_python_interpreter') ?? config.get('ANSIBLE_PYTHON_INTERPRETER', 'defaults', 'interpreter_python');
  const remoteTmp = text('ansible_remote_tmp') ?? config.get('ANSIBLE_REMOTE_TMP', 'defaults', 'remote_tmp') ?? config.get('ANSIBLE_REMOTE_TEMP', 'defaults', 'remote_tmp');
  const hostKeyChecking = toBool(value('ansible_host_key_checking') ?? value('ansible_ssh_host_key_checking')) ?? config.bool('ANSIBLE_HOST_KEY_CHECKING', 'defaults', 'host_key_checking', true);
  return {
    host,
    connection,
    // NOTE: the local connection reads no address, so 2.19 never templates ansible_host for it.
    address: (connection === 'local' ? rawText('ansible_host', 'ansible_ssh_host') : text('ansible_host', 'ansible_ssh_host')) ?? (d.isImplicitLocalhost?.(host) ? '127.0.0.1' : host),
    ...(portText ? { port: connectionInt(portText) } : {}),
    ...(user ? { user } : {}),
    ...(password ? { password } : {}),
    ...(privateKey ? { privateKeyFile: privateKey } : {}),
    ...(common ? { sshCommonArgs: common } : {}),
    ...(extra ? { sshExtraArgs: extra } : {}),
    ...(sshArgs ? { sshArgs } : {}),
    ...(fastKex ? {} : { fastKex }),
    ...(fastCiphers ? {} : { fastCiphers }),
    ...(agentCodeCache ? {} : { agentCodeCache }),
    hostKeyChecking,
    ...(python && python !== 'auto' && python !== 'auto_silent' && python !== 'auto_legacy' ? { pythonInterpreter: python } : {}),
    timeout: timeoutText ? connectionInt(timeoutText) || 10 : 10,
    ...(becomeSpec ? { become: becomeSpec } : {}),
    ...(becomeMethod !== undefined ? { becomeMethod } : {}),
    pipelining:
      toBool(value('ansible_pipelining') ?? value('ansible_ssh_pipelining')) ??
      config.bool('ANSIBLE_PIPELINING', 'connection', 'pipelining', config.bool('ANSIBLE_PIPELINING', 'ssh_connection', 'pipelining', false)),
    ...(remoteTmp !== undefined && remoteTmp !== DEFAULT_REMOTE_TMP ? { remoteTmp } : {}),
    useTty: toBool(value('ansible_ssh_use_tty')) ?? config.bool('ANSIBLE_SSH_USETTY', 'ssh_connection', 'usetty', true),
    shellExecutable: text('ansible_shell_executable') ?? config.get('ANSIBLE_EXECUTABLE', 'defaults', 'executable') ?? '/bin/sh',
    moduleCompression: config.get('ANSIBLE_MODULE_COMPRESSION', 'defaults', 'module_compression') ?? 'ZIP_DEFLATED',
  };
}

/**
 * A connection option of type int as 2.19's ensure_type reads it (Decimal: Unicode digits, '22.0');
 * the task checks refused what does not convert, so parseInt's reading only stands in for those.
 */
function connectionInt(text: string): number {
  try {
    return keywordIntValue(text);
  } catch {
    return Number.parseInt(text, 10);
  }
}
