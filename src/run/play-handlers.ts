/**
 * A play's handlers: the play's list (then the handlers include_role brings in), who notified
 * which, and running the notified ones at a flush point, in definition order.
 */
import type { Program, Step, TaskStep } from '../compile/program.js';
import type { Callback, TaskInfo } from './events.js';
import { HostCursor } from './host-cursor.js';
import { Notifications } from './notifications.js';

/** What handlers need from the play runner. */
export interface HandlerRunner {
  /** The hosts' places in the play; a running handler swaps in its own for its hosts. */
  readonly cursors: Map<string, HostCursor>;
  readonly unreachable: ReadonlySet<string>;
  readonly failedHosts: Set<string>;
  readonly callback: Callback;
  /** force_handlers (the play's keyword, else the setting): failed hosts still run their handlers. */
  forceHandlers(): boolean;
  taskInfo(step: TaskStep, host: string): TaskInfo;
  /** The handler's banner is shown each time it runs. */
  forgetBanner(step: TaskStep): void;
  /** Runs the handler as a task step on the hosts. */
  runStep(step: TaskStep, hosts: string[], asked: boolean): Promise<unknown>;
  /** A handler's name templated with the play's variables, or undefined when that fails. */
  handlerName?(step: TaskStep, name: string): string | undefined;
  /** --step was just told not to run this handler. */
  declined?(step: TaskStep): boolean;
}

export class PlayHandlers {
  /** The play's handlers, then those of roles include_role brought in. */
  private readonly steps: Step[];
  /** How many of them the play loaded (see startBatch). */
  private readonly loaded: number;
  readonly notifications: Notifications;

  constructor(
    handlers: Program,
    private readonly runner: HandlerRunner,
  ) {
    this.steps = [...handlers.steps];
    this.loaded = this.steps.length;
    this.notifications = new Notifications({ steps: this.steps }, runner.handlerName ? (step, name) => runner.handlerName?.(step, name) : undefined);
  }

  /**
   * NOTE: 2.19 runs each serial batch on a fresh copy of the play, whose handlers are those it
   * loaded: what include_role added in an earlier batch is gone, so a notification finds the
   * handler of the play's load again.
   */
  startBatch(): void {
    this.steps.splice(this.loaded);
  }

  /** include_role's handlers join the play's list, once per role. */
  add(handlers: Program): void {
    for (const step of handlers.steps) {
      if (step.kind !== 'task') continue;
      const same = this.steps.some((h) => h.kind === 'task' && h.task === step.task && h.role?.def.path === step.role?.def.path);
      if (!same) this.steps.push(step);
    }
  }

  /** -vv's "NOTIFIED HANDLER name for host": what this host notified since its last flush. */
  announce(host: string): void {
    for (const step of this.notifications.drainFresh(host)) {
      const info = this.runner.taskInfo(step, host);
      this.runner.callback.handlerNotified?.(info.role ? `${info.role} : ${info.name}` : info.name, host);
    }
  }

  /**
   * Where a host's next flush starts in the handler list: after a handler that failed in a flush
   * (2.19 leaves its place in the list there), once; the handlers before it wait for a later flush.
   */
  private readonly resumeAt = new Map<string, number>();
  /**
   * Hosts a handler failed at one of the play's own flush points: 2.19 fails them there for good
   * (the block force_handlers wraps a section in is done), so no later flush runs their handlers.
   */
  private readonly doneFlushing = new Set<string>();

  /**
   * Runs notified handlers in definition order for the hosts at this flush point (`starting`: each
   * host's flush task starts; `announced`: what happens once the notifications are handed to the
   * handlers, before the first of them runs).
   */
  async flush(hosts: readonly string[], starting?: (host: string) => void, announced?: () => void): Promise<void> {
    const runner = this.runner;
    for (const host of hosts) {
      starting?.(host);
      this.announce(host);
    }
    announced?.();
    const stoppedAt = new Map<string, number>();
    const isFailed = (h: string): boolean => (runner.cursors.get(h)?.failed ?? false) || runner.failedHosts.has(h);
    // NOTE: a host any_errors_fatal or max_fail_percentage marks failed during the flush leaves its
    // handlers then (2.19 fails it out of them); force_handlers runs those of hosts failed before.
    const failedBefore = new Set(hosts.filter(isFailed));
    for (const [index, step] of this.steps.entries()) {
      if (step.kind !== 'task') continue;
      const eligible = hosts.filter((h) => {
        const c = runner.cursors.get(h);
        if (runner.unreachable.has(h) || stoppedAt.has(h) || (this.resumeAt.get(h) ?? 0) > index || c?.leftPlay) return false;
        if (isFailed(h)) return runner.forceHandlers() && !this.doneFlushing.has(h) && failedBefore.has(h);
        return true;
      });
      const notified = this.notifications.take(step, eligible);
      if (notified.length === 0) continue;
      for (const h of await this.run(step, notified)) stoppedAt.set(h, index + 1);
    }
    for (const h of hosts) {
      const at = stoppedAt.get(h);
      if (at === undefined) this.resumeAt.delete(h);
      else this.resumeAt.set(h, at);
    }
  }

  /** Where each host's walk of the handler list (free, one handler per pass) has got to in this flush. */
  private readonly walkAt = new Map<string, number>();
  /** Hosts whose walk a failed handler ended (2.19's iterator leaves the handlers for the rescue, or out). */
  private readonly walkStopped = new Set<string>();

  /**
   * The next handler, in definition order, the host was notified for (taken from its list);
   * undefined ends the host's flush. NOTE: as 2.19's iterator, the walk goes down the list once:
   * a handler a later one notifies, defined before it, waits for the next flush.
   */
  next(host: string): TaskStep | undefined {
    const cursor = this.runner.cursors.get(host);
    const done = cursor?.leftPlay || ((cursor?.failed || this.runner.failedHosts.has(host)) && (!this.runner.forceHandlers() || this.doneFlushing.has(host)));
    if (this.walkStopped.delete(host)) {
      this.walkAt.delete(host);
      return undefined;
    }
    // a walk a failed handler ended starts the next one after it, as linear's flush does
    const from = this.walkAt.get(host) ?? this.resumeAt.get(host) ?? 0;
    this.resumeAt.delete(host);
    for (let i = done ? this.steps.length : from; i < this.steps.length; i++) {
      const step = this.steps[i];
      if (step?.kind === 'task' && this.notifications.take(step, [host]).length > 0) {
        this.walkAt.set(host, i + 1);
        return step;
      }
    }
    this.walkAt.delete(host);
    return undefined;
  }

  /** The hosts the running handler runs for at one of the play's own flush points (see run). */
  private readonly runningAtFlushPoint = new Set<string>();

  /**
   * The host is running a handler at one of the play's own flush points: failing there ends it
   * for good (no flush is ahead of it, force_handlers or not).
   */
  failsForGood(host: string): boolean {
    return this.runningAtFlushPoint.has(host);
  }

  /**
   * A handler runs like a task on the hosts it was notified for. Its failure is the failure of
   * the meta flush_handlers that ran it (the block around that rescues it); at the play's own
   * flush points it ends the host.
   */
  async run(step: TaskStep, notified: string[], asked = false): Promise<string[]> {
    const cursors = this.runner.cursors;
    const handlerCursors = new Map<string, HostCursor>();
    const atFlushPoint = new Set<string>();
    const program: Program = { steps: [step], spans: [], jumps: { next: [1], exits: [[]], fail: [{ target: 1, hostFailed: true }], spanFail: [], rescuable: [false], playBlockRescues: [false] } };
    for (const h of notified) {
      const original = cursors.get(h);
      const at = original?.current();
      const byMeta = at?.kind === 'task' && at.task.action === 'meta' && !original?.failed;
      if (!byMeta) {
        atFlushPoint.add(h);
        this.runningAtFlushPoint.add(h);
      }
      handlerCursors.set(h, HostCursor.forHandler(program, original, byMeta ? original : undefined, this.runner.forceHandlers()));
    }
    const saved = new Map(notified.map((h) => [h, cursors.get(h)] as const));
    this.runner.forgetBanner(step);
    for (const [h, c] of handlerCursors) cursors.set(h, c);
    await this.runner.runStep(step, notified, asked);
    // NOTE: as in 2.19, a handler --step skips is still notified: the next flush asks about it again.
    if (this.runner.declined?.(step)) this.notifications.keep(step, notified);
    await this.runIncluded(handlerCursors, asked);
    const failed: string[] = [];
    for (const h of atFlushPoint) this.runningAtFlushPoint.delete(h);
    for (const [h, c] of handlerCursors) {
      const original = saved.get(h);
      if (original) cursors.set(h, original);
      // NOTE: a meta handler (end_host, end_batch, end_play) completes the host for 2.19's
      // iterator: no later handler or task runs on it.
      if (c.leftPlay && !c.failed) original?.end();
      if (c.hadFailure) {
        failed.push(h);
        if (this.walkAt.has(h)) {
          this.walkStopped.add(h);
          this.resumeAt.set(h, this.steps.indexOf(step) + 1);
        }
      }
      if (!c.failed || !original) continue;
      if (atFlushPoint.has(h)) this.doneFlushing.add(h);
      original.failed = true;
      // NOTE: under force_handlers a handler failing at a meta flush_handlers fails the host into
      // the always section 2.19 wraps the play's section in: that section's flush still runs what
      // the host notified (from after the failed handler on).
      if (atFlushPoint.has(h) || !this.runner.forceHandlers()) original.end();
      this.runner.failedHosts.add(h);
    }
    return failed;
  }

  /** An include_tasks handler: the hosts that included its file run those tasks as handlers too. */
  private async runIncluded(handlerCursors: Map<string, HostCursor>, asked: boolean): Promise<void> {
    for (;;) {
      // Hosts meet at a step by its id (a looped include gives each host its own list of programs).
      const waiting = new Map<number, { step: TaskStep; hosts: string[] }>();
      for (const [h, c] of handlerCursors) {
        const next = c.peek();
        if (next?.kind !== 'task') continue;
        const group = waiting.get(next.id);
        if (group) group.hosts.push(h);
        else waiting.set(next.id, { step: next, hosts: [h] });
      }
      const first = [...waiting.values()][0];
      if (!first) return;
      this.runner.forgetBanner(first.step);
      await this.runner.runStep(first.step, first.hosts, asked);
    }
  }

  /** With force_handlers, failed hosts of the batch still run what they notified, at every flush. */
  forcedHosts(batchHosts: readonly string[], except: readonly string[]): string[] {
    const runner = this.runner;
    if (!runner.forceHandlers()) return [];
    return batchHosts.filter((h) => !except.includes(h) && runner.cursors.get(h)?.failed && !runner.unreachable.has(h) && !this.doneFlushing.has(h) && this.notifications.pending(h));
  }
}
