/**
 * Inventory plugin names ansible-core 2.19 routes to collections (its ansible_builtin_runtime.yml):
 * with only ansible-core installed, a config file naming one (`plugin: aws_ec2`, or a collection's
 * fully qualified name) warns of the collection's failed import before the auto plugin fails.
 */
import { missingCollectionWarning } from '../core/missing-collection-warning.js';

const ROUTED: ReadonlyMap<string, string> = new Map([
  ['cloudscale', 'cloudscale_ch.cloud.inventory'], ['docker_machine', 'community.docker.docker_machine'],
  ['docker_swarm', 'community.docker.docker_swarm'], ['gitlab_runners', 'community.general.gitlab_runners'],
  ['kubevirt', 'community.kubevirt.kubevirt'], ['linode', 'community.general.linode'], ['nmap', 'community.general.nmap'],
  ['online', 'community.general.online'], ['scaleway', 'community.general.scaleway'],
  ['virtualbox', 'community.general.virtualbox'], ['vultr', 'ngine_io.vultr.vultr'], ['k8s', 'kubernetes.core.k8s'],
  ['openshift', 'kubernetes.core.openshift'], ['vmware_vm_inventory', 'community.vmware.vmware_vm_inventory'],
  ['aws_ec2', 'amazon.aws.aws_ec2'], ['aws_rds', 'amazon.aws.aws_rds'], ['foreman', 'theforeman.foreman.foreman'],
  ['netbox', 'netbox.netbox.nb_inventory'], ['openstack', 'openstack.cloud.openstack'], ['tower', 'awx.awx.tower'],
  ['hcloud', 'hetzner.hcloud.hcloud'], ['gcp_compute', 'google.cloud.gcp_compute'], ['azure_rm', 'azure.azcollection.azure_rm'],
]);

/** 2.19's warning for an inventory plugin whose collection is not installed, or undefined. */
export function inventoryPluginLoadWarning(name: string): string | undefined {
  const short = name.replace(/^ansible\.builtin\./, '');
  return missingCollectionWarning(ROUTED.get(short) ?? name);
}
