/** The three engines run side by side: Volant, ansible-core 2.19 and ansible-core with Mitogen. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `floor` is no engine: only connecting to the hosts and starting Python there (floor.sh). */
export type ToolName = 'volant' | 'ansible-core' | 'mitogen' | 'floor';

const RUN_BUNDLE = fileURLToPath(new URL('../bin/run-bundle.cjs', import.meta.url));
const FLOOR = fileURLToPath(new URL('floor.sh', import.meta.url));
export const ORACLE = '/work/shared/tools/ansible-oracle/ansible-playbook';
const ORACLE_ROOT = process.env.ORACLE_ROOT ?? '/opt/oracle-trixie';
const MITOGEN_STRATEGIES = '/usr/lib/python3/dist-packages/ansible_mitogen/plugins/strategy';

export function oracleInstalled(): boolean {
  return existsSync(ORACLE) && existsSync(`${ORACLE_ROOT}/usr/bin/ansible-playbook`);
}

export function mitogenInstalled(): boolean {
  return existsSync(`${ORACLE_ROOT}${MITOGEN_STRATEGIES}`);
}

export interface ToolCommand {
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/** The same environment for all three, as the oracle sets it for ansible-core. */
function baseEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ANSIBLE_NOCOLOR: '1',
    ANSIBLE_HOST_KEY_CHECKING: 'False',
    LC_ALL: 'C.UTF-8',
  };
}

export function toolCommand(tool: ToolName, bundle: string, args: string[], extraNodeFlags: string[] = []): ToolCommand {
  const env = baseEnv();
  if (tool === 'volant') {
    // Through bin/run-bundle.cjs with the environment bin/volant-playbook gives node (no
    // NODE_EXTRA_CA_CERTS at its start; run-bundle puts it back), and the bundle's code cache.
    if (env.NODE_EXTRA_CA_CERTS !== undefined) {
      env.VOLANT_NODE_EXTRA_CA_CERTS = env.NODE_EXTRA_CA_CERTS;
      delete env.NODE_EXTRA_CA_CERTS;
    }
    return { argv: [process.execPath, ...extraNodeFlags, RUN_BUNDLE, bundle, ...args], env };
  }
  if (tool === 'mitogen') {
    env.ANSIBLE_STRATEGY_PLUGINS = MITOGEN_STRATEGIES;
    env.ANSIBLE_STRATEGY = 'mitogen_linear';
  }
  return { argv: [ORACLE, ...args], env };
}

/** The floor of an ssh workload of `hosts` hosts whose ControlPaths are in `controlDir`. */
export function floorCommand(hosts: number, controlDir: string, port: number): ToolCommand {
  return { argv: ['/bin/bash', FLOOR, String(hosts), controlDir, String(port)], env: baseEnv() };
}
