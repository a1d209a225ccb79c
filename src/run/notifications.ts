/**
 * Handler notifications per host. A notification names a handler (its name, `role : name`, or a
 * `listen` topic); handlers run in definition order at the next flush.
 */
import { pyStr } from '../core/data.js';
import type { Program, TaskStep } from '../compile/program.js';

export class Notifications {
  private readonly byHost = new Map<string, Set<string>>();

  constructor(private readonly handlers: Program) {}

  /** Every name a handler answers to. */
  static namesOf(step: TaskStep): string[] {
    const names: string[] = [];
    const name = step.task.keywords.get('name');
    if (name && name.value !== null) {
      const n = pyStr(name.value);
      names.push(n);
      if (step.role) names.push(`${step.role.def.name} : ${n}`);
    }
    const listen = step.task.keywords.get('listen');
    if (listen && listen.value !== null) {
      for (const topic of Array.isArray(listen.value) ? listen.value : [listen.value]) names.push(pyStr(topic));
    }
    return names;
  }

  /** True when some handler answers to this notification. */
  exists(notification: string): boolean {
    return this.handlers.steps.some((s) => s.kind === 'task' && Notifications.namesOf(s).includes(notification));
  }

  notify(host: string, notification: string): void {
    let set = this.byHost.get(host);
    if (!set) this.byHost.set(host, (set = new Set()));
    set.add(notification);
  }

  /**
   * Hosts (in the given order) that notified this handler. A notification is used up once the
   * last handler answering to it has been considered, so every `listen`er of a topic runs.
   */
  take(step: TaskStep, hosts: readonly string[]): string[] {
    const names = Notifications.namesOf(step);
    const out: string[] = [];
    for (const host of hosts) {
      const set = this.byHost.get(host);
      if (set && names.some((n) => set.has(n))) out.push(host);
    }
    for (const name of names) {
      if (this.lastAnswering(name) !== step.id) continue;
      for (const set of this.byHost.values()) set.delete(name);
    }
    return out;
  }

  private lastAnswering(name: string): number | undefined {
    let last: number | undefined;
    for (const s of this.handlers.steps) if (s.kind === 'task' && Notifications.namesOf(s).includes(name)) last = s.id;
    return last;
  }

  pending(host: string): boolean {
    return (this.byHost.get(host)?.size ?? 0) > 0;
  }

  clear(host: string): void {
    this.byHost.delete(host);
  }
}
