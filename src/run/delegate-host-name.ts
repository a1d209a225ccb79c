import { pyTypeName, truthy, type Data } from '../core/data.js';
import { TaskError } from './task-error.js';

/**
 * The host a rendered delegate_to names, as 2.19's VariableManager takes it: an empty value
 * (None, '', 0, [] …) fails naming the keyword as written; a list or dict cannot be looked up in
 * the inventory (unhashable) and a number or boolean is no name (the lookup's regex refuses it).
 * NOTE: 2.19's values carry its origin tags, so the type names shown are those of its tagged
 * classes (bool cannot be subclassed, so it stays 'bool').
 */
export function delegateHostName(rendered: Data, written: string): string {
  if (!truthy(rendered)) throw new TaskError([{ message: `Empty hostname produced from delegate_to: "${written}"` }]);
  const type = pyTypeName(rendered);
  if (type === 'str') return String(rendered);
  const shown = type === 'bool' ? 'bool' : `_AnsibleTagged${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  if (type === 'list' || type === 'dict' || type === 'tuple') throw new TaskError([{ message: `unhashable type: '${shown}'` }]);
  throw new TaskError([{ message: `expected string or bytes-like object, got '${shown}'` }]);
}
