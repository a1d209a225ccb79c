/**
 * The `ssh` connection: the system OpenSSH client with a shared master per target
 * (ControlMaster=auto + ControlPersist) whose socket lives in the transport's private directory.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { ConnectionError } from '../core/errors.js';
import type { ConnectionSpec } from '../run/transport.js';
import type { Connection, SpawnOptions } from './connection.js';
import type { ExitInfo } from './agent-client.js';
import { sshHost, sshOptions } from './ssh-args.js';
import { shellQuote } from './shell-quote.js';
import { startFailure } from './start-failure.js';
import { AgentLostError } from './transport-errors.js';
import { describeExit } from './local-connection.js';

export class SshConnection implements Connection {
  private readonly options: string[];

  constructor(
    readonly spec: ConnectionSpec,
    controlDir: string,
    private readonly sshBinary = 'ssh',
  ) {
    // %C: a hash of local host, remote host, port and user; short enough for a socket path.
    this.options = sshOptions(spec, join(controlDir, '%C'));
  }

  /** The argv (after `ssh`) that runs `command` on the host. */
  argv(command: string, options: SpawnOptions = {}): string[] {
    // NOTE: Ansible wraps every remote command in `/bin/sh -c` so the user's login shell does not matter.
    const remote = `/bin/sh -c ${shellQuote(command)}`;
    return [...(options.tty ? ['-tt'] : []), ...this.options, sshHost(this.spec), remote];
  }

  spawnShell(command: string, options: SpawnOptions = {}): ChildProcessWithoutNullStreams {
    if (this.spec.password !== undefined) {
      // sshpass reads the password from fd 3, never from the command line.
      const child = spawn('sshpass', ['-d3', this.sshBinary, ...this.argv(command, options)], {
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      }) as unknown as ChildProcessWithoutNullStreams;
      const fd3 = child.stdio[3] as NodeJS.WritableStream | null;
      if (fd3) {
        fd3.on('error', () => undefined);
        fd3.end(`${this.spec.password}\n`);
      }
      return child;
    }
    return spawn(this.sshBinary, this.argv(command, options), { stdio: 'pipe' });
  }

  startFailed(info: ExitInfo): Error {
    const spawnError = info.spawnError as NodeJS.ErrnoException | undefined;
    if (this.spec.password !== undefined && spawnError?.code === 'ENOENT') {
      return new ConnectionError(
        'UNREACHABLE',
        "to use the 'ssh' connection type with passwords or pkcs11_provider, you must install the sshpass program",
      );
    }
    return startFailure(info, 'ssh');
  }

  lost(info: ExitInfo): Error {
    if (info.code === 255) return new AgentLostError(`Failed to connect to the host via ssh: ${info.stderr.trimEnd()}`);
    return new AgentLostError(`The agent on ${this.spec.host} exited unexpectedly${describeExit(info)}${info.stderr.trim() ? ': ' + info.stderr.trim() : ''}`);
  }

  /** Ends the master for this target (`ssh -O exit`). */
  close(): Promise<void> {
    return new Promise((resolve) => {
      const child = spawn(this.sshBinary, ['-O', 'exit', ...this.options, sshHost(this.spec)], { stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.on('error', () => {
        clearTimeout(timer);
        resolve();
      });
      child.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
