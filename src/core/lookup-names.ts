/**
 * Lookup names as ansible-core 2.19 knows them, shared by the loader (`with_<name>` is a loop only
 * when <name> is a lookup; any other `with_` key is an unknown task attribute) and the template
 * stage (which registers the builtin ones; a unit test there keeps the two lists equal).
 */
import { missingCollectionWarning } from './missing-collection-warning.js';

export const BUILTIN_LOOKUP_NAMES: readonly string[] = [
  'config', 'csvfile', 'dict', 'env', 'file', 'fileglob', 'first_found', 'indexed_items', 'ini',
  'inventory_hostnames', 'items', 'lines', 'list', 'nested', 'password', 'pipe', 'random_choice',
  'sequence', 'subelements', 'template', 'together', 'unvault', 'url', 'varnames', 'vars',
];

const NAMES: ReadonlySet<string> = new Set(BUILTIN_LOOKUP_NAMES);

const shortName = (name: string): string => name.replace(/^ansible\.(builtin|legacy)\./, '');

/** A lookup 2.19 ships, by its short, `ansible.builtin.` or `ansible.legacy.` name. */
export function isBuiltinLookupName(name: string): boolean {
  return NAMES.has(shortName(name));
}

/**
 * Builtin lookup names 2.19 routes to collections (its ansible_builtin_runtime.yml): looking one up
 * when the collection is not installed warns before the lookup is reported missing.
 */
const ROUTED_TO: Readonly<Record<string, readonly string[]>> = {
  'community.general': [
    'cartesian', 'chef_databag', 'consul_kv', 'credstash', 'cyberarkpassword', 'dig', 'dnstxt', 'etcd', 'filetree',
    'flattened', 'hiera', 'keyring', 'lastpass', 'lmdb_kv', 'manifold', 'nios', 'nios_next_ip', 'nios_next_network',
    'onepassword', 'onepassword_raw', 'passwordstore', 'redis', 'shelvefile',
  ],
  'community.network': ['avi'],
  'cyberark.conjur': ['conjur_variable'],
  'community.google': ['gcp_storage_file'],
  'community.hashi_vault': ['hashi_vault'],
  'community.rabbitmq': ['rabbitmq'],
  'community.grafana': ['grafana_dashboard'],
  'kubernetes.core': ['openshift', 'k8s'],
  'community.mongodb': ['mongodb'],
  'community.windows': ['laps_password'],
  'amazon.aws': ['aws_account_attribute', 'aws_secret', 'aws_service_ip_ranges', 'aws_ssm'],
  'community.skydive': ['skydive'],
  'wti.remote': ['cpm_metering', 'cpm_status'],
};

/**
 * The warning 2.19 prints when a lookup name resolves to a collection that is not installed (a
 * routed builtin name, or any collection name): Python's import fails at the first missing package.
 * Volant runs no collection plugins, so every such name warns; builtin and plain names do not.
 */
export function lookupLoadWarning(name: string): string | undefined {
  const routed = Object.entries(ROUTED_TO).find(([, names]) => names.includes(shortName(name)));
  return missingCollectionWarning(routed ? `${routed[0]}.${shortName(name)}` : name);
}
