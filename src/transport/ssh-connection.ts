/**
 * The `ssh` connection: the system OpenSSH client with a shared master per target (by default the
 * agent's own ssh, ControlMaster=auto; see ssh-args.ts) whose socket lives in the transport's
 * private directory.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import type { ConnectionSpec } from '../run/transport.js';
import type { Connection, SpawnOptions } from './connection.js';
import { connectionIdentity } from './connection-identity.js';
import type { ExitInfo } from './agent-client.js';
import { sshHost, sshOptions } from './ssh-args.js';
import { configFiles, configMentions, fastAlgorithmOptions } from './ssh-fast-algorithms.js';
import { controlPathOf, terminateMaster, terminateMastersIn } from './ssh-mux.js';
import { shellQuote } from './shell-quote.js';
import { startFailure } from './start-failure.js';
import { AgentLostError } from './transport-errors.js';
import { describeExit } from './local-connection.js';

export class SshConnection implements Connection {
  private readonly options: string[];
  private prepared: Promise<void> | undefined;

  constructor(
    readonly spec: ConnectionSpec,
    private readonly controlDir: string,
    private readonly sshBinary = 'ssh',
  ) {
    // NOTE: with ssh_args of the user (ansible-core's ControlPersist master), %C: a hash of local
    // host, remote host, port and user, so aliases of a server share a master as under Ansible.
    // Volant's own master is the agent's ssh: one per inventory host, or ending one alias's agent
    // would cut the others' (their sessions would be channels of its ssh).
    // Another user or port of the same host is another master (connectionIdentity).
    const socket = spec.sshArgs === undefined ? createHash('sha256').update(connectionIdentity(spec)).digest('hex').slice(0, 20) : '%C';
    this.options = sshOptions(spec, join(controlDir, socket));
  }

  /** Settles the options that need a look at the ssh client and its config first (key exchange, cipher). */
  prepare(): Promise<void> {
    const wanted = { kex: this.spec.fastKex !== false, ciphers: this.spec.fastCiphers !== false };
    this.prepared ??= fastAlgorithmOptions(this.sshBinary, this.options, wanted).then((extra) => {
      this.options.push(...extra);
    });
    return this.prepared;
  }

  /** The argv (after `ssh`) that runs `command` on the host. */
  argv(command: string, options: SpawnOptions = {}): string[] {
    // NOTE: Ansible wraps every remote command in `/bin/sh -c` so the user's login shell does not matter.
    const remote = options.asIs ? command : `/bin/sh -c ${shellQuote(command)}`;
    return [...(options.tty ? ['-tt'] : []), ...this.options, sshHost(this.spec), remote];
  }

  spawnShell(command: string, options: SpawnOptions = {}): ChildProcessWithoutNullStreams {
    if (this.spec.password !== undefined) {
      // NOTE: as 2.19, the password reaches ssh through SSH_ASKPASS (a helper in the private
      // control directory reading a 0600 file there), never through a command line or sshpass.
      const askpass = this.askpass();
      return spawn(this.sshBinary, this.argv(command, options), {
        stdio: 'pipe',
        env: { ...process.env, SSH_ASKPASS: askpass.script, SSH_ASKPASS_REQUIRE: 'force', VOLANT_ASKPASS_FILE: askpass.secret },
      });
    }
    return spawn(this.sshBinary, this.argv(command, options), { stdio: 'pipe' });
  }

  launchArgv(command: string): { file: string; args: string[] } | undefined {
    // the password reaches ssh through the environment spawnShell gives it
    return this.spec.password === undefined ? { file: this.sshBinary, args: this.argv(command) } : undefined;
  }

  private askpassFiles: { script: string; secret: string } | undefined;

  private askpass(): { script: string; secret: string } {
    if (this.askpassFiles === undefined) {
      const tag = randomBytes(8).toString('hex');
      const script = join(this.controlDir, `askpass-${tag}`);
      const secret = join(this.controlDir, `secret-${tag}`);
      writeFileSync(secret, `${this.spec.password ?? ''}\n`, { mode: 0o600 });
      writeFileSync(script, '#!/bin/sh\nexec cat "$VOLANT_ASKPASS_FILE"\n', { mode: 0o700 });
      this.askpassFiles = { script, secret };
    }
    return this.askpassFiles;
  }

  startFailed(info: ExitInfo): Error {
    return startFailure(info, 'ssh', this.spec.user ?? userInfo().username, this.spec);
  }

  lost(info: ExitInfo): Error {
    if (info.code === 255) return new AgentLostError(`Failed to connect to the host via ssh: ${info.stderr.trimEnd()}`);
    return new AgentLostError(`The agent on ${this.spec.host} exited unexpectedly${describeExit(info)}${info.stderr.trim() ? ': ' + info.stderr.trim() : ''}`);
  }

  /**
   * The end of a run, its agents let go (they end as this process exits): only a master that
   * outlives its session (ControlPersist in the ssh arguments or an ssh_config file) is ended as
   * close() ends it. Volant's own master is an agent's ssh, which ends with its session.
   */
  async finish(): Promise<void> {
    if (this.options.some((o) => /controlpersist/i.test(o)) || configMentions(configFiles(this.options), 'controlpersist')) await this.close();
  }

  /** Ends the master for this target (through its socket, else `ssh -O exit`). */
  async close(): Promise<void> {
    const path = controlPathOf(this.options);
    if (path?.toLowerCase() === 'none') return;
    if (path !== undefined && path.startsWith(`${this.controlDir}/`)) {
      if (await terminateMastersIn(this.controlDir)) return;
    } else if (path !== undefined && !path.includes('%') && !path.startsWith('~')) {
      if (!existsSync(path) || (await terminateMaster(path))) return;
    }
    await this.exitCommand();
  }

  private exitCommand(): Promise<void> {
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
