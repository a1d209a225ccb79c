import { ANSIBLE_VERSION } from '../vars/ansible-version.js';

/** `--version`: ansible-playbook's layout, naming Volant and the ansible-core it follows. */
export const VOLANT_VERSION = '0.1.0';
export const ANSIBLE_CORE_VERSION = ANSIBLE_VERSION;

export function versionText(configFile: string | undefined): string {
  return [
    `volant-playbook [volant ${VOLANT_VERSION}, compatible with ansible-core ${ANSIBLE_CORE_VERSION}]`,
    `  config file = ${configFile ?? 'None'}`,
    `  executable location = ${process.argv[1] ?? 'volant-playbook'}`,
    `  node version = ${process.versions.node}`,
    '',
  ].join('\n');
}
