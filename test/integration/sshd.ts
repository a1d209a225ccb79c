/**
 * A private OpenSSH server for integration tests: its own host key, client key and config in a
 * temp dir, on a free loopback port, run as the current user (root here). `startSshd()` returns
 * undefined (with `reason`) when sshd or ssh-keygen is missing, so tests can skip cleanly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionSpec } from '../../src/run/transport.js';

export const SSHD_BINARY = process.env.VOLANT_TEST_SSHD ?? '/usr/sbin/sshd';

export interface SshServer {
  readonly port: number;
  readonly dir: string;
  /** The client private key (authorized for the current user). */
  readonly keyFile: string;
  readonly user: string;
  /** A ConnectionSpec reaching this server as the current user. */
  spec(host?: string, extra?: Partial<ConnectionSpec>): ConnectionSpec;
  stop(): Promise<void>;
}

/** Why the harness cannot run here, or undefined when it can. */
export function sshdUnavailable(): string | undefined {
  if (!existsSync(SSHD_BINARY)) return `sshd not found at ${SSHD_BINARY} (install openssh-server)`;
  if (spawnSync('ssh-keygen', ['-?'], { stdio: 'ignore' }).error) return 'ssh-keygen not found';
  if (spawnSync('ssh', ['-V'], { stdio: 'ignore' }).error) return 'ssh client not found';
  if (process.getuid?.() !== 0) return 'the sshd harness needs root (sshd refuses other users without setup)';
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startSshd(): Promise<SshServer | undefined> {
  if (sshdUnavailable() !== undefined) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'volant-sshd-'));
  const keygen = (file: string): void => {
    const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`ssh-keygen failed for ${file}`);
  };
  keygen(join(dir, 'host_key'));
  keygen(join(dir, 'client_key'));
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')), { mode: 0o600 });
  if (!existsSync('/run/sshd')) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const config = [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${join(dir, 'host_key')}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
    'PermitRootLogin prohibit-password',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'UsePAM no',
    'StrictModes no',
    'MaxStartups 200',
    'MaxSessions 200',
    'LogLevel ERROR',
    'Subsystem sftp internal-sftp',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'sshd_config'), config);
  const child: ChildProcess = spawn(SSHD_BINARY, ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`sshd did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // known up front, so ssh never prints "Permanently added …" into what the tests compare
  writeFileSync(join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${readFileSync(join(dir, 'host_key.pub'), 'utf8')}`);
  const keyFile = join(dir, 'client_key');
  const user = 'root';
  return {
    port,
    dir,
    keyFile,
    user,
    spec: (host = 'sshd-test', extra = {}) => ({
      host,
      connection: 'ssh',
      address: '127.0.0.1',
      port,
      user,
      privateKeyFile: keyFile,
      hostKeyChecking: false,
      // the host key changes every run: keep it out of ~/.ssh/known_hosts
      sshCommonArgs: `-o UserKnownHostsFile=${join(dir, 'known_hosts')}`,
      timeout: 10,
      ...extra,
    }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
