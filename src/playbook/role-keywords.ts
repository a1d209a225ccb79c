/**
 * An entry of a play's `roles:` list: every keyword ansible-core 2.19 accepts there (its FieldAttributes), as data.
 * Recorded from the oracle's classes; `supported` is Volant's own flag.
 */
import type { KeywordSpec } from './keyword-spec.js';

export const ROLE_KEYWORDS: readonly KeywordSpec[] = [
  { name: 'any_errors_fatal', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'become', type: 'bool', defaultFrom: 'the command line (--become)', inherited: true, supported: true },
  { name: 'become_exe', type: 'string', defaultFrom: 'the command line (--become-exe)', inherited: true, supported: true },
  { name: 'become_flags', type: 'string', defaultFrom: 'the command line (--become-flags)', inherited: true, supported: true },
  { name: 'become_method', type: 'string', defaultFrom: 'the command line (--become-method)', inherited: true, supported: true },
  { name: 'become_user', type: 'string', defaultFrom: 'the command line (--become-user)', inherited: true, supported: true },
  { name: 'check_mode', type: 'bool', defaultFrom: 'the command line (--check)', inherited: true, supported: true },
  { name: 'collections', type: 'list', default: [], inherited: true, supported: true },
  { name: 'connection', type: 'string', defaultFrom: 'the command line (--connection)', inherited: true, supported: true },
  { name: 'debugger', type: 'string', inherited: true, supported: true },
  { name: 'delegate_facts', type: 'bool', inherited: true, supported: true },
  { name: 'delegate_to', type: 'string', inherited: true, supported: true },
  { name: 'diff', type: 'bool', defaultFrom: 'the command line (--diff)', inherited: true, supported: true },
  { name: 'environment', type: 'list', inherited: true, supported: true },
  { name: 'ignore_errors', type: 'bool', inherited: true, supported: true },
  { name: 'ignore_unreachable', type: 'bool', inherited: true, supported: true },
  { name: 'module_defaults', type: 'list', inherited: true, supported: true },
  { name: 'name', type: 'string', default: "", inherited: false, supported: true },
  { name: 'no_log', type: 'bool', default: false, inherited: true, supported: true },
  { name: 'port', type: 'int', inherited: true, supported: true },
  { name: 'remote_user', type: 'string', defaultFrom: 'the command line (--user)', inherited: true, supported: true },
  { name: 'role', type: 'string', inherited: false, supported: true },
  { name: 'run_once', type: 'bool', inherited: true, supported: true },
  { name: 'tags', type: 'list', default: [], inherited: true, supported: true },
  { name: 'throttle', type: 'int', default: 0, inherited: true, supported: true },
  { name: 'timeout', type: 'int', default: 0, inherited: true, supported: true },
  { name: 'vars', type: 'dict', default: new Map(), inherited: false, supported: true },
  { name: 'when', type: 'list', default: [], inherited: true, supported: true },
];
