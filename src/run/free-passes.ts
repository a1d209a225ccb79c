/**
 * The free strategy as ansible's strategy loop runs it: passes over the hosts in order. In each
 * pass a host that is not waiting for a result gets its next task queued (queueing waits for one
 * of the `forks` slots), meta steps run at once, and a host at a flush point runs its notified
 * handlers, one per pass. After each pass the results that came back are shown; the last `forks`
 * tasks queued in the pass are still running then, so their output comes a pass later.
 */
import type { RoleInstance, Step, TaskStep } from '../compile/program.js';
import type { HostCursor } from './host-cursor.js';
import { captureTaskResult, releaseWorkerEvents, type CapturedOutput, type WorkerEvents } from './output-capture.js';
import { Slots } from './slots.js';

/** What the pass loop needs from the play runner. */
export interface FreePassRunner {
  readonly forks: number;
  stopped(): boolean;
  unreachable(host: string): boolean;
  cursor(host: string): HostCursor | undefined;
  /** --tags, --skip-tags or --start-at-task leave the step out: it is never handed out. */
  leftOut(step: TaskStep, host: string): boolean;
  /** The step is a task of a role the host already completed, which does not allow duplicates. */
  roleCompleted(step: TaskStep, host: string): boolean;
  /** The host completed this role through another entry of it (see RoleRuns.completedElsewhere). */
  completedElsewhere(role: RoleInstance | undefined, host: string): boolean;
  /** False under --skip-tags always: the flush points (tagged `always` in 2.19) are passed by. */
  readonly implicitFlushes: boolean;
  /** --step: false when the user skips it. */
  confirm(step: TaskStep, isHandler: boolean, host: string): Promise<boolean>;
  /** The host reached a flush point (its notifications are announced). */
  enterHandlers(host: string): void;
  /** No handler is notified for the host or any other: 2.19's iterator passes its implicit flush point by. */
  flushIdle(host: string): boolean;
  /** force_handlers: the host failed and has notified handlers, which run now. */
  forcedHandlers(host: string): boolean;
  /** The next handler the host was notified for, taken from its list. */
  nextHandler(host: string): TaskStep | undefined;
  runHandler(step: TaskStep, host: string): Promise<void>;
  /** The meta flush_handlers the host just ran triggered its handlers (taken once). */
  metaFlushTriggered?(host: string): boolean;
  /** A task is picked for the host, before its --step question (what ansible checks then, at once). */
  queueing?(step: TaskStep, host: string): void;
  /** 2.19 asks for the host's variables for an implicit meta task (role_complete, a flush point): see vars-files-read.ts. */
  implicitMeta?(host: string): void;
  /** A host takes this role's implicit role_complete (its `meta` lookup may warn). */
  roleCompleteReached?(role: RoleInstance | undefined): void;
  /** A meta step, or a task, on one host; the task's question was asked already. */
  runStep(step: TaskStep, host: string, isMeta: boolean): Promise<void>;
  /** The results of these hosts' tasks were shown, at the end of a pass. */
  resultsShown?(hosts: readonly string[]): Promise<void>;
  /** Tells which hosts' failures are not out yet: their results are not shown (see removedUnshown). */
  watchUnshown?(removedUnshown: (host: string) => boolean): void;
}

const INCLUDE_ACTIONS = new Set(['include_tasks', 'include_role']);

interface Queued {
  readonly host: string;
  readonly done: Promise<unknown>;
  readonly output: CapturedOutput;
  /** Its items, retries and polls: out once a later task got a fork (it ran), or the pass ended. */
  readonly events: WorkerEvents;
  /** include_tasks or include_role: its worker does next to nothing, its result is in at once. */
  readonly quick: boolean;
}

/**
 * The host's next step that --tags, --skip-tags and --start-at-task keep (those left out are
 * passed), and not of a role it completed: 2.19's iterator passes those by as it looks the next
 * task up, so --step never asks about them.
 */
function peekKept(cursor: HostCursor, host: string, runner: FreePassRunner): Step | undefined {
  let step = cursor.peek();
  while (step?.kind === 'task' && (runner.leftOut(step, host) || runner.roleCompleted(step, host))) {
    cursor.advance();
    step = cursor.peek();
  }
  return step;
}

export async function runFreePasses(hosts: readonly string[], runner: FreePassRunner): Promise<void> {
  const forks = Math.max(1, runner.forks);
  const slots = new Slots(forks);
  const waiting = new Set<string>();
  const inHandlers = new Set<string>();
  /** The meta flush_handlers each host in its handlers is at: passed once they are done. */
  const flushingAt = new Map<string, Step>();
  let inFlight: Queued[] = [];
  // NOTE: 2.19 applies a pass's results only as it shows them: a host whose task failed it is
  // still in the play batch for the tasks queued before then (their variables are made at queueing).
  const removedWhenQueued = new Map<string, boolean>();
  runner.watchUnshown?.((host) => waiting.has(host) && removedWhenQueued.get(host) === false);
  // NOTE: what the workers still running when a pass ends send comes out as it comes, in 2.19 a
  // moment later: the next task queued or results read let it out (a meta task is quicker), unless
  // an error ends the run first.
  let stillRunning: Queued[] = [];
  const letOutRunning = (): void => {
    for (const q of stillRunning) releaseWorkerEvents(q.events);
    stillRunning = [];
  };
  const queue = async (host: string, work: () => Promise<unknown>, quick = false): Promise<void> => {
    letOutRunning();
    let started: () => void = () => undefined;
    const start = new Promise<void>((resolve) => (started = resolve));
    const output: CapturedOutput = [];
    const events: WorkerEvents = { live: false, held: [] };
    const done = captureTaskResult(output, events, () =>
      slots.use(async () => {
        started();
        return work();
      }),
    );
    done.catch(() => undefined);
    removedWhenQueued.set(host, runner.cursor(host)?.removed ?? false);
    waiting.add(host);
    const earlier = inFlight.filter((q) => !q.events.live);
    inFlight.push({ host, done, output, events, quick });
    // ansible's _queue_task returns once a worker has the task.
    await Promise.race([start, done]);
    // NOTE: a worker was free: the tasks queued before ran, and ansible's results thread showed
    // what their workers sent meanwhile.
    if (forks === 1) for (const q of earlier) releaseWorkerEvents(q.events);
  };
  const show = async (items: readonly Queued[]): Promise<void> => {
    letOutRunning();
    for (const q of items) {
      try {
        await q.done;
      } finally {
        releaseWorkerEvents(q.events);
        for (const fire of q.output) fire();
        waiting.delete(q.host);
      }
    }
    if (items.length > 0) await runner.resultsShown?.(items.map((q) => q.host));
    stillRunning = inFlight.filter((q) => !items.includes(q));
  };
  while (!runner.stopped()) {
    let work = false;
    let queuedNow = 0;
    // Meta steps (a role's role_complete, a flush point) run in the pass without waiting for a fork.
    let metaNow = 0;
    // NOTE: ansible lists the reachable hosts as a pass starts: a host clear_host_errors brings
    // back joins in the next pass.
    const reachable = hosts.filter((h) => !runner.unreachable(h));
    for (const host of reachable) {
      if (runner.stopped()) break;
      if (runner.unreachable(host)) continue;
      if (waiting.has(host)) {
        work = true;
        continue;
      }
      const cursor = runner.cursor(host);
      if (!cursor) continue;
      // NOTE: under force_handlers a host that failed goes to its handlers at once (2.19's
      // iterator moves it there), before the other hosts' next tasks in this pass.
      if (!inHandlers.has(host) && cursor.peek() === undefined && runner.forcedHandlers(host)) {
        runner.enterHandlers(host);
        inHandlers.add(host);
      }
      if (inHandlers.has(host)) {
        const handler = runner.nextHandler(host);
        if (handler) {
          work = true;
          if (handler.task.action === 'meta') {
            // NOTE: a meta handler runs at once, as a meta task does: no fork, no --step question.
            letOutRunning();
            await runner.runHandler(handler, host);
            metaNow++;
          } else {
            // NOTE: 2.19 queues a handler as it queues a task: the same checks and warnings,
            // before its --step question.
            runner.queueing?.(handler, host);
            if (await runner.confirm(handler, true, host)) {
              await queue(host, () => runner.runHandler(handler, host));
              queuedNow++;
            }
          }
          continue;
        }
        inHandlers.delete(host);
        const meta = flushingAt.get(host);
        flushingAt.delete(host);
        // a failed handler may have sent the host to its block's rescue or always
        if (meta) cursor.advancePast(meta);
      }
      let step = peekKept(cursor, host, runner);
      if (!step) continue;
      work = true;
      // A role's implicit role_complete (tagged always, as the flush points) runs at once, as a meta step does.
      // NOTE: 2.19's iterator passes by the role_complete of a role the host completed through
      // another entry of it (a duplicate dependency, whose tasks it passed by too): no turn taken.
      const roleEnds = cursor.rolesCompleted.filter((role) => !runner.completedElsewhere(role, host));
      cursor.rolesCompleted = runner.implicitFlushes ? roleEnds.slice(1) : [];
      if (roleEnds.length > 0 && runner.implicitFlushes) {
        runner.roleCompleteReached?.(roleEnds[0]);
        runner.implicitMeta?.(host);
        metaNow++;
        continue;
      }
      // NOTE: a flush point nothing is notified for is passed by as the host's next task is looked
      // up (2.19's iterator skips it), so that task is queued in this same turn.
      while (step?.kind === 'flush' && (!runner.implicitFlushes || runner.flushIdle(host))) {
        cursor.advance();
        step = peekKept(cursor, host, runner);
      }
      if (!step) continue;
      if (step.kind === 'flush') {
        runner.implicitMeta?.(host);
        runner.enterHandlers(host);
        inHandlers.add(host);
        cursor.advance();
        metaNow++;
        continue;
      }
      if (step.task.action === 'meta') {
        // NOTE: a meta task runs in the strategy's own thread at once, before the results thread
        // shows what the workers still running send: their items come out after its line.
        await runner.runStep(step, host, true);
        // NOTE: a meta flush_handlers puts the host in its handlers (2.19's iterator state): they
        // are handed out one per pass from the next, as an implicit flush point's are.
        if (runner.metaFlushTriggered?.(host)) {
          inHandlers.add(host);
          flushingAt.set(host, step);
        }
        metaNow++;
        continue;
      }
      // NOTE: 2.19 reads the host's variables and checks run_once as it picks the task, before
      // the --step question (free-strategy.yml: a declined task leaves the host blocked for good).
      runner.queueing?.(step, host);
      if (!(await runner.confirm(step, false, host))) {
        cursor.advance();
        continue;
      }
      const task = step;
      await queue(host, () => runner.runStep(task, host, false), INCLUDE_ACTIONS.has(task.task.action));
      queuedNow++;
    }
    if (!work && inFlight.length === 0) break;
    // NOTE: a pass that queued no task but ran meta steps is over in a moment: the tasks still
    // running are still running as 2.19 reads the results, so they show in a later pass.
    // An include's result is in by then all the same.
    const keep = queuedNow > 0 ? Math.min(forks, queuedNow) : metaNow > 0 ? inFlight.length : 0;
    const now = inFlight.slice(0, inFlight.length - keep);
    inFlight = inFlight.slice(inFlight.length - keep);
    if (queuedNow === 0 && metaNow > 0) {
      now.push(...inFlight.filter((q) => q.quick));
      inFlight = inFlight.filter((q) => !q.quick);
    }
    await show(now);
  }
  await show(inFlight);
}
