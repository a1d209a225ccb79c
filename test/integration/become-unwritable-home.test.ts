/**
 * Modules run through `become` as a user whose home does not exist, over ssh from root's unreadable
 * home: 2.19's module cannot make that user's remote_tmp while it looks for a readable working
 * folder, and warns once, the exception apart after "<<< caused by >>>"; stat's permission error
 * names the path as bytes. The fixture's output was recorded from ansible-core 2.19 against its own
 * sshd (recorded/become-unwritable-home.*, the fixture's folder as <FIXTURE>).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fixtureDir, recordedFile, runOracleFixture } from './oracle-fixture.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

function nobodyHomeMissing(): string | undefined {
  const home = spawnSync('getent', ['passwd', 'nobody'], { encoding: 'utf8' }).stdout.split(':')[5];
  return home === '/nonexistent' ? undefined : 'needs the user nobody with the home /nonexistent';
}

describe('become to a user without a home, over ssh', { skip: sshdUnavailable() ?? nobodyHomeMissing() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it('warns as ansible-core 2.19 does', () => {
    assert.ok(server);
    const r = runOracleFixture('become-unwritable-home', server);
    const shown = (text: string): string => text.replaceAll(fixtureDir('become-unwritable-home'), '<FIXTURE>');
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(shown(r.stdout), recordedFile('become-unwritable-home.stdout'));
    assert.equal(shown(r.stderr), recordedFile('become-unwritable-home.stderr'));
  });
});
