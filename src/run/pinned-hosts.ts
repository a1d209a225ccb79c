/**
 * The host_pinned strategy: `forks` slots, each keeping its host until the host is done with the
 * play, then taking the next host in order.
 */
import type { TaskStep } from '../compile/program.js';
import type { HostCursor } from './host-cursor.js';

/** What the pinned slots need from the play runner. */
export interface PinnedRunner {
  readonly forks: number;
  stopped(): boolean;
  unreachable(host: string): boolean;
  cursor(host: string): HostCursor | undefined;
  /** The host reached a flush point: its notified handlers run. */
  flushHandlers(host: string): Promise<void>;
  /** force_handlers: the host failed and has notified handlers, which run now. */
  forcedHandlers(host: string): boolean;
  runStep(step: TaskStep, host: string): Promise<void>;
}

export async function runPinnedHosts(hosts: readonly string[], runner: PinnedRunner): Promise<void> {
  /** Runs the host's next step; false when it has none left. */
  const stepHost = async (host: string): Promise<boolean> => {
    const cursor = runner.cursor(host);
    const step = cursor?.peek();
    if (!cursor || runner.stopped() || runner.unreachable(host)) return false;
    if (!step) {
      if (!runner.forcedHandlers(host)) return false;
      // a host that failed runs its notified handlers under force_handlers, then is done
      await runner.flushHandlers(host);
      return true;
    }
    if (step.kind === 'flush') {
      await runner.flushHandlers(host);
      cursor.advance();
    } else {
      await runner.runStep(step, host);
    }
    return true;
  };
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < hosts.length && !runner.stopped()) {
      const host = hosts[next++] as string;
      while (await stepHost(host));
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, runner.forks), hosts.length) }, slot));
}
