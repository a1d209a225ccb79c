/**
 * A task: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data.
 * Recorded from the oracle's classes; `supported` is Volant's own flag.
 */
import { PyFloat } from '../core/data.js';
import type { KeywordSpec } from './keyword-spec.js';

export const TASK_KEYWORDS: readonly KeywordSpec[] = [
  { name: 'action', type: 'string', inherited: false, supported: true },
  { name: 'any_errors_fatal', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'args', type: 'dict', default: new Map(), inherited: false, supported: true },
  { name: 'async', type: 'int', default: 0, inherited: false, supported: true },
  { name: 'become', type: 'bool', defaultFrom: 'the command line (--become)', inherited: true, supported: true },
  { name: 'become_exe', type: 'string', defaultFrom: 'the command line (--become-exe)', inherited: true, supported: true },
  { name: 'become_flags', type: 'string', defaultFrom: 'the command line (--become-flags)', inherited: true, supported: true },
  { name: 'become_method', type: 'string', defaultFrom: 'the command line (--become-method)', inherited: true, supported: true },
  { name: 'become_user', type: 'string', defaultFrom: 'the command line (--become-user)', inherited: true, supported: true },
  { name: 'changed_when', type: 'list', default: [], inherited: false, supported: true },
  { name: 'check_mode', type: 'bool', defaultFrom: 'the command line (--check)', inherited: true, supported: true },
  { name: 'collections', type: 'list', default: [], inherited: true, supported: true },
  { name: 'connection', type: 'string', defaultFrom: 'the command line (--connection)', inherited: true, supported: true },
  { name: 'debugger', type: 'string', inherited: true, supported: true },
  { name: 'delay', type: 'float', default: new PyFloat(5), inherited: false, supported: true },
  { name: 'delegate_facts', type: 'bool', inherited: true, supported: true },
  { name: 'delegate_to', type: 'string', inherited: true, supported: true },
  { name: 'diff', type: 'bool', defaultFrom: 'the command line (--diff)', inherited: true, supported: true },
  { name: 'environment', type: 'list', inherited: true, supported: true },
  { name: 'failed_when', type: 'list', default: [], inherited: false, supported: true },
  { name: 'ignore_errors', type: 'bool', inherited: true, supported: true },
  { name: 'ignore_unreachable', type: 'bool', inherited: true, supported: true },
  { name: 'loop', type: 'list', inherited: false, supported: true },
  { name: 'loop_control', type: 'class', defaultFrom: 'an empty loop_control', inherited: false, supported: true },
  { name: 'module_defaults', type: 'list', inherited: true, supported: true },
  { name: 'name', type: 'string', default: "", inherited: false, supported: true },
  { name: 'no_log', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'notify', type: 'list', inherited: true, supported: true },
  { name: 'poll', type: 'int', defaultFrom: 'DEFAULT_POLL_INTERVAL (ansible.cfg), 15', inherited: false, supported: true },
  { name: 'port', type: 'int', inherited: true, supported: true },
  { name: 'register', type: 'string', inherited: false, supported: true },
  { name: 'remote_user', type: 'string', defaultFrom: 'the command line (--user)', inherited: true, supported: true },
  { name: 'retries', type: 'int', defaultFrom: '3 when until is set', inherited: false, supported: true },
  { name: 'run_once', type: 'bool', inherited: true, supported: true },
  { name: 'tags', type: 'list', default: [], inherited: true, supported: true },
  { name: 'throttle', type: 'int', default: 0, inherited: true, supported: true },
  { name: 'timeout', type: 'int', defaultFrom: 'TASK_TIMEOUT (ansible.cfg), 0', inherited: true, supported: true },
  { name: 'until', type: 'list', default: [], inherited: false, supported: true },
  { name: 'vars', type: 'dict', default: new Map(), inherited: false, supported: true },
  { name: 'when', type: 'list', default: [], inherited: true, supported: true },
];

/**
 * Task keys that are no FieldAttribute but that ansible-core's keyword docs list: resolved by
 * the action parser (module-args.ts) rather than stored as keywords.
 */
export const TASK_ACTION_KEYS: readonly KeywordSpec[] = [
  { name: 'local_action', type: 'string', inherited: false, supported: true },
  { name: 'with_<lookup>', type: 'list', inherited: false, supported: true },
];
