/**
 * The one Python helper process of a run (src/controller-python/plugin_host.py), asked
 * synchronously: a worker thread owns the process; the main thread posts a JSON line and sleeps
 * in Atomics.wait until the reply line is on a MessagePort it reads with receiveMessageOnPort.
 * While a plugin runs, the helper may ask back (a variable, a rendered template …): `call`
 * answers those through `answer` and keeps waiting for the result.
 */
import { existsSync } from 'node:fs';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { HOST_WORKER_SOURCE } from './host-worker-source.js';

/** The helper's reply: a result, or the text of what the plugin raised. */
export type HostReply = { readonly r: unknown } | { readonly e: string; readonly internal?: boolean };

/** The helper could not start or ended: no Python on the controller, or it died. */
export class PluginHostError extends Error {
  constructor(
    message: string,
    readonly noPython: boolean,
  ) {
    super(message);
    this.name = 'PluginHostError';
  }
}

interface WorkerMessage {
  readonly line?: string;
  readonly exit?: number;
  readonly error?: string;
  readonly signal?: string | null;
}

// NOTE: the helper's first line carries every source; it runs plugin_host under `__volant__`.
const BOOTSTRAP = [
  'import json, sys',
  's = json.loads(sys.stdin.buffer.readline())',
  "exec(compile(s['plugin_host'], '<volant plugin host>', 'exec'), {'__name__': '__volant__', 'SOURCES': s})",
].join('\n');

/** As the agent's bootstrap finds Python: /usr/bin/python3 first (the platform's), else python3 on PATH. */
export function controllerPython(): string {
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

export class PluginHost {
  private port: MessagePort | undefined;
  private flag: Int32Array | undefined;
  private worker: Worker | undefined;
  private ended: PluginHostError | undefined;

  constructor(
    private readonly sources: () => Readonly<Record<string, string>>,
    private readonly python: string = controllerPython(),
  ) {}

  /** Sends a request and returns the helper's reply, answering its questions on the way. */
  call(request: string, answer: (question: unknown) => string): HostReply {
    this.start();
    this.post(request);
    for (;;) {
      const message = this.next();
      if (message.line === undefined) throw this.end(message);
      const frame = JSON.parse(message.line) as { cb?: unknown } & HostReply;
      if (!('cb' in frame)) return frame;
      this.post(answer(frame.cb));
    }
  }

  private start(): void {
    if (this.ended) throw this.ended;
    if (this.worker) return;
    const flagBuffer = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    this.flag = new Int32Array(flagBuffer);
    this.port = port1;
    this.worker = new Worker(HOST_WORKER_SOURCE, {
      eval: true,
      workerData: { flagBuffer, port: port2, python: this.python, bootstrap: BOOTSTRAP, firstLine: JSON.stringify(this.sources()) },
      transferList: [port2],
    });
    // The helper must never keep a finished run alive: its stdin closes with this process.
    this.worker.unref();
  }

  private post(line: string): void {
    this.worker?.postMessage(line);
  }

  private next(): WorkerMessage {
    const port = this.port as MessagePort;
    const flag = this.flag as Int32Array;
    for (;;) {
      const received = receiveMessageOnPort(port);
      if (received) return received.message as WorkerMessage;
      Atomics.wait(flag, 0, 0);
      Atomics.store(flag, 0, 0);
    }
  }

  private end(message: WorkerMessage): PluginHostError {
    const noPython = message.error === 'ENOENT';
    const why = noPython
      ? `no Python 3 was found on the controller (${this.python === 'python3' ? '/usr/bin/python3 or python3 on PATH' : this.python}); Volant runs filter_plugins/, test_plugins/ and lookup_plugins/ with it`
      : `the Python plugin helper (${this.python}) ended${message.error ? `: ${message.error}` : message.signal ? ` on ${message.signal}` : ` with status ${message.exit ?? '?'}`}`;
    this.ended = new PluginHostError(why, noPython);
    void this.worker?.terminate();
    return this.ended;
  }
}
