import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('transport/closeTransportOnSignals', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it('ends every agent and ssh master when the process gets SIGTERM', async () => {
    assert.ok(server);
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./fixtures/signal-child.ts', import.meta.url).pathname, String(server.port), server.keyFile, join(server.dir, 'known_hosts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\n')) resolve(text.split('\n')[0] as string);
      });
      child.once('exit', () => reject(new Error('child exited early')));
    });
    const { pids, controlDir } = JSON.parse(line) as { pids: number[]; controlDir: string };
    assert.equal(pids.length, 2);
    assert.ok(pids.every(alive));
    assert.notEqual(spawnSync('pgrep', ['-f', controlDir]).stdout.toString().trim(), '');
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 143);
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(pids.filter(alive), []);
    assert.equal(spawnSync('pgrep', ['-f', controlDir]).stdout.toString().trim(), '');
    assert.equal(existsSync(controlDir), false);
  });
});
