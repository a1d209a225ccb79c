import type { HostCounts, Stats } from './events.js';
import { isDict, type Data, type DataDict } from '../core/data.js';

type Counter = keyof HostCounts;

/** Per-host counters for the PLAY RECAP (ansible's AggregateStats). */
export class AggregateStats implements Stats {
  private readonly counts = new Map<string, { -readonly [K in Counter]: number }>();
  custom?: DataDict;

  /** set_stats: per host, or for the whole run under `_run`; aggregate adds to what is there. */
  setCustom(key: string, value: Data, host: string | undefined, aggregate: boolean): void {
    const custom = (this.custom ??= new Map());
    const who = host ?? '_run';
    let bucket = custom.get(who);
    if (!isDict(bucket)) custom.set(who, (bucket = new Map()));
    const current = bucket.get(key);
    if (!aggregate || current === undefined) {
      bucket.set(key, value);
      return;
    }
    if (isDict(current) && isDict(value)) bucket.set(key, new Map([...current, ...value]));
    else if (Array.isArray(current) && Array.isArray(value)) bucket.set(key, [...current, ...value]);
    else if (typeof current === 'number' && typeof value === 'number') bucket.set(key, current + value);
    else if (typeof current === 'string' && typeof value === 'string') bucket.set(key, current + value);
  }

  get hosts(): readonly string[] {
    return [...this.counts.keys()].sort();
  }

  increment(counter: Counter, host: string): void {
    this.entry(host)[counter] += 1;
  }

  decrement(counter: Counter, host: string): void {
    const e = this.entry(host);
    if (e[counter] > 0) e[counter] -= 1;
  }

  /** Makes a host appear in the recap even with all counters at zero. */
  touch(host: string): void {
    this.entry(host);
  }

  summarize(host: string): HostCounts {
    return { ...this.entry(host) };
  }

  private entry(host: string) {
    let e = this.counts.get(host);
    if (!e) {
      e = { ok: 0, changed: 0, unreachable: 0, failures: 0, skipped: 0, rescued: 0, ignored: 0 };
      this.counts.set(host, e);
    }
    return e;
  }
}
