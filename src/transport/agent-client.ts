/**
 * The controller's end of one agent: a spawned process (local python, or ssh running python)
 * speaking length-prefixed JSON frames. Requests carry ids, so several can be in flight (async
 * jobs next to a running task). When the process dies, every pending request rejects at once.
 */
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { dumpJson, parseJson } from '../core/json.js';
import { isDict, type Data, type DataDict } from '../core/data.js';
import { encodeFrame, FrameDecoder } from './frame-codec.js';
import { RequestTimeoutError } from './transport-errors.js';
import { timerFits } from '../run/task-timeout.js';

export const PROTOCOL_VERSION = 1;

/** How the owner (a connection) turns the process's fate into errors with Ansible's words. */
export interface AgentClientHooks {
  /** The process ended (or failed to spawn) before the hello frame. */
  startFailed(info: ExitInfo): Error;
  /** The process ended with requests pending, or a request was made after it ended. */
  lost(info: ExitInfo): Error;
  /** Called once on stderr text before the hello (sudo prompts); may return bytes to write to stdin. */
  onStartupStderr?(stderrSoFar: string): string | undefined;
}

/** What the client uses of its process: a ChildProcess, or one a BatchLauncher started. */
export interface AgentProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals): boolean;
  /** Stops the process itself from keeping this one's event loop alive (its pipes: see release). */
  unref(): void;
  on(event: 'error', listener: (error: Error) => void): this;
  once(event: 'close', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
}

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  readonly stdout: string;
  /** The spawn itself failed (ENOENT …). */
  readonly spawnError?: Error;
  readonly timedOut?: boolean;
  /** It ended before the become marker appeared (privilege escalation did not succeed). */
  readonly becomePending?: boolean;
}

interface Pending {
  resolve(value: Data): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

const MAX_STDERR = 64 * 1024;

export class AgentClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly decoder = new FrameDecoder();
  private stderrText = '';
  private exitInfo: ExitInfo | undefined;
  private hello: DataDict | undefined;
  private readonly exited: Promise<void>;

  private constructor(
    readonly child: AgentProcess,
    private readonly hooks: AgentClientHooks,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        // NOTE: a become marker never seen: the become program ended; its stdout is the preamble.
        const becomePending = this.marker !== undefined;
        const stdout = becomePending ? Buffer.from(this.preamble, 'latin1').toString('utf8') : this.decoder.pending().toString('utf8');
        this.onExit({ code, signal, stderr: this.stderrText, stdout, ...(becomePending ? { becomePending } : {}) });
        resolve();
      });
    });
  }

  /**
   * Sends the payload and waits for the hello frame (or the process's end, or the timeout). With
   * `marker`, the payload waits until that line appears on stdout (privilege escalation is done:
   * a password prompt before it must not swallow the payload).
   */
  static start(
    child: AgentProcess,
    payload: Buffer,
    hooks: AgentClientHooks,
    timeoutMs: number,
    marker?: string,
  ): Promise<AgentClient> {
    const client = new AgentClient(child, hooks);
    client.marker = marker;
    return client.handshake(payload, timeoutMs);
  }

  private marker: string | undefined;
  private preamble = '';

  private handshake(payload: Buffer, timeoutMs: number): Promise<AgentClient> {
    const child = this.child;
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        const info = { code: null, signal: null, stderr: this.stderrText, stdout: this.decoder.pending().toString('utf8'), timedOut: true };
        this.kill();
        reject(this.hooks.startFailed(info));
      }, timeoutMs);
      timer.unref();
      this.pending.set(0, {
        resolve: (hello) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (!isDict(hello) || hello.get('version') !== PROTOCOL_VERSION) {
            this.kill();
            reject(new Error(`volant: agent protocol version mismatch (got ${isDict(hello) ? String(hello.get('version')) : '?'})`));
            return;
          }
          this.hello = hello;
          resolve(this);
        },
        reject: (error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(error);
        },
      });
      child.on('error', (error) => {
        // spawn failure (ENOENT): 'close' may not follow, so settle here.
        this.onExit({ code: null, signal: null, stderr: this.stderrText, stdout: '', spawnError: error });
      });
      child.stdout.on('data', (chunk: Buffer) => {
        if (this.marker === undefined) {
          this.onStdout(chunk);
          return;
        }
        // Before the marker: text from the become wrapper, not frames.
        this.preamble += chunk.toString('latin1');
        const at = this.preamble.indexOf(`${this.marker}\n`);
        if (at < 0) return;
        const rest = Buffer.from(this.preamble.slice(at + this.marker.length + 1), 'latin1');
        this.marker = undefined;
        this.preamble = '';
        child.stdin.write(payload);
        if (rest.length > 0) this.onStdout(rest);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (this.stderrText.length < MAX_STDERR) this.stderrText += chunk.toString('utf8');
        if (this.hello === undefined && this.hooks.onStartupStderr) {
          const reply = this.hooks.onStartupStderr(this.stderrText);
          if (reply !== undefined) child.stdin.write(reply);
        }
      });
      child.stdin.on('error', () => {
        // EPIPE when the process is gone; 'close' reports it.
      });
      if (this.marker === undefined) child.stdin.write(payload);
    });
  }

  get info(): DataDict | undefined {
    return this.hello;
  }

  get alive(): boolean {
    return this.exitInfo === undefined;
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** One request; resolves with the frame's `result`, rejects with its `error` or when the agent dies. */
  request(op: string, fields: DataDict, timeoutSeconds?: number): Promise<Data> {
    if (this.exitInfo !== undefined) return Promise.reject(this.hooks.lost(this.exitInfo));
    const id = this.nextId++;
    const frame: DataDict = new Map<string, Data>([
      ['id', id],
      ['op', op],
    ]);
    for (const [k, v] of fields) frame.set(k, v);
    return new Promise<Data>((resolve, reject) => {
      const entry: Pending = { resolve, reject };
      if (timeoutSeconds !== undefined && timeoutSeconds > 0 && timerFits(timeoutSeconds)) {
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new RequestTimeoutError(timeoutSeconds));
          // Ask the agent to kill what the request started; its late answer is dropped.
          this.request('cancel', new Map([['target', id]])).catch(() => undefined);
        }, timeoutSeconds * 1000);
      }
      this.pending.set(id, entry);
      this.child.stdin.write(encodeFrame(escapeLoneSurrogates(dumpJson(frame, { ensureAscii: false }))));
    });
  }

  /** Writes a frame encoded beforehand whose op the agent does not answer (see load-frames.ts). */
  send(frame: Buffer): void {
    if (this.exitInfo === undefined) this.child.stdin.write(frame);
  }

  /** Asks the agent to exit and waits for the process (killing it after `graceMs`). */
  async close(graceMs = 2000): Promise<void> {
    if (this.exitInfo !== undefined) return;
    this.request('exit', new Map()).catch(() => undefined);
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    timer.unref();
    await this.exited;
    clearTimeout(timer);
  }

  /**
   * Lets this process exit without waiting for the agent: its process and pipes stop holding the
   * event loop. For the end of the process: when it exits, the system closes this end of the
   * agent's input, and an agent ends at the end of its input as on 'exit' (become programs pass
   * the end on, as `echo x | sudo cat` ends). Nothing is written: each write here woke an ssh
   * client that took the core from node (~4 ms each on ssh20, 80 ms for 20 agents).
   */
  release(): void {
    if (this.exitInfo !== undefined) return;
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as Partial<Socket>).unref?.();
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** Resolves when the process has ended. */
  whenExited(): Promise<void> {
    return this.exited;
  }

  private onStdout(chunk: Buffer): void {
    for (const text of this.decoder.push(chunk)) {
      let frame: Data;
      try {
        frame = parseJson(text);
      } catch {
        continue;
      }
      if (!isDict(frame)) continue;
      const id = frame.get('id');
      if (typeof id !== 'number') continue;
      const entry = this.pending.get(id);
      if (entry === undefined) continue;
      this.pending.delete(id);
      if (entry.timer !== undefined) clearTimeout(entry.timer);
      if (id === 0) entry.resolve(frame);
      else if (frame.get('ok') === true) entry.resolve(frame.get('result') ?? null);
      else entry.reject(new Error(String(frame.get('error') ?? 'agent error')));
    }
  }

  private onExit(info: ExitInfo): void {
    if (this.exitInfo !== undefined) return;
    this.exitInfo = info;
    const beforeHello = this.hello === undefined;
    for (const [id, entry] of this.pending) {
      if (entry.timer !== undefined) clearTimeout(entry.timer);
      entry.reject(beforeHello && id === 0 ? this.hooks.startFailed(info) : this.hooks.lost(info));
    }
    this.pending.clear();
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A byte that was not UTF-8 (a `!!binary` value, a file's) is a lone surrogate in text, as
 * surrogateescape keeps it; written as UTF-8 it would become U+FFFD, so it goes as a JSON escape,
 * which the agent reads back as the same surrogate (and writes as the byte).
 */
function escapeLoneSurrogates(json: string): string {
  if (!/[\uD800-\uDFFF]/.test(json)) return json;
  return json.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}
