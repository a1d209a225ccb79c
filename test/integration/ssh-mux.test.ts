import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VolantTransport } from '../../src/transport/index.js';
import { terminateMaster } from '../../src/transport/ssh-mux.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

function masters(path: string): string[] {
  const r = spawnSync('pgrep', ['-f', `ssh: ${path} \\[mux\\]`], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((line) => line.trim() !== '');
}

describe('transport/ssh masters end through their socket', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  let dir = '';
  before(async () => {
    server = await startSshd();
    dir = mkdtempSync(join(tmpdir(), 'volant-mux-test-'));
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks a master with a ControlPath of the user to exit, as ssh -O exit does', async () => {
    assert.ok(server);
    const socket = join(dir, 'm1');
    const transport = new VolantTransport();
    try {
      await transport.session(server.spec('mux-test', { sshCommonArgs: `-o ControlPath=${socket}` }));
      assert.ok(existsSync(socket));
      assert.notDeepEqual(masters(socket), []);
      assert.equal(await terminateMaster(socket), true);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(masters(socket), []);
    } finally {
      await transport.closeAll();
    }
  });

  it('closeAll ends a master at a given ControlPath', async () => {
    assert.ok(server);
    const socket = join(dir, 'm2');
    const transport = new VolantTransport();
    await transport.session(server.spec('mux-test-2', { sshCommonArgs: `-o ControlPath=${socket}` }));
    assert.notDeepEqual(masters(socket), []);
    await transport.closeAll();
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(masters(socket), []);
  });
});
