import { dumpJson } from '../core/json.js';
import type { Data, DataDict } from '../core/data.js';
import type { Callback, HostResult, PlayInfo, Stats, TaskInfo } from '../run/events.js';
import { CallbackBase } from './callback-base.js';
import type { CallbackOptions } from './callback-options.js';
import { callbackView } from './format/callback-view.js';

const LOCKSTEP = new Set(['linear', 'debug']);

interface TaskEntry {
  readonly task: DataDict;
  readonly hosts: DataDict;
}

interface PlayEntry {
  readonly play: DataDict;
  readonly tasks: TaskEntry[];
}

/** Python's `datetime.utcnow().isoformat() + 'Z'` (microseconds, omitted when zero). */
function isoTime(d: Date): string {
  const base = d.toISOString().slice(0, 19);
  const ms = d.getUTCMilliseconds();
  return ms === 0 ? `${base}Z` : `${base}.${String(ms * 1000).padStart(6, '0')}Z`;
}

/**
 * The `json` stdout callback (ansible.posix.json): nothing while the run goes, then one
 * document — plays, their tasks, each host's result — with the stats, indented 4 (json_indent),
 * keys sorted, non-ASCII escaped.
 */
export class JsonCallback extends CallbackBase implements Callback {
  private readonly plays: PlayEntry[] = [];
  private lockstep = false;
  private readonly byHostTask = new Map<string, TaskEntry>();
  private readonly now: () => Date;

  constructor(options: CallbackOptions) {
    super(options);
    this.now = options.now ?? (() => new Date());
  }

  private time(): string {
    return isoTime(this.now());
  }

  private newTask(task: TaskInfo): TaskEntry {
    const duration: DataDict = new Map([['start', this.time()]]);
    const path = task.loc.file ? `${task.loc.file}:${task.loc.line}` : '';
    return { task: new Map<string, Data>([['name', task.name], ['id', task.id ?? ''], ['path', path], ['duration', duration]]), hosts: new Map() };
  }

  playStart(play: PlayInfo): void {
    this.lockstep = LOCKSTEP.has((play.strategy ?? 'linear').replace(/^ansible\.(builtin|legacy)\./, ''));
    const duration: DataDict = new Map([['start', this.time()]]);
    const path = play.loc.file ? `${play.loc.file}:${play.loc.line}` : '';
    this.plays.push({ play: new Map<string, Data>([['name', play.name], ['id', play.id ?? ''], ['path', path], ['duration', duration]]), tasks: [] });
  }

  runnerStart(host: string, task: TaskInfo): void {
    if (this.lockstep) return;
    const entry = this.newTask(task);
    this.byHostTask.set(`${host}\u0000${task.id ?? task.name}`, entry);
    this.plays[this.plays.length - 1]?.tasks.push(entry);
  }

  taskStart(task: TaskInfo): void {
    if (this.lockstep) this.plays[this.plays.length - 1]?.tasks.push(this.newTask(task));
  }

  handlerTaskStart(task: TaskInfo): void {
    this.taskStart(task);
  }

  private record(r: HostResult, status: 'failed' | 'skipped' | undefined): void {
    const result = callbackView(r.result, r.task.actionWritten || r.task.action, r.task.noLog);
    if (status) result.set(status, true);
    result.set('action', r.task.actionWritten || r.task.action);
    const key = `${r.host}\u0000${r.task.id ?? r.task.name}`;
    const play = this.plays[this.plays.length - 1];
    const entry = this.byHostTask.get(key) ?? play?.tasks[play.tasks.length - 1];
    if (!entry || !play) return;
    entry.hosts.set(r.host, result);
    const end = this.time();
    (entry.task.get('duration') as DataDict).set('end', end);
    (play.play.get('duration') as DataDict).set('end', end);
    if (!this.lockstep) this.byHostTask.delete(key);
  }

  runnerOk(r: HostResult): void {
    this.record(r, undefined);
  }

  runnerFailed(r: HostResult): void {
    this.record(r, 'failed');
  }

  runnerSkipped(r: HostResult): void {
    this.record(r, 'skipped');
  }

  runnerUnreachable(r: HostResult): void {
    this.record(r, undefined);
  }

  stats(stats: Stats): void {
    const summary: DataDict = new Map();
    for (const host of [...stats.hosts].sort()) {
      const t = stats.summarize(host);
      summary.set(
        host,
        new Map<string, Data>([
          ['ok', t.ok],
          ['failures', t.failures],
          ['unreachable', t.unreachable],
          ['changed', t.changed],
          ['skipped', t.skipped],
          ['rescued', t.rescued],
          ['ignored', t.ignored],
        ]),
      );
    }
    const custom: DataDict = new Map();
    let globalCustom: DataDict = new Map();
    if (this.options.showCustomStats && stats.custom && stats.custom.size > 0) {
      for (const [k, v] of stats.custom) custom.set(k, v);
      const run = custom.get('_run');
      custom.delete('_run');
      if (run instanceof Map) globalCustom = run;
    }
    const plays: Data[] = this.plays.map(
      (p) =>
        new Map<string, Data>([
          ['play', p.play],
          ['tasks', p.tasks.map((t) => new Map<string, Data>([['task', t.task], ['hosts', t.hosts]]))],
        ]),
    );
    const output: DataDict = new Map<string, Data>([
      ['plays', plays],
      ['stats', summary],
      ['custom_stats', custom],
      ['global_custom_stats', globalCustom],
    ]);
    const indent = this.options.jsonIndent ?? 4;
    this.screen.display(dumpJson(output, { indent: indent > 0 ? indent : undefined, sortKeys: true }));
  }
}
