/**
 * Settings ansible-core 2.19 deprecates (its config/base.yml): setting one, by environment or
 * ansible.cfg, prints a deprecation when the run starts, in the order ansible defines them.
 */
import type { DeprecationEvent } from '../run/events.js';
import type { AnsibleConfig } from './config.js';
import { MANAGED_STR_DEPRECATION } from '../template/ansible-managed.js';

interface DeprecatedSetting {
  readonly name: string;
  readonly env?: string;
  readonly ini: readonly [section: string, key: string];
  readonly why: string;
  readonly alternatives?: string;
  readonly version: string;
}

const NO_LONGER_USED = 'This option is no longer used in the Ansible Core code base.';
const NO_ALTERNATIVE = 'There is no alternative at the moment. A different mechanism would have to be implemented in the current code base.';
const MOVED = 'This option was moved to the plugin itself';
const USE_PLUGIN_OPTION = 'Use the option from the plugin itself.';

const DEPRECATED_SETTINGS: readonly DeprecatedSetting[] = [
  { name: 'ANSIBLE_CONNECTION_PATH', env: 'ANSIBLE_CONNECTION_PATH', ini: ['persistent_connection', 'ansible_connection_path'], why: 'This setting has no effect.', version: '2.22' },
  { name: 'DEFAULT_ALLOW_UNSAFE_LOOKUPS', ini: ['defaults', 'allow_unsafe_lookups'], why: NO_LONGER_USED, alternatives: 'Lookup plugins are responsible for tagging strings containing templates to allow evaluation as a template.', version: '2.23' },
  { name: 'DEFAULT_JINJA2_EXTENSIONS', env: 'ANSIBLE_JINJA2_EXTENSIONS', ini: ['defaults', 'jinja2_extensions'], why: 'Jinja2 extensions have been deprecated', alternatives: 'Ansible-supported Jinja plugins (tests, filters, lookups)', version: '2.23' },
  { name: 'DEFAULT_JINJA2_NATIVE', env: 'ANSIBLE_JINJA2_NATIVE', ini: ['defaults', 'jinja2_native'], why: NO_LONGER_USED, alternatives: 'Jinja2 native mode is now the default and only option.', version: '2.23' },
  { name: 'DEFAULT_LIBVIRT_LXC_NOSECLABEL', env: 'ANSIBLE_LIBVIRT_LXC_NOSECLABEL', ini: ['selinux', 'libvirt_lxc_noseclabel'], why: MOVED, alternatives: USE_PLUGIN_OPTION, version: '2.22' },
  { ...MANAGED_STR_DEPRECATION, ini: ['defaults', 'ansible_managed'] },
  { name: 'DEFAULT_NULL_REPRESENTATION', env: 'ANSIBLE_NULL_REPRESENTATION', ini: ['defaults', 'null_representation'], why: NO_LONGER_USED, alternatives: NO_ALTERNATIVE, version: '2.23' },
  { name: 'DEFAULT_UNDEFINED_VAR_BEHAVIOR', env: 'ANSIBLE_ERROR_ON_UNDEFINED_VARS', ini: ['defaults', 'error_on_undefined_vars'], why: NO_LONGER_USED, alternatives: NO_ALTERNATIVE, version: '2.23' },
  { name: 'PARAMIKO_HOST_KEY_AUTO_ADD', env: 'ANSIBLE_PARAMIKO_HOST_KEY_AUTO_ADD', ini: ['paramiko_connection', 'host_key_auto_add'], why: MOVED, alternatives: USE_PLUGIN_OPTION, version: '2.20' },
  { name: 'PARAMIKO_LOOK_FOR_KEYS', env: 'ANSIBLE_PARAMIKO_LOOK_FOR_KEYS', ini: ['paramiko_connection', 'look_for_keys'], why: MOVED, alternatives: USE_PLUGIN_OPTION, version: '2.20' },
  { name: 'STRING_TYPE_FILTERS', env: 'ANSIBLE_STRING_TYPE_FILTERS', ini: ['jinja2', 'dont_type_filters'], why: 'This option has no effect.', alternatives: 'None; native types returned from filters are always preserved.', version: '2.23' },
];

/** The deprecations of the deprecated settings this run sets. */
export function configDeprecations(config: Pick<AnsibleConfig, 'get'>): DeprecationEvent[] {
  return DEPRECATED_SETTINGS.filter((s) => config.get(s.env ?? '', ...s.ini) !== undefined).map((s) => ({
    message: `${s.name} option. Reason: ${s.why}\nAlternatives: ${s.alternatives ?? 'none'}`,
    version: s.version,
    collection: 'ansible.builtin',
  }));
}
