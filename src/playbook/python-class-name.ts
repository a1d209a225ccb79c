import type { Data } from '../core/data.js';
import { PyFloat, UnsafeString, VaultString } from '../core/data.js';

/**
 * `<class '…'>` of a value as ansible-core 2.19 names it in parse errors. NOTE: values read from
 * YAML carry Ansible's origin tags, so their classes are the tagged subclasses; bool and None
 * cannot be tagged.
 */
export function pythonClassName(value: Data | undefined, tagged = true): string {
  const inner = (name: string, taggedName: string): string =>
    `<class '${tagged ? `ansible.module_utils._internal._datatag.${taggedName}` : name}'>`;
  if (value === null || value === undefined) return "<class 'NoneType'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number') return inner('int', '_AnsibleTaggedInt');
  if (value instanceof PyFloat) return inner('float', '_AnsibleTaggedFloat');
  if (value instanceof VaultString) return "<class 'ansible._internal._datatag._tags.EncryptedString'>";
  if (typeof value === 'string' || value instanceof UnsafeString) return inner('str', '_AnsibleTaggedStr');
  if (Array.isArray(value)) return inner('list', '_AnsibleTaggedList');
  return inner('dict', '_AnsibleTaggedDict');
}
