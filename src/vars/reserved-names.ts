/**
 * Names ansible-core 2.19 reserves (its get_reserved_names(): the template globals and every
 * Play, Role, Block and Task keyword, `gather_subset` excepted). A variable with one of these
 * names works, but 2.19 warns "Found variable using reserved name …" where it was written.
 * Listed from ansible.vars.reserved._RESERVED_NAMES in the oracle.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'action', 'always', 'any_errors_fatal', 'args', 'async', 'async_val', 'become', 'become_exe', 'become_flags',
  'become_method', 'become_user', 'block', 'changed_when', 'check_mode', 'collections', 'connection', 'cycler',
  'debugger', 'delay', 'delegate_facts', 'delegate_to', 'dict', 'diff', 'environment', 'fact_path', 'failed_when',
  'force_handlers', 'gather_facts', 'gather_timeout', 'handlers', 'hosts', 'ignore_errors', 'ignore_unreachable',
  'joiner', 'lipsum', 'local_action', 'lookup', 'loop', 'loop_control', 'loop_with', 'max_fail_percentage',
  'module_defaults', 'name', 'namespace', 'no_log', 'notify', 'now', 'omit', 'order', 'poll', 'port', 'post_tasks',
  'pre_tasks', 'q', 'query', 'range', 'register', 'remote_user', 'rescue', 'retries', 'roles', 'run_once', 'serial',
  'strategy', 'tags', 'tasks', 'throttle', 'timeout', 'undef', 'until', 'vars', 'vars_files', 'vars_prompt', 'when',
  'with_',
]);
