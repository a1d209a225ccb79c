/**
 * The host_pinned strategy: `forks` slots, each keeping its host until the host is done with the
 * play, then taking the first host in order with work left.
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
  /** The host left roles: the first one's implicit role_complete takes its turn (false: none). */
  roleComplete(host: string): boolean;
  /** The host is done but for flush points nothing is notified for (which it passes by for now). */
  parked(host: string): boolean;
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
    if (runner.roleComplete(host)) return true;
    if (step.kind === 'flush') {
      if (runner.parked(host)) return false;
      await runner.flushHandlers(host);
      cursor.advance();
    } else {
      await runner.runStep(step, host);
    }
    return true;
  };
  /** The host has a step left, or handlers force_handlers runs (stepHost would step it). */
  const hasWork = (host: string): boolean => {
    const cursor = runner.cursor(host);
    if (!cursor || runner.unreachable(host)) return false;
    return (cursor.peek() !== undefined && !runner.parked(host)) || runner.forcedHandlers(host);
  };
  const held = new Set<string>();
  // NOTE: 2.19's host_pinned walks the hosts in order each pass and a busy worker keeps the later
  // ones waiting, so the first host with work has a slot: one meta clear_host_errors brought back
  // (done, failed) takes it again before the later host that ran the meta goes on.
  const firstFree = (before = hosts.length): string | undefined =>
    hosts.slice(0, before).find((h) => !held.has(h) && hasWork(h));
  const slot = async (): Promise<void> => {
    for (let host = firstFree(); host !== undefined && !runner.stopped(); host = firstFree()) {
      held.add(host);
      try {
        while ((await stepHost(host)) && firstFree(hosts.indexOf(host)) === undefined);
      } finally {
        held.delete(host);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, runner.forks), hosts.length) }, slot));
}
