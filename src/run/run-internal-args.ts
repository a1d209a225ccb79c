import type { DataDict } from '../core/data.js';
import { ANSIBLE_VERSION } from '../vars/ansible-version.js';

/**
 * A module's arguments with what 2.19 hands every module about the run: its verbosity and the
 * ansible-core version (AnsibleModule keeps them as `_verbosity` and `ansible_version`).
 */
export function withRunInternalArgs(args: DataDict, verbosity: number): DataDict {
  const out: DataDict = new Map(args);
  out.set('_ansible_verbosity', verbosity);
  out.set('_ansible_version', ANSIBLE_VERSION);
  return out;
}
