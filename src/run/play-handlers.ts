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
}

export class PlayHandlers {
  /** The play's handlers, then those of roles include_role brought in. */
  private readonly steps: Step[];
  readonly notifications: Notifications;

  constructor(
    handlers: Program,
    private readonly runner: HandlerRunner,
  ) {
    this.steps = [...handlers.steps];
    this.notifications = new Notifications({ steps: this.steps });
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

  /** Runs notified handlers in definition order for the hosts at this flush point. */
  async flush(hosts: readonly string[]): Promise<void> {
    const runner = this.runner;
    for (const host of hosts) this.announce(host);
    for (const step of this.steps) {
      if (step.kind !== 'task') continue;
      const eligible = hosts.filter((h) => {
        const c = runner.cursors.get(h);
        if (runner.unreachable.has(h)) return false;
        if (c?.failed || runner.failedHosts.has(h)) return runner.forceHandlers();
        return true;
      });
      const notified = this.notifications.take(step, eligible);
      if (notified.length > 0) await this.run(step, notified);
    }
  }

  /** The first handler, in definition order, the host was notified for (taken from its list). */
  next(host: string): TaskStep | undefined {
    const cursor = this.runner.cursors.get(host);
    if ((cursor?.failed || this.runner.failedHosts.has(host)) && !this.runner.forceHandlers()) return undefined;
    for (const step of this.steps) {
      if (step.kind === 'task' && this.notifications.take(step, [host]).length > 0) return step;
    }
    return undefined;
  }

  /** A handler runs like a task on the hosts it was notified for, but a failure ends the host without rescue. */
  async run(step: TaskStep, notified: string[], asked = false): Promise<void> {
    const cursors = this.runner.cursors;
    const handlerCursors = new Map<string, HostCursor>();
    for (const h of notified) {
      const c = new HostCursor({ steps: [step], spans: [], jumps: { next: [1], exits: [[]], fail: [{ target: 1, hostFailed: true }], spanFail: [], rescuable: [false] } });
      handlerCursors.set(h, c);
    }
    const saved = new Map(notified.map((h) => [h, cursors.get(h)] as const));
    this.runner.forgetBanner(step);
    for (const [h, c] of handlerCursors) cursors.set(h, c);
    await this.runner.runStep(step, notified, asked);
    for (const [h, c] of handlerCursors) {
      const original = saved.get(h);
      if (original) cursors.set(h, original);
      if (c.failed && original) {
        original.failed = true;
        original.end();
        this.runner.failedHosts.add(h);
      }
    }
  }

  /** With force_handlers, failed hosts of the batch still run what they notified, at every flush. */
  forcedHosts(batchHosts: readonly string[], except: readonly string[]): string[] {
    const runner = this.runner;
    if (!runner.forceHandlers()) return [];
    return batchHosts.filter((h) => !except.includes(h) && runner.cursors.get(h)?.failed && !runner.unreachable.has(h) && this.notifications.pending(h));
  }
}
