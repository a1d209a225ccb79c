/**
 * A delegated result's `h1 -> h2(address)` over ssh, against the suite's own sshd: the fixture
 * playbook must print what ansible-core 2.19 printed for it (recorded/delegate-address.stdout,
 * with the same aliases of 127.0.0.1): the address as the delegate's variables write it.
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
const FIXTURE = join(ROOT, 'test', 'integration', 'fixtures', 'delegate-address');

describe('delegated results over ssh', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it('show each delegate address as ansible-core 2.19 does', () => {
    assert.ok(server);
    // the oracle's inventory, reaching this suite's sshd instead
    const inventory = join(server.dir, 'inventory');
    const oracle = readFileSync(join(FIXTURE, 'inventory.oracle'), 'utf8');
    writeFileSync(
      inventory,
      oracle
        .replace('ansible_port=2222', `ansible_port=${server.port}`)
        .replace('ansible_user=root', `ansible_user=${server.user}`)
        .replace('ansible_ssh_private_key_file=/opt/oracle-keys/id_ed25519', `ansible_ssh_private_key_file=${server.keyFile}\nansible_ssh_common_args='-o UserKnownHostsFile=${join(server.dir, 'known_hosts')}'`),
    );
    const r = spawnSync(BIN, ['-i', inventory, join(FIXTURE, 'playbook.yml')], {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_HOST_KEY_CHECKING: 'False' },
    });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(r.stdout, readFileSync(join(ROOT, 'test', 'integration', 'recorded', 'delegate-address.stdout'), 'utf8'));
  });
});
