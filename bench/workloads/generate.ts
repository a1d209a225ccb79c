/**
 * Writes the benchmark workloads as plain playbooks, inventories and ansible.cfg files under
 * bench/workloads/<name>/. Deterministic: the same text every time, and a file is only rewritten
 * when its text changed. ssh20, local1, facts20 and wide are small and committed; long and parse
 * are large and generated on demand (bench/.gitignore keeps them out of git).
 *
 *   node --import tsx bench/workloads/generate.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { taskRound } from './task-round.js';

export const WORKLOADS_DIR = dirname(fileURLToPath(import.meta.url));

/** The loopback sshd of the oracle (setup.sh starts it on 2222). */
const sshVars = (port: number): string[] => [
  'ansible_host=127.0.0.1',
  `ansible_port=${port}`,
  'ansible_user=root',
  'ansible_ssh_private_key_file=/opt/oracle-keys/id_ed25519',
  'ansible_python_interpreter=/usr/bin/python3',
];

/** The folder holding every ssh ControlMaster socket the ssh workloads open. */
export const CONTROL_DIR = '/tmp/volant-bench-cp';

const ANSIBLE_CFG = `[defaults]
forks = 20
host_key_checking = False
interpreter_python = /usr/bin/python3
retry_files_enabled = False
# NOTE: ssh's ConnectTimeout; the default 10 s made ansible-core and Mitogen report hosts
# UNREACHABLE when 20 handshakes met a busy shared machine.
timeout = 60

[ssh_connection]
pipelining = True
`;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * 20 aliases of one sshd, one connection each.
 * NOTE: ssh's ControlPath hash (%C) covers address, port and user only, so ansible-core and Volant
 * would multiplex all 20 aliases over one ControlMaster, and Mitogen would share one connection and
 * one interpreter among them. A ControlPath per alias, and a distinct harmless
 * mitogen_ssh_keepalive_interval (the oracle README's advice), give each alias its own connection
 * in all three, as 20 real hosts would have.
 */
function sshInventory(port: number): string {
  const hosts: string[] = [];
  for (let i = 1; i <= 20; i++) {
    const name = `h${pad(i, 2)}`;
    hosts.push(`${name} mitogen_ssh_keepalive_interval=${30 + i} ansible_ssh_common_args="-o ControlPath=${CONTROL_DIR}/${name}"`);
  }
  return `[bench]\n${hosts.join('\n')}\n\n[bench:vars]\n${sshVars(port).join('\n')}\n`;
}

function localInventory(count: number, prefix: string): string {
  const hosts: string[] = [];
  const width = count >= 100 ? 3 : 2;
  for (let i = 1; i <= count; i++) hosts.push(`${prefix}${pad(i, width)}`);
  return `[bench]\n${hosts.join('\n')}\n\n[bench:vars]\nansible_connection=local\nansible_python_interpreter=/usr/bin/python3\n`;
}

function play(name: string, gatherFacts: boolean, rounds: number, firstRound = 1): string {
  let text = `- name: ${name}\n  hosts: bench\n  gather_facts: ${gatherFacts}\n`;
  if (rounds === 0) return text;
  text += '  tasks:\n';
  for (let r = firstRound; r < firstRound + rounds; r++) text += taskRound(r);
  return text;
}

/** The profile's baseline: connecting, starting an agent and one round trip. */
const ONE_TASK = `- name: one task\n  hosts: bench\n  gather_facts: false\n  tasks:\n    - name: command 1\n      command: echo round 1\n`;

/** parse: 5,000 statically loaded tasks through roles, import_tasks and one include per role. */
function parseWorkload(files: Map<string, string>): void {
  const roles = 10;
  const roleMain = 200;
  const roleImported = 100;
  const playParts = 10;
  const partTasks = 200;
  let round = 1;
  const rounds = (tasks: number, indent: string): string => {
    let text = '';
    for (let i = 0; i < tasks / 10; i++) text += taskRound(round++, indent);
    return text;
  };
  for (let r = 0; r < roles; r++) {
    const role = `roles/role${pad(r, 2)}`;
    files.set(`parse/${role}/defaults/main.yml`, `role_${r}_port: ${8000 + r}\nrole_${r}_name: role${r}\n`);
    files.set(`parse/${role}/handlers/main.yml`, `- name: restart role${r}\n  debug:\n    msg: restarted\n`);
    // NOTE: include_tasks is dynamic, so --syntax-check does not load dyn.yml; it is still on
    // disk so the playbook also runs.
    files.set(
      `parse/${role}/tasks/main.yml`,
      `${rounds(roleMain, '')}- import_tasks: more.yml\n- include_tasks: dyn.yml\n  when: false\n`,
    );
    files.set(`parse/${role}/tasks/more.yml`, rounds(roleImported, ''));
    files.set(`parse/${role}/tasks/dyn.yml`, `- debug:\n    msg: dynamic ${r}\n`);
  }
  for (let p = 0; p < playParts; p++) files.set(`parse/tasks/part${pad(p, 2)}.yml`, rounds(partTasks, ''));
  const roleList = Array.from({ length: roles }, (_, r) => `    - role${pad(r, 2)}\n`).join('');
  const imports = Array.from({ length: playParts }, (_, p) => `    - import_tasks: tasks/part${pad(p, 2)}.yml\n`).join('');
  files.set(
    'parse/playbook.yml',
    `- name: roles\n  hosts: bench\n  gather_facts: false\n  roles:\n${roleList}\n` +
      `- name: imported tasks\n  hosts: bench\n  gather_facts: false\n  tasks:\n${imports}`,
  );
  files.set('parse/inventory', localInventory(1, 'p'));
}

/** Every workload file, relative to bench/workloads/; ssh workloads reach the sshd on `sshPort`. */
export function workloadFiles(sshPort = 2222): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of ['ssh20', 'facts20', 'local1', 'long', 'wide', 'parse']) files.set(`${name}/ansible.cfg`, ANSIBLE_CFG);
  files.set('ssh20/inventory', sshInventory(sshPort));
  files.set('ssh20/playbook.yml', play('ssh20', false, 3));
  files.set('ssh20/one-task.yml', ONE_TASK);
  files.set('facts20/inventory', sshInventory(sshPort));
  files.set('facts20/playbook.yml', play('facts20', true, 0));
  files.set('local1/inventory', localInventory(1, 'l'));
  files.set('local1/playbook.yml', play('local1', false, 3));
  files.set('local1/one-task.yml', ONE_TASK);
  files.set('long/inventory', localInventory(1, 'g'));
  files.set('long/playbook.yml', play('long', false, 200));
  for (const n of [50, 100, 200]) files.set(`wide/inventory-${n}`, localInventory(n, 'w'));
  files.set('wide/playbook.yml', play('wide', false, 1));
  parseWorkload(files);
  return files;
}

/** Writes the workloads under `root` (bench/workloads by default); returns how many files changed. */
export function writeWorkloads(root: string = WORKLOADS_DIR, sshPort = 2222): number {
  let changed = 0;
  for (const [rel, text] of workloadFiles(sshPort)) {
    const path = join(root, rel);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    changed++;
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = writeWorkloads();
  console.log(`bench/workloads: ${n} file(s) written`);
}
