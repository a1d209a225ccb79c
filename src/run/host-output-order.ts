/**
 * Output of hosts that run one step in parallel, kept in host order: while the step runs, the
 * events of every host but the first wait in that host's buffer and come out, host by host, when
 * the step is done on all of them (ansible shows results in host order).
 */
import type { Callback, HostResult } from './events.js';
import { holdBack } from './output-capture.js';

export type ItemEvent = 'ok' | 'failed' | 'skipped' | 'diff';
export type AsyncEvent = 'poll' | 'ok' | 'failed';

export class HostOutputOrder {
  /** Per host: its waiting events, or null while they go straight out. */
  private buffers: Map<string, (() => void)[] | null> | undefined;
  private hostOrder: string[] = [];

  constructor(private readonly callback: Callback) {}

  /** A step starts on the hosts; `live` lets every host's events out as they come (one fork). */
  start(hosts: readonly string[], live: boolean): void {
    this.buffers = new Map(hosts.map((h, i) => [h, i === 0 || live ? null : []]));
    this.hostOrder = [...hosts];
  }

  /** The step is done on every host: the held events come out in host order. */
  finish(): void {
    if (this.buffers) {
      for (const host of this.hostOrder) {
        const buffer = this.buffers.get(host);
        if (buffer) for (const fire of buffer) fire();
        this.buffers.set(host, null);
      }
    }
    this.buffers = undefined;
  }

  item(kind: ItemEvent, r: HostResult): void {
    const cb = this.callback;
    const fire = (): void => {
      if (kind === 'ok') cb.itemOk?.(r);
      else if (kind === 'diff') cb.fileDiff?.(r);
      else if (kind === 'failed') cb.itemFailed?.(r);
      else cb.itemSkipped?.(r);
    };
    this.emit(r.host, fire, true);
  }

  async(kind: AsyncEvent, r: HostResult): void {
    const cb = this.callback;
    const hook = { poll: cb.asyncPoll, ok: cb.asyncOk, failed: cb.asyncFailed }[kind];
    this.emit(r.host, () => hook?.call(cb, r), true);
  }

  /**
   * While hosts run in parallel, a host's events wait in its buffer so hosts do not interleave.
   * `workerEvent`: sent while the task runs (an item, a retry, an async poll), not its result.
   */
  emit(host: string, fire: () => void, workerEvent = false): void {
    // A step running ahead of its turn: the event is ordered when the step's turn comes.
    if (holdBack(() => this.emit(host, fire), workerEvent)) return;
    const buffer = this.buffers?.get(host);
    if (buffer) buffer.push(fire);
    else fire();
  }
}
