/** The workloads `npm run bench` knows, and how each is run. */
import { join } from 'node:path';
import type { ToolName } from './tools.js';
import { WORKLOADS_DIR } from './workloads/generate.js';

export interface WorkloadSpec {
  /** The name printed and stored (wide is measured at three sizes: wide-50, wide-100, wide-200). */
  name: string;
  /** The name given on the command line. */
  group: string;
  dir: string;
  args: string[];
  /** Runs over the oracle's loopback sshd (needs it listening). */
  ssh: boolean;
  hosts: number;
  /** The engines compared by default; `--oracle all` adds ansible-core and Mitogen to every one. */
  tools: ToolName[];
}

const ALL: ToolName[] = ['volant', 'ansible-core', 'mitogen'];

function spec(name: string, group: string, ssh: boolean, hosts: number, tools: ToolName[], args: string[], dir = group): WorkloadSpec {
  return { name, group, dir: join(WORKLOADS_DIR, dir), args, ssh, hosts, tools };
}

const PLAY = ['-i', 'inventory', 'playbook.yml', '-f', '20'];

export const WORKLOADS: WorkloadSpec[] = [
  spec('ssh20', 'ssh20', true, 20, ALL, PLAY),
  spec('local1', 'local1', false, 1, ALL, PLAY),
  spec('facts20', 'facts20', true, 20, ALL, PLAY),
  // NOTE: ansible-core takes minutes on long and wide here, so they compare only with --oracle all.
  spec('long', 'long', false, 1, ['volant'], PLAY),
  ...[50, 100, 200].map((n) => spec(`wide-${n}`, 'wide', false, n, ['volant'], ['-i', `inventory-${n}`, 'playbook.yml', '-f', '20'])),
  // Mitogen is a strategy plugin: a syntax check never reaches it.
  spec('parse', 'parse', false, 1, ['volant', 'ansible-core'], ['-i', 'inventory', 'playbook.yml', '--syntax-check']),
  // For the profile: the same hosts with one command task, i.e. the cost of connecting and starting agents.
  spec('ssh20-1task', 'ssh20-1task', true, 20, ['volant'], ['-i', 'inventory', 'one-task.yml', '-f', '20'], 'ssh20'),
  spec('local1-1task', 'local1-1task', false, 1, ['volant'], ['-i', 'inventory', 'one-task.yml', '-f', '20'], 'local1'),
];

/** Run only when named: the profile's baselines. */
export const EXTRA_GROUPS = ['ssh20-1task', 'local1-1task'];

/** `render` is not a playbook: it runs bench/render (the template engine's own benchmark). */
export const GROUPS = ['ssh20', 'local1', 'facts20', 'long', 'wide', 'parse', 'render'];
