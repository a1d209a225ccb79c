import type { Callback, TaskInfo } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { Display } from './display.js';
import { strftime } from './format/strftime.js';

interface TaskTiming {
  started: Date;
  /** Seconds, summed over every time the task ran (serial batches). */
  elapsed: number;
  readonly name: string;
  path?: string;
}

export interface ProfileTasksOptions {
  /** output_limit (PROFILE_TASKS_TASK_OUTPUT_LIMIT): how many tasks the summary lists, or 'all'. */
  readonly outputLimit?: number | 'all';
  /** sort_order (PROFILE_TASKS_SORT_ORDER). */
  readonly sortOrder?: 'descending' | 'ascending' | 'none';
  /** summary_only (PROFILE_TASKS_SUMMARY_ONLY). */
  readonly summaryOnly?: boolean;
  /** datetime_format (PROFILE_TASKS_DATETIME_FORMAT); `iso8601` is an alias. */
  readonly datetimeFormat?: string;
}

/** Python's `%-Ns` padding with a fill character, by code points. */
function fill(text: string, width: number, char: string, right = false): string {
  const n = width - [...text].length;
  if (n <= 0) return text;
  return right ? char.repeat(n) + text : text + char.repeat(n);
}

/** profile_tasks' `filled`: the text, a space, and the fill to 79 columns, then a space. */
function filled(msg: string, char = '*'): string {
  let width = 79;
  if (msg.length > 0) {
    msg = `${msg} `;
    width = 79 - [...msg].length;
  }
  if (width < 3) width = 3;
  return `${msg}${char.repeat(width)} `;
}

/** `H:MM:SS.mmm`, each part truncated as Python's %d does. */
function secondsToStr(seconds: number): string {
  const ms = seconds * 1000;
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${String(Math.trunc(ms % 1000)).padStart(3, '0')}`;
}

/**
 * ansible.posix's `profile_tasks`: a timestamp line under every task banner (start time, the
 * previous task's duration, the run so far), and the slowest tasks after the recap.
 */
export class ProfileTasksCallback implements Callback {
  private readonly screen: Display;
  private readonly now: () => Date;
  private readonly settings: ProfileTasksOptions;
  private readonly start: Date;
  private last: Date;
  private current: string | undefined;
  private readonly timings = new Map<string, TaskTiming>();

  constructor(options: CallbackOptions) {
    this.screen = new Display(options);
    this.now = options.now ?? (() => new Date());
    this.settings = options.profileTasks ?? {};
    this.start = this.now();
    this.last = this.start;
  }

  private get format(): string {
    const f = this.settings.datetimeFormat ?? '%A %d %B %Y  %H:%M:%S %z';
    return f === 'iso8601' ? '%Y-%m-%dT%H:%M:%S.%f' : f;
  }

  private taskTime(): string {
    const now = this.now();
    const line = `${strftime(now, this.format)} (${secondsToStr((now.getTime() - this.last.getTime()) / 1000)})${' '.repeat(7)}${secondsToStr((now.getTime() - this.start.getTime()) / 1000)}`;
    this.last = now;
    return filled(line);
  }

  private stamp(): void {
    const t = this.current === undefined ? undefined : this.timings.get(this.current);
    if (t) t.elapsed += (this.now().getTime() - t.started.getTime()) / 1000;
  }

  private record(task: TaskInfo): void {
    if (!this.settings.summaryOnly) this.screen.display(this.taskTime());
    this.stamp();
    this.current = task.id ?? `${task.loc.file}:${task.loc.line}:${task.loc.column}\u0000${task.name}`;
    const started = this.now();
    const t = this.timings.get(this.current);
    if (t) t.started = started;
    else this.timings.set(this.current, { started, elapsed: 0, name: task.role && !task.name.startsWith(`${task.role} : `) ? `${task.role} : ${task.name}` : task.name });
    if (this.screen.verbosity >= 2) (this.timings.get(this.current) as TaskTiming).path = `${task.loc.file}:${task.loc.line}`;
  }

  taskStart(task: TaskInfo): void {
    this.record(task);
  }

  handlerTaskStart(task: TaskInfo): void {
    this.record(task);
  }

  stats(): void {
    this.screen.banner('TASKS RECAP');
    this.screen.display(this.taskTime());
    this.screen.display(filled('', '='));
    this.stamp();
    this.current = undefined;
    let results = [...this.timings.values()];
    const order = this.settings.sortOrder ?? 'descending';
    // NOTE: Python's sort is stable in both directions: equal times keep their task order.
    if (order === 'descending') results = results.map((t, i) => ({ t, i })).sort((a, b) => b.t.elapsed - a.t.elapsed || a.i - b.i).map((x) => x.t);
    else if (order === 'ascending') results = results.map((t, i) => ({ t, i })).sort((a, b) => a.t.elapsed - b.t.elapsed || a.i - b.i).map((x) => x.t);
    const limit = this.settings.outputLimit ?? 20;
    if (limit !== 'all') results = results.slice(0, limit);
    const columns = this.screen.columns;
    for (const t of results) {
      let msg = fill(`${t.name} `, columns - 9, '-') + fill(` ${t.elapsed.toFixed(2)}s`, 9, '-', true);
      if (t.path !== undefined) msg += `\n${fill(`${t.path} `, columns, '-')}`;
      this.screen.display(msg);
    }
  }
}
