/**
 * One round of the ten simple tasks (command, shell with a pipe, file directory, file
 * touch, copy content, lineinfile, stat, set_fact, debug, command), as playbook YAML text.
 *
 * Every task writes only under /tmp/volant-bench/<inventory_hostname>/, and the runner empties
 * that folder before each run, so every tool starts from the same state and the recap (ok and
 * changed counts) is the same for ansible-core, Mitogen and Volant.
 */
export function taskRound(round: number, indent = '    '): string {
  const dir = `/tmp/volant-bench/{{ inventory_hostname }}/r${round}`;
  const lines = [
    `- name: command ${round}`,
    `  command: echo round ${round}`,
    `- name: shell with a pipe ${round}`,
    `  shell: echo "round ${round} on {{ inventory_hostname }}" | tr a-z A-Z | wc -c`,
    `- name: directory ${round}`,
    `  file:`,
    `    path: ${dir}`,
    `    state: directory`,
    `    mode: "0755"`,
    `- name: touch ${round}`,
    `  file:`,
    `    path: ${dir}/touched`,
    `    state: touch`,
    `- name: copy content ${round}`,
    `  copy:`,
    `    content: "round ${round}\\n"`,
    `    dest: ${dir}/copied`,
    `- name: lineinfile ${round}`,
    `  lineinfile:`,
    `    path: ${dir}/lines`,
    `    line: "round ${round}"`,
    `    create: true`,
    `- name: stat ${round}`,
    `  stat:`,
    `    path: ${dir}/copied`,
    `  register: st${round}`,
    `- name: set_fact ${round}`,
    `  set_fact:`,
    `    size${round}: "{{ st${round}.stat.size }}"`,
    `- name: debug ${round}`,
    `  debug:`,
    `    msg: "copied {{ size${round} }} bytes"`,
    `- name: command again ${round}`,
    `  command: cat ${dir}/lines`,
  ];
  return lines.map((l) => `${indent}${l}\n`).join('');
}

/** The ten task types of one round, for the generated parse workload and documentation. */
export const TASKS_PER_ROUND = 10;
