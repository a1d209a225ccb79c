import { isDict, truthy, type Data, type DataDict } from '../../core/data.js';

/** Result keys that survive no_log censoring (ansible's task_result._PRESERVE). */
const PRESERVE = ['attempts', 'changed', 'retries', '_ansible_no_log', 'exception', 'warnings', 'deprecations'];
/** Internal keys the callbacks still need (ansible's CLEAN_EXCEPTIONS). */
const CLEAN_EXCEPTIONS = new Set(['_ansible_verbose_always', '_ansible_item_label', '_ansible_no_log', '_ansible_verbose_override']);
const DELEGATED_VARS_KEPT = new Set(['ansible_host', 'ansible_port', 'ansible_user', 'ansible_connection']);

export const CENSORED_MESSAGE = "the output has been hidden due to the fact that 'no_log: true' was specified for this result";

const DEBUG_ACTIONS = new Set(['debug', 'ansible.builtin.debug', 'ansible.legacy.debug']);

export function isDebugAction(action: string): boolean {
  return DEBUG_ACTIONS.has(action);
}

function censor(result: DataDict): DataDict {
  const out: DataDict = new Map();
  for (const key of PRESERVE) if (result.has(key)) out.set(key, result.get(key) as Data);
  out.set('censored', CENSORED_MESSAGE);
  return out;
}

/** A deep copy with every `_ansible_*` key removed except `keep` (ansible's strip_internal_keys). */
export function stripInternalKeys(value: Data, keep: ReadonlySet<string> = new Set()): Data {
  if (Array.isArray(value)) return value.map((item) => stripInternalKeys(item, keep));
  if (!isDict(value)) return value;
  const out: DataDict = new Map();
  for (const [key, item] of value) {
    if (typeof key === 'string' && key.startsWith('_ansible_') && !keep.has(key)) continue;
    out.set(key, stripInternalKeys(item, keep));
  }
  return out;
}

/**
 * The result as ansible hands it to callbacks (`as_callback_task_result`): `failed`/`skipped`
 * dropped (the event says it), debug's `invocation` dropped, no_log results censored, internal
 * keys stripped but the few callbacks read. Applying it to an already-transformed result changes
 * nothing, so the runner may pass either form.
 */
export function callbackView(result: DataDict, action: string, taskNoLog: boolean): DataDict {
  const delegated = result.get('_ansible_delegated_vars');
  let view: DataDict;
  if (taskNoLog || truthy(result.get('_ansible_no_log'))) {
    view = censor(result);
    const results = result.get('results');
    if (Array.isArray(results) && results.length > 0) {
      view.set(
        'results',
        results.map((item) => (isDict(item) && truthy(item.get('_ansible_no_log')) ? censor(item) : item)),
      );
    }
  } else {
    const drop = isDebugAction(action) ? ['failed', 'skipped', 'invocation'] : ['failed', 'skipped'];
    view = new Map();
    for (const [key, value] of result) {
      if (typeof key === 'string' && drop.includes(key)) continue;
      view.set(key, value);
    }
    view = stripInternalKeys(view, CLEAN_EXCEPTIONS) as DataDict;
  }
  if (isDict(delegated)) {
    view.set('_ansible_delegated_vars', new Map([...delegated].filter(([k]) => typeof k === 'string' && DELEGATED_VARS_KEPT.has(k))));
  }
  return view;
}
