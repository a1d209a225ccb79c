/**
 * Running one step on a group of hosts, a limited number at a time, their output kept in host
 * order. A host whose step already ran ahead of its turn (run-ahead.ts) takes that outcome, and
 * the output it held back comes out now.
 */
import type { TaskStep } from '../compile/program.js';
import type { HostOutputOrder } from './host-output-order.js';
import { captureOutput, type CapturedOutput } from './output-capture.js';
import type { RunAhead } from './run-ahead.js';
import type { ExecOutcome } from './task-executor.js';

export interface FanOut {
  /** How many hosts run the step at once. */
  readonly limit: number;
  readonly output: HostOutputOrder;
  readonly runAhead: RunAhead | undefined;
  run(host: string, step: TaskStep): Promise<ExecOutcome>;
  /** The host's turn at the step begins (ansible's v2_runner_on_start, sent as the task is queued). */
  started(host: string): void;
  /** Each outcome as it comes in, before `onEach` (run-ahead starts the host's next step). */
  ranOn(runAhead: RunAhead, host: string, outcome: ExecOutcome): void;
  /**
   * One fork: the next host runs before this host's result is taken (applied), as 2.19's worker
   * gets its variables while the result it has not read yet waits; false where taking a result
   * may run the task again (the task debugger).
   */
  readonly overlap?: boolean;
  /**
   * One fork, overlapped: the strategy queued the host after this one (and asked for its
   * variables) before it read anything this host's worker sent.
   */
  queuedNext?(host: string): void;
}

/** Runs the step on the hosts, `limit` at a time; `onEach` takes each result as it comes (one fork). */
export async function runOnHosts(fan: FanOut, step: TaskStep, hosts: readonly string[], onEach?: (host: string, outcome: ExecOutcome) => Promise<void>): Promise<[string, ExecOutcome][]> {
  const results: ([string, ExecOutcome] | undefined)[] = new Array(hosts.length);
  // Events of hosts after the first still running are held back so output follows host order.
  fan.output.start(hosts, onEach !== undefined);
  let next = 0;
  const runAhead = fan.runAhead;
  // NOTE: with one fork, ansible queues the next host (and says so) before it shows this host's
  // result, which it reads only once the next worker is under way.
  const startsAhead = onEach !== undefined && fan.limit === 1;
  const runOne = async (host: string): Promise<ExecOutcome> => {
    const early = runAhead?.take(host, step);
    let outcome: ExecOutcome | undefined;
    if (early) {
      try {
        outcome = await early.outcome;
      } finally {
        // What the early run printed comes out now, as it would have while the step ran here.
        for (const fire of early.output) fire();
      }
    }
    // No early run, or it found at the start that the step must wait for its turn.
    outcome ??= runAhead ? await runAhead.slots.use(() => fan.run(host, step)) : await fan.run(host, step);
    if (runAhead) fan.ranOn(runAhead, host, outcome);
    return outcome;
  };
  if (startsAhead && fan.overlap === true && onEach) {
    await overlapped(fan, hosts, runOne, onEach, results);
    fan.output.finish();
    return results.filter((r): r is [string, ExecOutcome] => r !== undefined);
  }
  const worker = async (): Promise<void> => {
    while (next < hosts.length) {
      const i = next++;
      const host = hosts[i] as string;
      if (!startsAhead || i === 0) fan.started(host);
      const outcome = await runOne(host);
      results[i] = [host, outcome];
      if (startsAhead && i + 1 < hosts.length) fan.started(hosts[i + 1] as string);
      if (onEach) await onEach(host, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(fan.limit, hosts.length) }, worker));
  fan.output.finish();
  return results.filter((r): r is [string, ExecOutcome] => r !== undefined);
}

/**
 * One fork, 2.19's way: a host's worker runs with what the strategy knew as it queued the task,
 * before it read the previous host's result; so each host runs before the previous one's result is
 * taken, and what it prints waits until that result is shown.
 */
async function overlapped(
  fan: FanOut,
  hosts: readonly string[],
  runOne: (host: string) => Promise<ExecOutcome>,
  onEach: (host: string, outcome: ExecOutcome) => Promise<void>,
  results: ([string, ExecOutcome] | undefined)[],
): Promise<void> {
  let waiting: [string, ExecOutcome] | undefined;
  for (const [i, host] of hosts.entries()) {
    if (i === 0) {
      fan.started(host);
      fan.queuedNext?.(host);
    }
    const held: CapturedOutput = [];
    let outcome: ExecOutcome | undefined;
    let error: unknown;
    try {
      outcome = waiting ? await captureOutput(held, () => runOne(host)) : await runOne(host);
    } catch (e) {
      error = e ?? new Error('step failed');
    }
    if (waiting) {
      await onEach(...waiting);
      fan.queuedNext?.(host);
    }
    waiting = undefined;
    for (const fire of held) fire();
    if (error !== undefined || outcome === undefined) throw error;
    results[i] = [host, outcome];
    if (i + 1 < hosts.length) fan.started(hosts[i + 1] as string);
    waiting = [host, outcome];
  }
  if (waiting) await onEach(...waiting);
}
