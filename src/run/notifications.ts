/**
 * Handler notifications. A notification resolves as ansible's search_handlers_by_notification
 * does (see searchOrder): by name the first handler found with that name (or `role : name`), and
 * by `listen` every handler listening (one per name). As 2.19, a host's notifications are saved by
 * name and resolved when handlers are next looked at (its flush), so a handler loaded later under the
 * same name (include_role of a role already in the play) answers instead of the first. Each handler
 * keeps the hosts that notified it; they run in definition order at the next flush.
 */
import { isStringLike, pyEquals, pyStr, truthy, type Data } from '../core/data.js';
import type { Step, TaskStep } from '../compile/program.js';

/**
 * The order 2.19 searches handlers in: its handler blocks last first (a role's handlers, then the
 * play's, each a block; an explicit `block:` is one of its own), each block's handlers in order.
 * So of two handlers with one name, the play's wins over a role's, and the first within a block.
 */
function searchOrder(steps: readonly TaskStep[]): TaskStep[] {
  const blocks: TaskStep[][] = [];
  let last: TaskStep | undefined;
  for (const step of steps) {
    if (!last || step.role !== last.role || step.span !== last.span) blocks.push([]);
    (blocks[blocks.length - 1] as TaskStep[]).push(step);
    last = step;
  }
  return blocks.reverse().flat();
}

export class Notifications {
  private readonly notified = new Map<number, Set<string>>();
  /** Notifications a host saved since handlers were last looked at (deduplicated, in order). */
  private readonly saved = new Map<string, Data[]>();
  /** Handlers a host newly notified since its last flush, in notification order (for -vv). */
  private readonly fresh = new Map<string, TaskStep[]>();

  /** A handler's name as templated once (undefined: it could not be, and answers to no name). */
  private readonly rendered = new Map<number, Data | undefined>();

  /**
   * Handlers in definition order; include_role adds its role's handlers at run time.
   * `renderName` templates a handler's name the first time a notification looks at it.
   */
  constructor(
    private readonly handlers: { readonly steps: readonly Step[] },
    private readonly renderName: (step: TaskStep, name: string) => string | undefined = (_step, name) => name,
  ) {}

  /**
   * The names a handler answers to. NOTE: a name that is no string (`name: 42`) is kept as it is
   * and compared with Python's `==`, as 2.19 does: notify 42 reaches it, notify '42' does not.
   */
  private names(step: TaskStep): Data[] {
    const name = step.task.keywords.get('name');
    if (!name || !truthy(name.value)) return [];
    if (!this.rendered.has(step.id)) {
      this.rendered.set(step.id, isStringLike(name.value) ? this.renderName(step, pyStr(name.value)) : name.value);
    }
    const n = this.rendered.get(step.id);
    if (n === undefined) return [];
    return step.role ? [n, `${step.role.def.name} : ${pyStr(n)}`] : [n];
  }

  private static listens(step: TaskStep): string[] {
    const listen = step.task.keywords.get('listen');
    if (!listen || listen.value === null) return [];
    return (Array.isArray(listen.value) ? listen.value : [listen.value]).map(pyStr);
  }

  /** The handlers a notification reaches, in search order (2.19 announces them so at -vv). */
  resolve(notification: Data): TaskStep[] {
    const steps = this.handlers.steps.filter((s): s is TaskStep => s.kind === 'task');
    const searched = searchOrder(steps);
    const found = new Set<TaskStep>();
    const byName = searched.find((s) => this.names(s).some((n) => pyEquals(n, notification)));
    if (byName) found.add(byName);
    const seen = new Set<string>();
    for (const s of searched) {
      if (!isStringLike(notification) || !Notifications.listens(s).includes(pyStr(notification))) continue;
      const found0 = this.names(s)[0];
      const name = found0 === undefined ? undefined : pyStr(found0);
      if (name !== undefined && seen.has(name)) continue;
      if (name !== undefined) seen.add(name);
      found.add(s);
    }
    return [...found];
  }

  /** Whether some handler answers to a name (2.19 compares a notification with the first it finds). */
  hasNamedHandler(): boolean {
    return searchOrder(this.handlers.steps.filter((s): s is TaskStep => s.kind === 'task')).some((s) => this.names(s).length > 0);
  }

  exists(notification: Data): boolean {
    return this.resolve(notification).length > 0;
  }

  notify(host: string, notification: Data): void {
    let names = this.saved.get(host);
    if (!names) this.saved.set(host, (names = []));
    if (!names.some((n) => pyEquals(n, notification))) names.push(notification);
  }

  /**
   * A notification from a running handler: 2.19 resolves it at once. The handlers it newly
   * notified, with the names -vv announces them by (`role : name`).
   */
  notifyNow(host: string, notification: Data): string[] {
    const out: string[] = [];
    for (const step of this.resolve(notification)) {
      let hosts = this.notified.get(step.id);
      if (!hosts) this.notified.set(step.id, (hosts = new Set()));
      if (hosts.has(host)) continue;
      hosts.add(host);
      const names = this.names(step);
      out.push(pyStr(names[1] ?? names[0] ?? ''));
    }
    return out;
  }

  /** Turns the host's saved notification names into the handlers they reach now. */
  private expand(host: string): void {
    const names = this.saved.get(host);
    if (!names) return;
    this.saved.delete(host);
    for (const name of names) this.notifyHandlers(host, name);
  }

  private notifyHandlers(host: string, notification: Data): void {
    for (const step of this.resolve(notification)) {
      let hosts = this.notified.get(step.id);
      if (!hosts) this.notified.set(step.id, (hosts = new Set()));
      if (hosts.has(host)) continue;
      hosts.add(host);
      let list = this.fresh.get(host);
      if (!list) this.fresh.set(host, (list = []));
      list.push(step);
    }
  }

  /**
   * The handlers this host notified since its last flush, once: what ansible announces as
   * "NOTIFIED HANDLER" when a flush turns notifications into handler runs.
   */
  drainFresh(host: string): TaskStep[] {
    this.expand(host);
    const list = this.fresh.get(host) ?? [];
    this.fresh.delete(host);
    return list;
  }

  /** Hosts (in the given order) that notified this handler; their notification is used up. */
  take(step: TaskStep, hosts: readonly string[]): string[] {
    for (const h of hosts) this.expand(h);
    const notified = this.notified.get(step.id);
    if (!notified) return [];
    const out = hosts.filter((h) => notified.has(h));
    for (const h of out) {
      notified.delete(h);
      const list = this.fresh.get(h);
      if (list) this.fresh.set(h, list.filter((s) => s !== step));
    }
    return out;
  }

  /** A handler --step was told not to run stays notified for the hosts: the next flush asks again. */
  keep(step: TaskStep, hosts: readonly string[]): void {
    let notified = this.notified.get(step.id);
    if (!notified) this.notified.set(step.id, (notified = new Set()));
    for (const h of hosts) notified.add(h);
  }

  /** The host saved no notification, and no handler waits to run for any host. */
  idle(host: string): boolean {
    return (this.saved.get(host)?.length ?? 0) === 0 && [...this.notified.values()].every((hosts) => hosts.size === 0);
  }

  pending(host: string): boolean {
    this.expand(host);
    for (const hosts of this.notified.values()) if (hosts.has(host)) return true;
    return false;
  }

  /**
   * meta refresh_inventory made the inventory's hosts anew. NOTE: 2.19's handlers keep the host
   * objects they were notified for, which no longer compare equal to the new ones: what a flush
   * already handed to handlers never runs (notifications not yet flushed are kept by name).
   */
  forgetNotifiedHosts(): void {
    this.notified.clear();
  }

  clear(host: string): void {
    this.saved.delete(host);
    for (const hosts of this.notified.values()) hosts.delete(host);
    this.fresh.delete(host);
  }
}
