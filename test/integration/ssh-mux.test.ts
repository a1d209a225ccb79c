import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VolantTransport } from '../../src/transport/index.js';
import { terminateMaster } from '../../src/transport/ssh-mux.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

/** ssh processes naming the socket: a backgrounded master (`ssh: PATH [mux]`) or the agent's own. */
function masters(path: string): string[] {
  const r = spawnSync('pgrep', ['-f', `^ssh(: | .*ControlPath="?)${path}`], { encoding: 'utf8' });
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

  it("makes the agent's own ssh the master, one per inventory host, shared by its raw commands", async () => {
    assert.ok(server);
    const transport = new VolantTransport();
    try {
      const a = await transport.session(server.spec('own-master-a'));
      await transport.session(server.spec('own-master-b'));
      const dir = transport.controlDirectory ?? '';
      const sockets = readdirSync(dir).filter((n) => statSync(join(dir, n)).isSocket());
      assert.equal(sockets.length, 2, 'aliases of one server get a master each');
      for (const socket of sockets) {
        const path = join(dir, socket);
        assert.equal(masters(path).length, 1, 'no backgrounded master beside the agent ssh');
        assert.match(spawnSync('ps', ['-o', 'args=', '-p', masters(path)[0] as string], { encoding: 'utf8' }).stdout, /python3/);
      }
      assert.equal(String((await a.runRaw('echo through-the-master', {})).get('stdout')).trim(), 'through-the-master');
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
