/**
 * Without pipelining, ansible-core 2.19's ssh connection runs every module through `ssh -tt`: the
 * module sees a terminal (stdin a tty where a read waits, SSH_TTY, the controller's TERM, also in
 * the facts' ansible_env), unless ansible_ssh_use_tty is off or the module is pipelined. The
 * fixture's output was recorded from 2.19 against the oracle's sshd with TERM=xterm-256color
 * (recorded/module-tty.stdout); Volant must print the same against the suite's own sshd.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeOutput } from '../golden/normalize.js';
import { fixtureDir, recordedFile, retargetOracleInventory } from './oracle-fixture.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

const BIN = join(fixtureDir('module-tty'), '..', '..', '..', '..', 'bin', 'volant-playbook');

describe('modules over ssh without pipelining', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it('run under a terminal as ansible-core 2.19 runs them', () => {
    assert.ok(server);
    const dir = fixtureDir('module-tty');
    const inventory = join(server.dir, 'inventory');
    writeFileSync(inventory, retargetOracleInventory(readFileSync(join(dir, 'inventory.oracle'), 'utf8'), server));
    const env: NodeJS.ProcessEnv = { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_HOST_KEY_CHECKING: 'False', TERM: 'xterm-256color' };
    for (const key of Object.keys(env)) if (key.startsWith('ANSIBLE_') && key !== 'ANSIBLE_NOCOLOR' && key !== 'ANSIBLE_HOST_KEY_CHECKING') delete env[key];
    const r = spawnSync(BIN, ['-i', inventory, join(dir, 'playbook.yml')], { encoding: 'utf8', timeout: 300_000, env });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    const normalize = (text: string): string => normalizeOutput(text, { caseDir: dir });
    // (the recording names the fixture where it was recorded: a checkout elsewhere is the same case)
    const recorded = recordedFile('module-tty.stdout').replace(/\/\S*\/test\/integration\/fixtures\/module-tty(?=\/)/g, dir);
    assert.equal(normalize(r.stdout), normalize(recorded));
  });
});

