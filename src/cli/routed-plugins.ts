/**
 * Connection and become plugin names ansible-core 2.19 no longer ships but routes to collections
 * (its ansible_builtin_runtime.yml): with only ansible-core installed, loading one fails with the
 * import error of its collection, a warning before the task fails.
 */
import { missingCollectionWarning } from '../core/missing-collection-warning.js';

const ROUTED_CONNECTIONS: ReadonlyMap<string, string> = new Map([
  ['buildah', 'containers.podman'], ['podman', 'containers.podman'], ['aws_ssm', 'community.aws'],
  ['chroot', 'community.general'], ['docker', 'community.docker'], ['funcd', 'community.general'],
  ['iocage', 'community.general'], ['jail', 'community.general'], ['kubectl', 'kubernetes.core'],
  ['libvirt_lxc', 'community.libvirt'], ['lxc', 'community.general'], ['lxd', 'community.general'],
  ['oc', 'community.okd'], ['qubes', 'community.general'], ['saltstack', 'community.general'],
  ['zone', 'community.general'], ['vmware_tools', 'community.vmware'], ['httpapi', 'ansible.netcommon'],
  ['napalm', 'ansible.netcommon'], ['netconf', 'ansible.netcommon'], ['network_cli', 'ansible.netcommon'],
  ['persistent', 'ansible.netcommon'],
]);

const ROUTED_BECOME: ReadonlyMap<string, string> = new Map([
  ['doas', 'community.general'], ['dzdo', 'community.general'], ['ksu', 'community.general'],
  ['machinectl', 'community.general'], ['pbrun', 'community.general'], ['pfexec', 'community.general'],
  ['pmrun', 'community.general'], ['sesu', 'community.general'], ['enable', 'ansible.netcommon'],
]);

/** The connection plugins ansible-core ships (`smart` and `paramiko` are its other names for two). */
export const BUILTIN_CONNECTIONS: ReadonlySet<string> = new Set(['local', 'ssh', 'smart', 'paramiko', 'paramiko_ssh', 'psrp', 'winrm']);

const shortName = (name: string): string => name.replace(/^ansible\.(builtin|legacy)\./, '');

function loadWarning(routes: ReadonlyMap<string, string>, name: string): string | undefined {
  const collection = routes.get(shortName(name));
  return missingCollectionWarning(collection === undefined ? name : `${collection}.${shortName(name)}`);
}

/** 2.19's warning when a connection plugin's collection is not installed (none for the builtin ones). */
export const connectionLoadWarning = (name: string): string | undefined => loadWarning(ROUTED_CONNECTIONS, name);

/** 2.19's warning when a become plugin's collection is not installed (none for the builtin ones). */
export const becomeLoadWarning = (name: string): string | undefined => loadWarning(ROUTED_BECOME, name);

/** Whether ansible-core ships the connection plugin (by its short or ansible.builtin. name). */
export const isBuiltinConnection = (name: string): boolean => BUILTIN_CONNECTIONS.has(shortName(name));
