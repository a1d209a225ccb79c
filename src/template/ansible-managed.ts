/**
 * The `ansible_managed` value the template action and lookup give a template: ansible.cfg's
 * `ansible_managed` (DEFAULT_MANAGED_STR, deprecated in 2.19 but still read), with `{host}`,
 * `{uid}` and `{file}` filled in as str.format does and strftime applied with the template's mtime.
 */
import type { LookupEnvironment, TemplateWarning } from './api.js';
import { brokenDown, strftime } from './filters/ansible-python-strftime.js';

const DEFAULT = 'Ansible managed';

/** 2.19's deprecation of the setting (config/base.yml), shown when ansible.cfg sets it. */
export const MANAGED_STR_DEPRECATION = {
  name: 'DEFAULT_MANAGED_STR',
  why: 'The `ansible_managed` variable can be set just like any other variable, or a different variable can be used.',
  alternatives: 'Set the `ansible_managed` variable, or use any custom variable in templates.',
  version: '2.23',
} as const;

/**
 * 2.19 reads the setting again as the template lookup renders, and deprecates it a second time
 * naming the task's connection plugin (the delegate's when delegated); the template action does
 * not. Undefined when ansible.cfg does not set it.
 */
export function managedStrLookupDeprecation(lookup: LookupEnvironment | undefined, connection: string | undefined): TemplateWarning | undefined {
  if (lookup?.configRaw?.('', 'defaults', 'ansible_managed') === undefined) return undefined;
  const d = MANAGED_STR_DEPRECATION;
  return {
    kind: 'deprecation',
    message: `${d.name} option. Reason: ${d.why}\nAlternatives: ${d.alternatives}`,
    version: d.version,
    ...(connection === undefined ? {} : { plugin: `connection plugin '${connection}'` }),
  };
}

export function ansibleManaged(lookup: LookupEnvironment | undefined, fields: { host: string; uid: string; file: string }, mtimeMs: number): string {
  // NOTE: the setting has no environment variable, only its ansible.cfg entry.
  const format = lookup?.configRaw?.('', 'defaults', 'ansible_managed') ?? DEFAULT;
  if (format === DEFAULT) return format;
  // NOTE: 2.19 fills the fields with `{{ template_host }}` … and renders those later: the same text.
  const filled = format.replace(/\{\{|\}\}|\{(host|uid|file)\}/g, (m, name: 'host' | 'uid' | 'file' | undefined) => (name ? fields[name] : m[0] as string));
  return strftime(filled, brokenDown(Math.floor(mtimeMs / 1000), false));
}
