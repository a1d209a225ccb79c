/**
 * Starts agent processes in batches. node's spawn() forks the whole controller and blocks its
 * event loop until the child has exec'd: ~1.5 ms of node's CPU each at 70 MB, and tens of ms
 * of a stalled loop each on a busy machine, while the first agents are already answering. The
 * requests made in one turn of the event loop go to one small bash instead, which starts them
 * all: one fork of node per batch, each process with three pipes of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { constants } from 'node:fs';
import type { Socket } from 'node:net';
import { constants as osConstants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { AgentProcess } from './agent-client.js';
import { shellQuote } from './shell-quote.js';
import { canAccess, programOnPath } from '../core/fs-kinds.js';

const BASH = '/bin/bash';
/** Each process costs the launcher three descriptors and its script a line that closes the rest. */
const MAX_BATCH = 32;

interface LaunchRequest {
  readonly file: string;
  readonly args: readonly string[];
  started(process: AgentProcess): void;
}

export class BatchLauncher {
  private queue: LaunchRequest[] = [];

  /**
   * Starts `file args…` with piped stdio, alone or with the others asked for in this turn, and
   * calls `started` with it at once: listeners must go on there, as a failed spawn's 'error' is
   * emitted in the next tick.
   */
  launch(file: string, args: readonly string[], started: (process: AgentProcess) => void): void {
    if (this.queue.length === 0) setImmediate(() => this.flush());
    this.queue.push({ file, args, started });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    for (let i = 0; i < queue.length; i += MAX_BATCH) startBatch(queue.slice(i, i + MAX_BATCH));
  }
}

function startBatch(batch: LaunchRequest[]): void {
  // NOTE: a program not on PATH is spawned alone, so its ENOENT is the error it has always been.
  if (batch.length === 1 || !bashAvailable() || batch.some((r) => !programFound(r.file))) {
    for (const r of batch) r.started(spawn(r.file, r.args, { stdio: 'pipe' }));
    return;
  }
  const stdio: ('pipe' | 'ignore')[] = ['ignore', 'pipe', 'ignore'];
  for (let i = 0; i < batch.length; i++) stdio.push('pipe', 'pipe', 'pipe');
  const launcher = spawn(BASH, ['-c', launcherScript(batch)], { stdio });
  const processes = batch.map((r, i) => {
    const at = 3 + 3 * i;
    return new LaunchedProcess(launcher, launcher.stdio[at] as Writable, launcher.stdio[at + 1] as Readable, launcher.stdio[at + 2] as Readable);
  });
  readReports(launcher, processes);
  batch.forEach((r, i) => r.started(processes[i] as LaunchedProcess));
}

/**
 * One background subshell per process: it keeps only that process's descriptors (another's
 * open copy would hold its pipes open past its end), starts it on them, and reports `p INDEX
 * PID` then `x INDEX STATUS` on the launcher's stdout.
 */
export function launcherScript(batch: readonly { file: string; args: readonly string[] }[]): string {
  const fds = (i: number): number[] => [3 + 3 * i, 4 + 3 * i, 5 + 3 * i];
  const close = (list: number[]): string => list.map((fd) => `${fd}>&-`).join(' ');
  const all = batch.flatMap((_, i) => fds(i));
  const lines = batch.map((r, i) => {
    const [inFd, outFd, errFd] = fds(i) as [number, number, number];
    const others = all.filter((fd) => fd < inFd || fd > errFd);
    const command = [r.file, ...r.args].map(shellQuote).join(' ');
    const own = close([inFd, outFd, errFd]);
    return `(${others.length ? `exec ${close(others)}; ` : ''}${command} <&${inFd} >&${outFd} 2>&${errFd} ${own} & p=$!; exec ${own}; echo "p ${i} $p"; wait $p; echo "x ${i} $?") &`;
  });
  return `${lines.join('\n')}\nexec ${close(all)}\nwait\n`;
}

function readReports(launcher: ChildProcess, processes: LaunchedProcess[]): void {
  let pending = '';
  launcher.stdout?.setEncoding('latin1');
  launcher.stdout?.on('data', (text: string) => {
    pending += text;
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const [kind, index, value] = pending.slice(0, nl).split(' ');
      pending = pending.slice(nl + 1);
      const process = processes[Number(index)];
      if (process === undefined) continue;
      if (kind === 'p') process.started(Number(value));
      else if (kind === 'x') process.ended(Number(value));
    }
  });
  launcher.on('close', () => {
    // the launcher is gone (killed): what it did not report can no longer be waited for
    for (const p of processes) p.ended(null);
  });
}

/** A process the launcher started: what AgentClient uses of a ChildProcess. */
class LaunchedProcess extends EventEmitter implements AgentProcess {
  private pid: number | undefined;
  private pendingSignal: NodeJS.Signals | undefined;
  private sentSignal: NodeJS.Signals | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private openStreams = 2;

  constructor(
    private readonly launcher: ChildProcess,
    readonly stdin: Writable,
    readonly stdout: Readable,
    readonly stderr: Readable,
  ) {
    super();
    for (const stream of [stdout, stderr]) {
      stream.once('close', () => {
        this.openStreams--;
        this.maybeClose();
      });
    }
  }

  get exitCode(): number | null {
    return this.exit?.code ?? null;
  }

  get signalCode(): NodeJS.Signals | null {
    return this.exit?.signal ?? null;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.exit !== undefined) return false;
    if (this.pid === undefined) {
      this.pendingSignal = signal;
      return true;
    }
    try {
      process.kill(this.pid, signal);
      this.sentSignal = signal;
      return true;
    } catch {
      return false;
    }
  }

  /** The launcher stops holding the event loop (this process's own pipes are the caller's). */
  unref(): void {
    this.launcher.unref();
    (this.launcher.stdout as Partial<Socket> | null)?.unref?.();
  }

  started(pid: number): void {
    this.pid = pid;
    if (this.pendingSignal !== undefined) this.kill(this.pendingSignal);
  }

  /** `status` as the shell's `$?`; null when the launcher ended without saying. */
  ended(status: number | null): void {
    if (this.exit !== undefined) return;
    // NOTE: the shell says 128+N for a process killed by signal N, as for an exit code 128+N; a
    // signal this side sent is the likelier reading.
    const sent = this.sentSignal === undefined ? undefined : osConstants.signals[this.sentSignal];
    this.exit = status !== null && sent !== undefined && status === 128 + sent ? { code: null, signal: this.sentSignal ?? null } : { code: status, signal: null };
    this.emit('exit', this.exit.code, this.exit.signal);
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.exit === undefined || this.openStreams > 0) return;
    this.openStreams = -1;
    this.emit('close', this.exit.code, this.exit.signal);
  }
}

let bash: boolean | undefined;
function bashAvailable(): boolean {
  bash ??= executable(BASH);
  return bash;
}

const found = new Map<string, boolean>();
function programFound(file: string): boolean {
  let ok = found.get(file);
  if (ok === undefined) {
    ok = file.includes('/') ? executable(file) : programOnPath(file, process.env.PATH ?? '') !== undefined;
    found.set(file, ok);
  }
  return ok;
}

function executable(path: string): boolean {
  return canAccess(path, constants.X_OK);
}
