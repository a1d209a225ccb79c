/**
 * The task's arguments as 2.19's callbacks see them in a result (result.task.args): templated, and,
 * for a module its action plugin runs with the task's own dict (the normal, command and shell
 * plugins), with what ActionBase._update_module_args adds to that dict for the module.
 * NOTE: the default callback shows these in a banner it prints from a result (display_args_to_stdout
 * with ok or skipped results hidden, the free strategy), so 2.19 lists the `_ansible_*` arguments there.
 */
import { truthy, type Data, type DataDict } from '../core/data.js';
import { toBool } from './keyword-values.js';
import { ANSIBLE_VERSION } from '../vars/ansible-version.js';
import type { VarSource } from '../template/api.js';
import type { ConnectionSpec } from './transport.js';
import { moduleGetsTaskTmp, remoteTmp, taskTmpBase } from './task-tmp-base.js';

/** 2.19's action plugins: a module run by one of these gets arguments the plugin makes itself. */
const OWN_ARGS_PLUGINS: ReadonlySet<string> = new Set([
  'add_host', 'assemble', 'assert', 'async_status', 'copy', 'debug', 'dnf', 'fail', 'fetch', 'gather_facts', 'group_by',
  'include_vars', 'package', 'pause', 'raw', 'reboot', 'script', 'service', 'set_fact', 'set_stats', 'template',
  'unarchive', 'uri', 'validate_argument_spec', 'wait_for_connection', 'yum', 'meta', 'include_tasks', 'include_role',
  'import_tasks', 'import_role',
]);
const COMMAND_PLUGINS: ReadonlySet<string> = new Set(['command', 'shell']);

export interface InternalArgsContext {
  readonly action: string;
  readonly actionWritten: string;
  readonly checkMode: boolean;
  readonly noLog: boolean;
  readonly diff: boolean;
  readonly verbosity: number;
  readonly vars: VarSource;
  readonly spec: ConnectionSpec | undefined;
}

/**
 * A result's args, made when a callback shows them (a banner printed with a result: rare) rather
 * than for every host and task.
 */
export type ShownArgs = () => DataDict;

export function shownArgs(make: () => DataDict): ShownArgs {
  let made: DataDict | undefined;
  return () => (made ??= make());
}

/** Arguments 2.19's action plugin pops off the task's own args dict as it runs, so its result's task lacks them. */
const POPPED_ARGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['set_fact', ['cacheable']],
  ['assemble', ['decrypt']],
]);

/**
 * NOTE: the task 2.19 hands back with a result has its templated args in sorted key order, less
 * what its action plugin popped off them.
 */
export function sortedArgs(args: DataDict, action: string): DataDict {
  const popped = POPPED_ARGS.get(action) ?? [];
  return new Map([...args].filter(([k]) => !popped.includes(String(k))).sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)));
}

/**
 * Plugins that hand the module the task's own dict on their remote_src path (the module does all
 * the work), each with what its run checks first; its module is named `ansible.legacy.<action>`.
 */
const REMOTE_SRC_PASSES: ReadonlyMap<string, (args: DataDict) => boolean> = new Map([
  ['assemble', (args: DataDict) => isSet(args.get('src')) && isSet(args.get('dest')) && (toBool(args.get('remote_src') ?? true) ?? false)],
  ['copy', (args: DataDict) => truthy(args.get('src') ?? null) && truthy(args.get('dest') ?? null) && !isSet(args.get('content')) && (toBool(args.get('remote_src')) ?? false)],
  ['uri', (args: DataDict) => toBool(args.get('remote_src')) ?? false],
]);

function isSet(value: Data | undefined): boolean {
  return value !== undefined && value !== null;
}

/** Whether the action hands the module the task's own argument dict (which then gets the internals). */
export function passesTaskArgs(action: string, args: DataDict): boolean {
  return COMMAND_PLUGINS.has(action) || !OWN_ARGS_PLUGINS.has(action) || (REMOTE_SRC_PASSES.get(action)?.(args) ?? false);
}

/** The task's templated args with the module's internal arguments after them, in 2.19's order. */
export function withModuleInternalArgs(args: DataDict, c: InternalArgsContext): DataDict {
  const out: DataDict = new Map(args);
  if (c.action === 'shell') out.set('_uses_shell', true);
  const fromVars = (name: string, fallback: Data): Data => (c.vars.has(name) ? (c.vars.get(name) as Data) : fallback);
  out.set('_ansible_check_mode', c.checkMode);
  out.set('_ansible_no_log', c.noLog);
  out.set('_ansible_debug', false);
  out.set('_ansible_diff', c.diff);
  out.set('_ansible_verbosity', c.verbosity);
  out.set('_ansible_version', ANSIBLE_VERSION);
  out.set('_ansible_module_name', COMMAND_PLUGINS.has(c.action) ? 'ansible.legacy.command' : REMOTE_SRC_PASSES.has(c.action) ? `ansible.legacy.${c.action}` : c.actionWritten);
  out.set('_ansible_syslog_facility', fromVars('ansible_syslog_facility', 'LOG_USER'));
  out.set('_ansible_selinux_special_fs', ['fuse', 'nfs', 'vboxsf', 'ramfs', '9p', 'vfat']);
  out.set('_ansible_socket', fromVars('ansible_socket', null));
  out.set('_ansible_shell_executable', fromVars('ansible_shell_executable', '/bin/sh'));
  out.set('_ansible_keep_remote_files', false);
  out.set('_ansible_tmpdir', moduleGetsTaskTmp(c.spec) ? remoteTmpDir(c.spec) : null);
  out.set('_ansible_remote_tmp', remoteTmp(c.spec));
  out.set('_ansible_ignore_unknown_opts', false);
  out.set('_ansible_target_log_info', null);
  out.set('_ansible_tracebacks_for', []);
  return out;
}

/** The per-task directory 2.19 makes (see taskTmpBase). NOTE: Volant makes none. */
function remoteTmpDir(spec: ConnectionSpec | undefined): string {
  const id = `${(Date.now() / 1000).toFixed(7)}-${process.pid}-${Math.floor(Math.random() * 1e15)}`;
  return `${taskTmpBase(spec)}/ansible-tmp-${id}/`;
}
