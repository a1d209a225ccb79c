/**
 * What ansible-core's controller does to every module's result as it reads it (2.19's
 * _parse_returned_data and remove_internal_keys), before the action sees it.
 */
import { isDict, pyStr, truthy, type Data } from '../core/data.js';
import type { ModuleResult } from '../run/transport.js';
import { normalizeException } from '../run/captured-exception.js';

export function cleanModuleResult(result: ModuleResult): ModuleResult {
  // NOTE: the summary's text is not the module's traceback: registered, it reads '(traceback unavailable)'.
  normalizeException(result);
  removeInternalKeys(result);
  // The controller marks what it read as a module's JSON; the mark stays out of every view but the
  // rescue's ansible_failed_result.
  result.set('_ansible_parsed', true);
  for (const key of ['warnings', 'deprecations']) {
    if (result.has(key) && !truthy(result.get(key) ?? null)) result.delete(key);
  }
  // Interpreter discovery's facts may come from actions only, never from a module.
  const facts = result.get('ansible_facts');
  if (isDict(facts)) {
    for (const key of [...facts.keys()]) {
      if (typeof key === 'string' && (key.startsWith('discovered_interpreter_') || key.startsWith('ansible_discovered_interpreter_'))) facts.delete(key);
    }
  }
  return result;
}

/** Keys only the controller may put in a result (add_host's and group_by's). */
const INTERNAL_RESULT_KEYS = new Set(['add_host', 'add_group']);

/**
 * A module may not return the controller's own keys: 2.19 drops each with a warning, which joins
 * the result's warnings before the module's own.
 */
function removeInternalKeys(result: ModuleResult): void {
  const warnings: Data[] = [];
  for (const key of [...result.keys()]) {
    if (typeof key !== 'string') continue;
    if ((key.startsWith('_ansible_') && key !== '_ansible_parsed') || INTERNAL_RESULT_KEYS.has(key)) {
      warnings.push(`Removed unexpected internal key in module return: ${key} = ${pyStr(result.get(key))}`);
      result.delete(key);
    }
  }
  if (warnings.length === 0) return;
  const own = result.get('warnings');
  result.set('warnings', Array.isArray(own) ? [...warnings, ...own] : own === undefined || own === null ? warnings : [...warnings, own]);
}
