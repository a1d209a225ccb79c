/**
 * A delegated result's `h1 -> h2(address)` over ssh, against the suite's own sshd: the fixture
 * playbook must print what ansible-core 2.19 printed for it (recorded/delegate-address.stdout,
 * with the same aliases of 127.0.0.1): the address as the delegate's variables write it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recordedFile, runOracleFixture } from './oracle-fixture.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

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
    const r = runOracleFixture('delegate-address', server);
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(r.stdout, recordedFile('delegate-address.stdout'));
  });
});
