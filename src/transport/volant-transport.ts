/**
 * The Transport the runner uses: one agent per (host, become user), started on first use and
 * kept for the run; ssh targets share a master connection whose socket lives in a private
 * temporary directory that closeAll() removes.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionError } from '../core/errors.js';
import type { AgentSession, ConnectionSpec, Transport } from '../run/transport.js';
import { AgentClient, type AgentProcess } from './agent-client.js';
import { BatchLauncher } from './batch-launcher.js';
import { loadAgentSources, loadDependencySources, loadModuleSource } from './agent-sources.js';
import { becomeCommand, promptSeen, type BecomeCommand } from './become-command.js';
import { AGENT_CODE_CACHE, agentCommand, bootstrapPayload } from './bootstrap.js';
import type { Connection } from './connection.js';
import { LocalConnection } from './local-connection.js';
import { connectionIdentity } from './connection-identity.js';
import { SshConnection } from './ssh-connection.js';
import { shellQuote } from './shell-quote.js';
import { moduleGetsTaskTmp, taskTmpBase } from '../run/task-tmp-base.js';
import { VolantAgentSession, type RawRunner } from './agent-session.js';
import { UnreadableStartError, UnreadableStartSession } from './unreadable-start.js';
import { RequestTimeoutError } from './transport-errors.js';

export interface TransportOptions {
  /** The ssh client binary (tests point it elsewhere); default `ssh` from PATH. */
  readonly sshBinary?: string;
  /** Extra seconds, beyond the connection timeout, to wait for the agent's hello. */
  readonly startGraceSeconds?: number;
  /**
   * Modules whose sources go in the start payload instead of riding with their first request
   * (measured: no faster over ssh; see src/transport/README.md).
   */
  readonly preloadModules?: readonly string[];
}

export class VolantTransport implements Transport {
  private readonly sessions = new Map<string, Promise<AgentSession>>();
  private readonly live = new Set<VolantAgentSession>();
  private readonly connections = new Map<string, Connection>();
  private readonly retired: Connection[] = [];
  private controlDir: string | undefined;
  private closed = false;
  private readonly launcher = new BatchLauncher();
  private expectedActions: readonly string[] = [];

  constructor(private readonly options: TransportOptions = {}) {}

  /** The private directory holding ssh ControlPath sockets (created on first ssh use). */
  get controlDirectory(): string | undefined {
    return this.controlDir;
  }

  session(spec: ConnectionSpec): Promise<AgentSession> {
    const key = sessionKey(spec);
    let session = this.sessions.get(key);
    if (session === undefined) {
      session = this.start(spec, key);
      this.sessions.set(key, session);
      session.catch(() => {
        if (this.sessions.get(key) === session) this.sessions.delete(key);
      });
    }
    return session;
  }

  expectActions(actions: readonly string[]): void {
    this.expectedActions = actions;
    for (const session of this.live) session.expectActions(actions);
  }

  async reset(host: string): Promise<void> {
    const closing: Promise<void>[] = [];
    for (const [key, session] of this.sessions) {
      if (!key.startsWith(`${host}\0`)) continue;
      this.sessions.delete(key);
      closing.push(session.then((s) => s.close()).catch(() => undefined));
    }
    await Promise.all(closing);
    // NOTE: the ssh master stays: aliases of the same address, port and user share it, and ending
    // it would cut their agents too. The next session() opens a new channel over it (with the
    // spec it then gets); closeAll() still ends this one.
    for (const [key, connection] of this.connections) {
      if (!key.startsWith(`${host}\0`)) continue;
      this.connections.delete(key);
      this.retired.push(connection);
    }
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((s) => s.then((x) => x.close()).catch(() => undefined)));
    for (const s of this.live) s.client.kill();
    this.live.clear();
    await this.closeConnections();
  }

  async finish(): Promise<void> {
    this.closed = true;
    const live = [...this.live];
    this.live.clear();
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    // NOTE: telling 20 agents to exit and waiting for them and their ssh was ~80 ms of every run
    for (const s of live) s.release();
    const released = new Set<AgentSession>(live);
    // a session still starting is closed once it is up, as closeAll does
    await Promise.all(sessions.map((s) => s.then((x) => (released.has(x) ? undefined : x.close())).catch(() => undefined)));
    await this.closeConnections(true);
  }

  private async closeConnections(finishing = false): Promise<void> {
    const connections = [...this.connections.values(), ...this.retired];
    this.connections.clear();
    this.retired.length = 0;
    await Promise.all(connections.map((c) => (finishing && c.finish ? c.finish() : c.close())));
    if (this.controlDir !== undefined) {
      rmSync(this.controlDir, { recursive: true, force: true });
      this.controlDir = undefined;
    }
  }

  private connectionFor(spec: ConnectionSpec): Connection {
    const identity = connectionIdentity(spec);
    let connection = this.connections.get(identity);
    if (connection === undefined) {
      if (spec.connection === 'local') connection = new LocalConnection(spec.host, spec.pythonInterpreter);
      else if (spec.connection === 'ssh' || spec.connection === 'smart' || spec.connection === 'paramiko') {
        this.controlDir ??= mkdtempSync(join(tmpdir(), 'volant-cp-'));
        connection = new SshConnection(spec, this.controlDir, this.options.sshBinary);
      } else {
        throw new ConnectionError('UNSUPPORTED_CONNECTION', `the connection plugin '${spec.connection}' was not found`);
      }
      this.connections.set(identity, connection);
    }
    return connection;
  }

  private async start(spec: ConnectionSpec, key: string): Promise<AgentSession> {
    if (this.closed) throw new ConnectionError('TRANSPORT_CLOSED', 'volant: the transport is closed');
    const connection = this.connectionFor(spec);
    const sources = await loadAgentSources();
    const preload = new Map<string, string>();
    for (const name of this.options.preloadModules ?? []) {
      const source = await loadModuleSource(name);
      if (source === undefined) continue;
      preload.set(name, source);
      // the session counts these sent, so what the module imports or runs goes up front too
      for (const [dependency, text] of await loadDependencySources(name)) preload.set(dependency, text);
    }
    let command = agentCommand(spec.pythonInterpreter);
    let prompt: BecomeCommand['prompt'];
    let marker: string | undefined;
    if (spec.become !== undefined) {
      if (spec.become.password !== undefined || spec.connection === 'local') {
        // NOTE: as Ansible's BECOME-SUCCESS line: the payload must not reach stdin before the
        // password has been asked for and given, and sudo may not ask at all (cached, NOPASSWD).
        // Locally, its absence also tells a failed become from a failed agent, as 2.19 does.
        marker = `BECOME-SUCCESS-${randomBytes(16).toString('hex')}`;
        command = `echo ${marker}; ${command}`;
      }
      const wrapped = becomeCommand(spec.become, command);
      command = wrapped.command;
      prompt = wrapped.prompt;
    }
    await connection.prepare?.();
    /** How much stderr there was when the password went out; undefined until then. */
    let sentAt: number | undefined;
    const password = spec.become?.password;
    const payload = bootstrapPayload(sources, preload, spec.agentCodeCache === false ? null : AGENT_CODE_CACHE, spec.become === undefined);
    const startClient = (child: AgentProcess): Promise<AgentClient> =>
      AgentClient.start(
        child,
        payload,
        {
          startFailed: (info) => connection.startFailed(info, spec.become === undefined ? undefined : spec.become.password !== undefined),
          lost: (info) => connection.lost(info),
          onStartupStderr: (stderr) => {
            if (prompt === undefined || password === undefined) return undefined;
            if (sentAt !== undefined) {
              // NOTE: asked again: the password was wrong. sudo would wait for another; Ansible stops
              // at once ("Incorrect sudo password", from the "Sorry, try again." in stderr).
              if (promptSeen(prompt, stderr.slice(sentAt))) child.kill('SIGKILL');
              return undefined;
            }
            if (!promptSeen(prompt, stderr)) return undefined;
            sentAt = stderr.length;
            return `${password}\n`;
          },
        },
        (spec.timeout + (this.options.startGraceSeconds ?? 30)) * 1000,
        marker,
      );
    const argv = connection.launchArgv?.(command);
    const raw: RawRunner = (cmd, options) => runRaw(connection, spec, cmd, options);
    let client: AgentClient;
    try {
      client = await (argv === undefined
        ? startClient(connection.spawnShell(command))
        : new Promise<AgentClient>((resolve, reject) => this.launcher.launch(argv.file, argv.args, (child) => startClient(child).then(resolve, reject))));
    } catch (e) {
      if (!(e instanceof UnreadableStartError)) throw e;
      // the tasks waiting for this start get its failure; the next one tries again, as 2.19 does
      this.sessions.delete(key);
      return new UnreadableStartSession(e, raw);
    }
    const ownTmp = spec.become === undefined && spec.remoteTmp === undefined;
    const session = new VolantAgentSession(
      client,
      connection,
      raw,
      [...preload.keys()],
      () => {
        this.live.delete(session);
        if (this.sessions.get(key) !== undefined) this.sessions.delete(key);
      },
      // an agent run as the become user cannot tell the login user's temp folder itself, nor
      // any agent one set apart by remote_tmp (the agent's own default is ~/.ansible/tmp)
      ownTmp ? undefined : taskTmpBase(spec, true),
      !moduleGetsTaskTmp(spec),
      spec.remoteTmp,
      // NOTE: `ssh -tt` hands the remote session the controller's TERM (none when unset or empty);
      // sudo's env_reset drops SSH_TTY (it keeps TERM, or says 'unknown', as the agent's sudo did).
      { term: process.env['TERM'] || null, sshTty: spec.become?.method !== 'sudo' },
    );
    session.expectActions(this.expectedActions);
    this.live.add(session);
    // A dead agent is dropped so the next task for this host starts a fresh one.
    void client.whenExited().then(() => {
      this.live.delete(session);
      void this.sessions.get(key)?.then((s) => {
        if (s === session) this.sessions.delete(key);
      });
    });
    return session;
  }
}

function sessionKey(spec: ConnectionSpec): string {
  const become = spec.become === undefined ? '' : `${spec.become.method}:${spec.become.user}`;
  // (an agent's modules are told once where their temp folders go: see start)
  const tmp = `${spec.pipelining === true ? 'p' : ''}:${spec.remoteTmp ?? ''}`;
  return `${connectionIdentity(spec)}\0${become}\0${tmp}`;
}

/** The raw module: the command through the connection (a tty over ssh, as Ansible), no agent. */
function runRaw(
  connection: Connection,
  spec: ConnectionSpec,
  command: string,
  options: { executable?: string; timeout?: number },
): Promise<{ rc: number; stdout: string; stderr: string }> {
  let line = options.executable ? `${options.executable} -c ${shellQuote(command)}` : command;
  let prompt: BecomeCommand['prompt'];
  let marker: string | undefined;
  if (spec.become !== undefined) {
    if (spec.become.password !== undefined) {
      // NOTE: as Ansible's BECOME-SUCCESS line: what comes before it (the prompt, echoed by the
      // tty) is not the command's output.
      marker = `BECOME-SUCCESS-${randomBytes(16).toString('hex')}`;
      line = `echo ${marker}; ${line}`;
    }
    const wrapped = becomeCommand(spec.become, line);
    line = wrapped.command;
    prompt = wrapped.prompt;
  }
  const tty = connection instanceof SshConnection;
  // NOTE: Ansible gives ssh a local pty as stdin, so the remote pty gets its modes (opost onlcr:
  // "\n" arrives as "\r\n"). Our ssh's stdin is a pipe, and a mux client then asks for raw
  // output modes; stty restores what Ansible's users see.
  if (tty) line = `stty opost onlcr >/dev/null 2>&1; ${line}`;
  // NOTE: Ansible hands raw's command to the login shell itself (`echo $0` says bash for root here).
  const child = connection.spawnShell(line, { tty, asIs: true });
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errText = '';
    let sent = false;
    let timer: NodeJS.Timeout | undefined;
    if (options.timeout !== undefined && options.timeout > 0) {
      const seconds = options.timeout;
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new RequestTimeoutError(seconds));
      }, seconds * 1000);
    }
    child.stdout.on('data', (c: Buffer) => {
      out.push(c);
      if (prompt !== undefined && !sent && spec.become?.password !== undefined && promptSeen(prompt, Buffer.concat(out).toString('utf8'))) {
        sent = true;
        child.stdin.end(`${spec.become.password}\n`);
      }
    });
    child.stderr.on('data', (c: Buffer) => {
      err.push(c);
      errText += c.toString('utf8');
      if (prompt !== undefined && !sent && spec.become?.password !== undefined && promptSeen(prompt, errText)) {
        sent = true;
        child.stdin.end(`${spec.become.password}\n`);
      }
    });
    child.stdin.on('error', () => undefined);
    if (prompt === undefined) child.stdin.end();
    child.on('error', (e) => {
      if (timer) clearTimeout(timer);
      reject(connection.startFailed({ code: null, signal: null, stderr: '', stdout: '', spawnError: e }));
    });
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      let stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      const at = marker === undefined ? -1 : stdout.indexOf(marker);
      if (marker !== undefined && at >= 0) stdout = stdout.slice(at + marker.length).replace(/^\r?\n/, '');
      if (connection instanceof SshConnection && code === 255) {
        reject(connection.startFailed({ code, signal, stderr, stdout }));
        return;
      }
      resolve({ rc: code ?? 128 + (signal === null ? 0 : 9), stdout, stderr });
    });
  });
}

