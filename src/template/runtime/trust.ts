/**
 * Trust, as ansible-core 2.19 has it: only text written in playbooks, inventories and vars files
 * is rendered as a template when read. Values a template, module or lookup produced (loop items,
 * registered results, set_fact values, facts) are data, even when they contain `{{`.
 *
 * The engine renders strings found in variables unless told otherwise. Callers that store
 * produced values mark them with `untrusted()`: a string becomes an UnsafeString; a list or dict
 * is remembered (by identity, without copying) so nothing inside it is ever rendered.
 */
import { UnsafeString, type Data } from '../../core/data.js';

const untrustedContainers = new WeakSet<object>();

export function untrusted<T extends Data>(value: T): T | UnsafeString {
  if (typeof value === 'string') return new UnsafeString(value);
  if (Array.isArray(value) || value instanceof Map) untrustedContainers.add(value);
  return value;
}

export function isUntrustedContainer(value: object): boolean {
  return untrustedContainers.has(value);
}
