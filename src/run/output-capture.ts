/**
 * Holding back what a piece of work would print. The cross-host run-ahead executes a host's
 * next step before its turn; everything that execution reports (item lines, warnings from its
 * templates, -v lines) must come out when the step's turn comes, where linear prints it. The
 * capture follows the async work it was started for (AsyncLocalStorage), so the callback every
 * stage reports to can tell a held-back call from a live one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Callback } from './events.js';

/** Callback calls held back, to be replayed in order. */
export type CapturedOutput = (() => void)[];

const current = new AsyncLocalStorage<CapturedOutput>();

/**
 * Lets out, now, what the current work has held back (the task debugger is about to ask about
 * the result, which must be shown first).
 */
export function releaseHeld(): void {
  const held = current.getStore();
  if (!held) return;
  const calls = held.splice(0);
  // Outside the capture, so the calls reach the screen.
  current.exit(() => {
    for (const call of calls) call();
  });
}

/** Makes `call` now, past any capture: what the strategy sends itself, not the task's worker. */
export function sendOutsideCapture(call: () => void): void {
  current.exit(call);
}

/** Runs `work` with every call to a capturable callback made on its behalf held in `into`. */
export function captureOutput<T>(into: CapturedOutput, work: () => Promise<T>): Promise<T> {
  return current.run(into, work);
}

/**
 * What ansible-core's worker sends while a task runs (item results, retries, async polls): its
 * results thread shows those as they come, while the free strategy shows the task's result only
 * when its pass ends. Held until the task is known to have run (`live`), then out as they come.
 */
export interface WorkerEvents {
  live: boolean;
  readonly held: CapturedOutput;
}

const workerEventsOf = new WeakMap<CapturedOutput, WorkerEvents>();

/** Like captureOutput, but the task's worker events go to `events` (see WorkerEvents). */
export function captureTaskResult<T>(into: CapturedOutput, events: WorkerEvents, work: () => Promise<T>): Promise<T> {
  workerEventsOf.set(into, events);
  return current.run(into, work);
}

/** Lets out the worker events held so far; the later ones go out as they come. */
export function releaseWorkerEvents(events: WorkerEvents): void {
  events.live = true;
  const calls = events.held.splice(0);
  current.exit(() => {
    for (const call of calls) call();
  });
}

/**
 * Inside held-back work, keeps `replay` to run when the output is let out, and returns true;
 * elsewhere returns false. For output the runner itself orders (per-host buffers), so it goes
 * through the same ordering when replayed. `workerEvent`: see WorkerEvents.
 */
export function holdBack(replay: () => void, workerEvent = false): boolean {
  const held = current.getStore();
  if (!held) return false;
  const events = workerEvent ? workerEventsOf.get(held) : undefined;
  if (events?.live) current.exit(replay);
  else if (events) events.held.push(replay);
  else held.push(replay);
  return true;
}

/**
 * The callback, made to hold back its calls while inside captureOutput. Wrap the one callback a
 * run reports to (the CLI does), so that templates, transports and the runner all go through it.
 */
export function capturable(callback: Callback): Callback {
  return new Proxy(callback, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const held = current.getStore();
        if (held) {
          held.push(() => (value as (...a: unknown[]) => unknown).apply(target, args));
          return undefined;
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
