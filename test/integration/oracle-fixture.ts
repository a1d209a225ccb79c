/**
 * A fixture playbook whose output was recorded from ansible-core 2.19 against the oracle's sshd
 * (fixtures/NAME/inventory.oracle: 127.0.0.1:2222 and its key), run by Volant against a suite's
 * own sshd instead.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'volant-playbook');

export const fixtureDir = (name: string): string => join(ROOT, 'test', 'integration', 'fixtures', name);
export const recordedFile = (file: string): string => readFileSync(join(ROOT, 'test', 'integration', 'recorded', file), 'utf8');

/** The oracle's inventory, reaching `server` instead. */
export function retargetOracleInventory(oracle: string, server: SshServer): string {
  return oracle
    .replace('ansible_port=2222', `ansible_port=${server.port}`)
    .replace('ansible_user=root', `ansible_user=${server.user}`)
    .replace(
      'ansible_ssh_private_key_file=/opt/oracle-keys/id_ed25519',
      `ansible_ssh_private_key_file=${server.keyFile}\nansible_ssh_common_args='-o UserKnownHostsFile=${join(server.dir, 'known_hosts')}'`,
    );
}

export function runOracleFixture(name: string, server: SshServer): SpawnSyncReturns<string> {
  const inventory = join(server.dir, 'inventory');
  writeFileSync(inventory, retargetOracleInventory(readFileSync(join(fixtureDir(name), 'inventory.oracle'), 'utf8'), server));
  return spawnSync(BIN, ['-i', inventory, join(fixtureDir(name), 'playbook.yml')], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_HOST_KEY_CHECKING: 'False' },
  });
}

/**
 * A suite against its own sshd (skipped, saying why, where sshd cannot run) in which fixture NAME
 * ends with rc 0 and prints recorded/NAME.stdout.
 */
export function describeFixtureAsRecorded(title: string, itTitle: string, name: string): void {
  describe(title, { skip: sshdUnavailable() }, () => {
    let server: SshServer | undefined;
    before(async () => {
      server = await startSshd();
    });
    after(async () => {
      await server?.stop();
    });

    it(itTitle, () => {
      assert.ok(server);
      const r = runOracleFixture(name, server);
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      assert.equal(r.stdout, recordedFile(`${name}.stdout`));
    });
  });
}
