/**
 * The `ansible_managed` value the template action and lookup give a template: ansible.cfg's
 * `ansible_managed` (DEFAULT_MANAGED_STR, deprecated in 2.19 but still read), with `{host}`,
 * `{uid}` and `{file}` filled in as str.format does and strftime applied with the template's mtime.
 */
import type { LookupEnvironment } from './api.js';
import { brokenDown, strftime } from './filters/ansible-python-strftime.js';

const DEFAULT = 'Ansible managed';

export function ansibleManaged(lookup: LookupEnvironment | undefined, fields: { host: string; uid: string; file: string }, mtimeMs: number): string {
  // NOTE: the setting has no environment variable, only its ansible.cfg entry.
  const format = lookup?.configRaw?.('', 'defaults', 'ansible_managed') ?? DEFAULT;
  if (format === DEFAULT) return format;
  // NOTE: 2.19 fills the fields with `{{ template_host }}` … and renders those later: the same text.
  const filled = format.replace(/\{\{|\}\}|\{(host|uid|file)\}/g, (m, name: 'host' | 'uid' | 'file' | undefined) => (name ? fields[name] : m[0] as string));
  return strftime(filled, brokenDown(Math.floor(mtimeMs / 1000), false));
}
