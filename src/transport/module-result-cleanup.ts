/**
 * What ansible-core's controller does to every module's result as it reads it (2.19's
 * _parse_returned_data and remove_internal_keys), before the action sees it.
 */
import { isDict, truthy } from '../core/data.js';
import type { ModuleResult } from '../run/transport.js';
import { normalizeException } from '../run/captured-exception.js';

export function cleanModuleResult(result: ModuleResult): ModuleResult {
  // NOTE: the summary's text is not the module's traceback: registered, it reads '(traceback unavailable)'.
  normalizeException(result);
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
