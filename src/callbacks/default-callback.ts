import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { Callback, HostResult, PlayInfo, Stats, TaskInfo } from '../run/events.js';
import { CallbackBase } from './callback-base.js';
import { formatDiff } from './format/diff.js';
import { itemLabel, itemLabelValue } from './format/labels.js';
import { formatRecapLine } from './format/recap.js';
import { dumpResult, dumpValue } from './format/dump-result.js';
import type { ColorRole } from './format/colors.js';
import { displayedTaskName, taskKey } from './format/task-identity.js';

/**
 * ansible-core 2.19's `default` stdout callback, line for line: banners, `ok:`/`changed:`/
 * `skipping:`/`fatal:` lines, item lines, error blocks, warnings and the recap.
 */
export class DefaultCallback extends CallbackBase implements Callback {
  private play: PlayInfo | undefined;
  private lastTaskBanner: string | undefined;
  private lastTaskName: string | undefined;
  private readonly taskPrefix = new Map<string, string>();

  private get displaySkipped(): boolean {
    return this.options.displaySkippedHosts ?? true;
  }

  private get displayOk(): boolean {
    return this.options.displayOkHosts ?? true;
  }

  private get checkModeMarkers(): boolean {
    return this.options.checkModeMarkers ?? false;
  }

  // ---- playbook and play -------------------------------------------------------------------

  playbookStart(file: string): void {
    if (this.verbosity > 1) this.screen.banner(`PLAYBOOK: ${basename(file)}`);
    if (this.verbosity > 3) for (const line of this.options.cliArgs ?? []) this.screen.display(line, { color: 'verbose', screenOnly: true });
    if (this.options.checkMode && this.checkModeMarkers) this.screen.banner('DRY RUN');
  }

  playStart(play: PlayInfo): void {
    const name = play.name.trim();
    const check = play.checkMode && this.checkModeMarkers ? ' [CHECK MODE]' : '';
    this.play = play;
    this.screen.banner(name ? `PLAY [${name}]${check}` : `PLAY${check}`);
  }

  noHostsMatched(): void {
    this.screen.display('skipping: no hosts matched', { color: 'skip' });
  }

  noHostsRemaining(): void {
    this.screen.banner('NO MORE HOSTS LEFT');
  }

  // ---- tasks -------------------------------------------------------------------------------

  taskStart(task: TaskInfo): void {
    this.taskStarted(task, 'TASK');
  }

  handlerTaskStart(task: TaskInfo): void {
    this.taskStarted(task, 'RUNNING HANDLER');
  }

  protected override get failedToStderr(): boolean {
    return this.options.displayFailedStderr ?? false;
  }

  private taskStarted(task: TaskInfo, prefix: string): void {
    this.taskPrefix.set(taskKey(task), prefix);
    const strategy = this.play?.strategy ?? 'linear';
    // NOTE: under free/host_pinned the banner names the task of each result as it arrives.
    if (['free', 'host_pinned', 'ansible.builtin.free', 'ansible.builtin.host_pinned', 'ansible.legacy.free', 'ansible.legacy.host_pinned'].includes(strategy)) {
      this.lastTaskName = undefined;
    } else if (task.nameType !== undefined) {
      // NOTE: 2.19 fails to strip a name that is no string: the hook stops with a warning, the
      // previous task's name stays cached, and the banner comes with the first result under it.
      const hook = prefix === 'TASK' ? 'v2_playbook_on_task_start' : 'v2_playbook_on_handler_task_start';
      this.warning(`Callback dispatch '${hook}' failed for plugin 'default': '${task.nameType}' object has no attribute 'strip'`);
    } else {
      this.lastTaskName = displayedTaskName(task);
      if (this.displaySkipped && this.displayOk) this.printTaskBanner(task);
    }
  }

  /** `withResult`: the banner comes with this result: 2.19 prints the task as it ran (result.task: args and no_log templated). */
  private printTaskBanner(task: TaskInfo, withResult?: HostResult): void {
    let args = '';
    const noLog = withResult?.ranArgs ? truthy(withResult.result.get('_ansible_no_log') ?? task.noLog) : (task.noLogWritten ?? task.noLog);
    const shown = !noLog && this.options.displayArgsToStdout ? (withResult?.ranArgs?.() ?? task.args) : undefined;
    if (shown) args = ' ' + [...shown].map(([k, v]) => `${String(k)}=${pyText(v)}`).join(', ');
    const prefix = this.taskPrefix.get(taskKey(task)) ?? 'TASK';
    const name = this.lastTaskName ?? displayedTaskName(task);
    const check = task.checkMode && this.checkModeMarkers ? ' [CHECK MODE]' : '';
    this.screen.banner(`${prefix} [${name}${args}]${check}`);
    if (this.verbosity >= 2) this.printTaskPath(task);
    this.lastTaskBanner = taskKey(task);
  }

  private ensureBanner(task: TaskInfo, withResult?: HostResult): void {
    if (this.lastTaskBanner !== taskKey(task)) this.printTaskBanner(task, withResult);
  }

  private printTaskPath(task: TaskInfo, color: ColorRole = 'debug'): void {
    if (task.loc.file) this.screen.display(`task path: ${task.loc.file}:${task.loc.line}`, { color });
  }

  // ---- results -----------------------------------------------------------------------------

  runnerFailed(r: HostResult): void {
    const s = this.view(r);
    const label = this.label(s);
    this.ensureBanner(r.task, r);
    this.warningsAndError(s);
    this.cleanResults(s);
    if (this.isLoop(s)) {
      s.result.delete('results');
    } else {
      if (this.verbosity < 2 && this.options.showTaskPathOnFailure) this.printTaskPath(r.task);
      this.screen.display(`fatal: [${label}]: FAILED! => ${this.dump(s)}`, { color: 'error', stderr: this.failedToStderr });
    }
    if (r.ignored) this.screen.display('...ignoring', { color: 'skip' });
  }

  runnerOk(r: HostResult): void {
    const s = this.view(r);
    const label = this.label(s);
    let msg: string;
    let color: ColorRole;
    if (isIncludeAction(r.task)) {
      this.ensureBanner(r.task, r);
      return;
    } else if (truthy(s.result.get('changed') ?? false)) {
      this.ensureBanner(r.task, r);
      msg = `changed: [${label}]`;
      color = 'changed';
    } else {
      if (!this.displayOk) return;
      this.ensureBanner(r.task, r);
      msg = `ok: [${label}]`;
      color = 'ok';
    }
    this.warningsAndError(s);
    if (this.isLoop(s)) {
      s.result.delete('results');
    } else {
      this.cleanResults(s);
      if (this.isVerbose(s)) msg += ` => ${this.dump(s)}`;
      this.screen.display(msg, { color });
    }
  }

  runnerSkipped(r: HostResult): void {
    if (!this.displaySkipped) return;
    const s = this.view(r);
    this.cleanResults(s);
    this.ensureBanner(r.task, r);
    this.warningsAndError(s);
    if (this.isLoop(s)) s.result.delete('results');
    let msg = `skipping: [${r.host}]`;
    if (this.isVerbose(s)) msg += ` => ${this.dump(s)}`;
    this.screen.display(msg, { color: 'skip' });
  }

  runnerUnreachable(r: HostResult): void {
    const s = this.view(r);
    this.ensureBanner(r.task, r);
    this.warningsAndError(s);
    const label = this.label(s);
    this.screen.display(`fatal: [${label}]: UNREACHABLE! => ${this.dump(s)}`, { color: 'unreachable', stderr: this.failedToStderr });
    if (r.task.ignoreUnreachable || r.ignored) this.screen.display('...ignoring', { color: 'skip' });
  }

  itemOk(r: HostResult): void {
    const s = this.view(r);
    const label = this.label(s);
    let status: string;
    let color: ColorRole;
    if (isIncludeAction(r.task)) return;
    if (truthy(s.result.get('changed') ?? false)) {
      this.ensureBanner(r.task, r);
      status = 'changed';
      color = 'changed';
    } else {
      if (!this.displayOk) return;
      this.ensureBanner(r.task, r);
      status = 'ok';
      color = 'ok';
    }
    this.warningsAndError(s);
    let msg = `${status}: [${label}] => (item=${itemLabel(s.result)})`;
    this.cleanResults(s);
    if (this.isVerbose(s)) msg += ` => ${this.dump(s)}`;
    this.screen.display(msg, { color });
  }

  itemFailed(r: HostResult): void {
    const s = this.view(r);
    this.ensureBanner(r.task, r);
    this.warningsAndError(s);
    const label = this.label(s);
    this.cleanResults(s);
    this.screen.display(`failed: [${label}] (item=${itemLabel(s.result)}) => ${this.dump(s)}`, { color: 'error', stderr: this.failedToStderr });
  }

  itemSkipped(r: HostResult): void {
    if (!this.displaySkipped) return;
    const s = this.view(r);
    this.ensureBanner(r.task, r);
    this.warningsAndError(s);
    this.cleanResults(s);
    // NOTE: ansible leaves a trailing space after the item label.
    let msg = `skipping: [${r.host}] => (item=${itemLabel(s.result)}) `;
    if (this.isVerbose(s)) msg += ` => ${this.dump(s)}`;
    this.screen.display(msg, { color: 'skip' });
  }

  runnerRetry(r: HostResult): void {
    const s = this.view(r);
    const label = this.label(s);
    const retries = Number(s.result.get('retries') ?? 0);
    const attempts = Number(s.result.get('attempts') ?? 0);
    // NOTE: 2.19 names the task by its templated name, else by get_name(): "role : action" in a role.
    const name = r.task.unnamed && r.task.role !== undefined ? `${r.task.role} : ${r.task.name}` : r.task.name;
    let msg = `FAILED - RETRYING: [${label}]: ${name} (${retries - attempts} retries left).`;
    if (this.isVerbose(s, 2)) msg += `Result was: ${this.dump(s)}`;
    this.screen.display(msg, { color: 'debug' });
  }

  runnerStart(host: string, task: TaskInfo): void {
    // NOTE: ansible prints str(task): `TASK: name`, or `HANDLER: name` for a handler.
    const kind = task.isHandler ? 'HANDLER' : 'TASK';
    if (this.options.showPerHostStart) this.screen.display(` [started ${kind}: ${displayedTaskName(task)} on ${host}]`, { color: 'ok' });
  }

  asyncPoll(r: HostResult): void {
    const res = r.result;
    const text = (k: string): string => pyStr((res.has(k) ? res.get(k) : null) as Data);
    this.screen.display(`ASYNC POLL on ${r.host}: jid=${text('ansible_job_id')} started=${text('started')} finished=${text('finished')}`, { color: 'debug' });
  }

  asyncOk(r: HostResult): void {
    this.screen.display(`ASYNC OK on ${r.host}: jid=${pyStr((r.result.get('ansible_job_id') ?? null) as Data)}`, { color: 'debug' });
  }

  asyncFailed(r: HostResult): void {
    let jid = r.result.get('ansible_job_id') ?? null;
    const inner = r.result.get('async_result');
    // NOTE: a job that timed out carries its id only inside the unparsed async_result.
    if (!truthy(jid) && isDict(inner)) jid = inner.get('ansible_job_id') ?? null;
    this.screen.display(`ASYNC FAILED on ${r.host}: jid=${pyStr(jid)}`, { color: 'debug' });
  }

  fileDiff(r: HostResult): void {
    const s = this.view(r);
    const results = s.result.get('results');
    const diffs: Data[] = [];
    if (this.isLoop(s) && Array.isArray(results)) {
      for (const item of results) {
        if (isDict(item) && truthy(item.get('diff') ?? null) && truthy(item.get('changed') ?? false)) diffs.push(item.get('diff') as Data);
      }
    } else if (truthy(s.result.get('diff') ?? null) && truthy(s.result.get('changed') ?? false)) {
      diffs.push(s.result.get('diff') as Data);
    }
    for (const d of diffs) {
      const text = formatDiff(d, (line, color) => this.screen.colorize(line, color), this.options.diffContext ?? 3, this.options);
      if (text) {
        this.ensureBanner(r.task, r);
        this.screen.display(text);
      }
    }
  }

  include(file: string, hosts: readonly string[], item?: DataDict): void {
    let msg = `included: ${file} for ${hosts.join(', ')}`;
    // NOTE: a falsy label (item 0, '', None) is not shown, as in ansible.
    if (item && truthy(itemLabelValue(item))) msg += ` => (item=${itemLabel(item)})`;
    this.screen.display(msg, { color: 'included' });
  }

  handlerNotified(handler: string, host: string): void {
    if (this.verbosity > 1) this.screen.display(`NOTIFIED HANDLER ${handler} for ${host}`, { color: 'verbose', screenOnly: true });
  }

  private dumpStat(value: Data): string {
    if (!isDict(value)) return dumpValue(value, 1);
    return dumpResult(value, { verbosity: this.verbosity, indent: 1, resultFormat: this.options.resultFormat, prettyResults: this.options.prettyResults });
  }

  // ---- the end -----------------------------------------------------------------------------

  stats(stats: Stats): void {
    this.screen.banner('PLAY RECAP');
    const paint = this.screen.colorEnabled ? (t: string, c: ColorRole) => this.screen.colorize(t, c) : undefined;
    for (const host of [...stats.hosts].sort()) {
      const counts = stats.summarize(host);
      this.screen.display(formatRecapLine(host, counts, paint), { screenOnly: true });
      if (this.screen.logging) this.screen.display(formatRecapLine(host, counts), { logOnly: true });
    }
    this.screen.display('', { screenOnly: true });
    const custom = stats.custom;
    if (custom && custom.size > 0 && this.options.showCustomStats) {
      this.screen.banner('CUSTOM STATS: ');
      const keys = [...custom.keys()].filter((k) => k !== '_run').sort();
      for (const k of keys) {
        this.screen.display(`\t${String(k)}: ${this.dumpStat(custom.get(k) as Data).replace(/\n/g, '')}`);
      }
      if (custom.has('_run')) {
        this.screen.display('', { screenOnly: true });
        this.screen.display(`\tRUN: ${this.dumpStat(custom.get('_run') as Data).replace(/\n/g, '')}`);
      }
      this.screen.display('', { screenOnly: true });
    }
    if (this.options.checkMode && this.checkModeMarkers) this.screen.banner('DRY RUN');
  }
}


const INCLUDE_ACTIONS = new Set(
  ['include_tasks', 'include_role'].flatMap((n) => [n, `ansible.builtin.${n}`, `ansible.legacy.${n}`]),
);

function isIncludeAction(task: TaskInfo): boolean {
  return INCLUDE_ACTIONS.has(task.actionWritten) || INCLUDE_ACTIONS.has(task.action);
}

function pyText(value: Data): string {
  return pyStr(value);
}

function basename(file: string): string {
  const i = file.lastIndexOf('/');
  return i < 0 ? file : file.slice(i + 1);
}
