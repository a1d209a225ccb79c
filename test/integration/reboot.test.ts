/**
 * reboot over ssh, against the suite's own sshd: the fixture playbook (every way the action ends
 * without rebooting anything) must print what ansible-core 2.19 printed for it
 * (recorded/reboot.stdout, against 127.0.0.1 too), and a reboot that drops every connection of the
 * host leaves the next task a working agent.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'volant-playbook');
const FIXTURE = join(ROOT, 'test', 'integration', 'fixtures', 'reboot');

/** Timestamps and durations vary; the playbook's folder is wherever the checkout is. */
function normalized(text: string): string {
  return text
    .replace(/"start": "[^"]*"/g, '"start": "<start>"')
    .replace(/"elapsed": \d+/g, '"elapsed": <n>')
    .replace(/\S*\/test\/integration\/fixtures\/reboot\//g, '<DIR>/');
}

function play(server: SshServer, playbook: string, extra: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const inventory = join(server.dir, 'inventory');
  writeFileSync(
    inventory,
    `target ansible_host=127.0.0.1 ansible_port=${server.port} ansible_user=${server.user} ansible_ssh_private_key_file=${server.keyFile} ` +
      `ansible_python_interpreter=/usr/bin/python3 ansible_ssh_common_args='-o UserKnownHostsFile=${join(server.dir, 'known_hosts')}'\n`,
  );
  const r = spawnSync(BIN, ['-i', inventory, playbook, ...extra], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_HOST_KEY_CHECKING: 'False' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('reboot over ssh', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it("ends every way as ansible-core 2.19's action does", () => {
    assert.ok(server);
    const r = play(server, join(FIXTURE, 'playbook.yml'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(normalized(r.stdout), normalized(readFileSync(join(ROOT, 'test', 'integration', 'recorded', 'reboot.stdout'), 'utf8')));
  });

  it('gives the next task a new agent after a reboot that dropped every connection', () => {
    assert.ok(server);
    const playbook = join(server.dir, 'drop.yml');
    // The "reboot": a new boot id, then every session of this sshd killed, as a host going down does.
    writeFileSync(
      playbook,
      [
        '- hosts: target',
        '  gather_facts: false',
        '  tasks:',
        `    - copy: {dest: "${server.dir}/bootid", content: "first\\n"}`,
        '    - reboot:',
        `        reboot_command: "sh -c 'echo second > ${server.dir}/bootid; pkill -KILL -P $(cat ${server.dir}/sshd.pid)'"`,
        `        boot_time_command: "cat ${server.dir}/bootid"`,
        '      register: r',
        '    - command: cat {{ bootid }}',
        '      register: c',
        '    - assert: {that: [r.rebooted, r.changed, "c.stdout == \'second\'"]}',
        '',
      ].join('\n'),
    );
    const r = play(server, playbook, ['-e', `bootid=${server.dir}/bootid`]);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /target +: ok=4 +changed=3 +unreachable=0 +failed=0/);
  });
});
