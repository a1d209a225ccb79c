import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { Callback, DeprecationEvent, DisplayEvent, HostResult, PlayInfo, Stats, TaskInfo } from '../run/events.js';
import type { CallbackOptions } from './callback-options.js';
import { Display } from './display.js';
import { callbackView, isDebugAction } from './format/callback-view.js';
import { formatDiff } from './format/diff.js';
import { hostLabel, itemLabel, itemLabelValue } from './format/labels.js';
import { formatRecapLine } from './format/recap.js';
import { dumpResult, dumpValue } from './format/result-json.js';
import type { ColorRole } from './format/colors.js';

/** Keys debug keeps next to `msg` (ansible's _DEBUG_ALLOWED_KEYS). */
const DEBUG_ALLOWED = new Set(['msg', 'exception', 'warnings', 'deprecations']);
/** Keys debug hides next to `var` output (ansible's CallbackBase._hide_in_debug). */
const HIDE_IN_DEBUG = ['changed', 'failed', 'skipped', 'invocation', 'skip_reason', 'ansible_loop_var', 'ansible_index_var', 'ansible_loop'];

/** A result being shown: the callback's own copy of the dict, plus the event around it. */
interface Shown {
  readonly r: HostResult;
  readonly result: DataDict;
}

/**
 * ansible-core 2.19's `default` stdout callback, line for line: banners, `ok:`/`changed:`/
 * `skipping:`/`fatal:` lines, item lines, error blocks, warnings and the recap.
 */
export class DefaultCallback implements Callback {
  protected readonly screen: Display;
  protected readonly options: CallbackOptions;
  private play: PlayInfo | undefined;
  private lastTaskBanner: TaskInfo | string | undefined;
  private lastTaskName: string | undefined;
  private readonly taskPrefix = new Map<TaskInfo | string, string>();

  constructor(options: CallbackOptions) {
    this.options = options;
    this.screen = new Display(options);
  }

  protected get verbosity(): number {
    return this.screen.verbosity;
  }

  private get displaySkipped(): boolean {
    return this.options.displaySkippedHosts ?? true;
  }

  private get displayOk(): boolean {
    return this.options.displayOkHosts ?? true;
  }

  private get failedToStderr(): boolean {
    return this.options.displayFailedStderr ?? false;
  }

  private get checkModeMarkers(): boolean {
    return this.options.checkModeMarkers ?? false;
  }

  // ---- playbook and play -------------------------------------------------------------------

  playbookStart(file: string): void {
    if (this.verbosity > 1) this.screen.banner(`PLAYBOOK: ${basename(file)}`);
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

  private taskStarted(task: TaskInfo, prefix: string): void {
    this.taskPrefix.set(taskKey(task), prefix);
    const strategy = this.play?.strategy ?? 'linear';
    // NOTE: under free/host_pinned the banner names the task of each result as it arrives.
    if (['free', 'host_pinned', 'ansible.builtin.free', 'ansible.builtin.host_pinned', 'ansible.legacy.free', 'ansible.legacy.host_pinned'].includes(strategy)) {
      this.lastTaskName = undefined;
    } else {
      this.lastTaskName = displayedTaskName(task);
      if (this.displaySkipped && this.displayOk) this.printTaskBanner(task);
    }
  }

  private printTaskBanner(task: TaskInfo): void {
    let args = '';
    if (!task.noLog && this.options.displayArgsToStdout && task.args) {
      args = ' ' + [...task.args].map(([k, v]) => `${String(k)}=${pyText(v)}`).join(', ');
    }
    const prefix = this.taskPrefix.get(taskKey(task)) ?? 'TASK';
    const name = this.lastTaskName ?? displayedTaskName(task);
    const check = task.checkMode && this.checkModeMarkers ? ' [CHECK MODE]' : '';
    this.screen.banner(`${prefix} [${name}${args}]${check}`);
    if (this.verbosity >= 2) this.printTaskPath(task);
    this.lastTaskBanner = taskKey(task);
  }

  private ensureBanner(task: TaskInfo): void {
    if (this.lastTaskBanner !== taskKey(task)) this.printTaskBanner(task);
  }

  private printTaskPath(task: TaskInfo, color: ColorRole = 'debug'): void {
    if (task.loc.file) this.screen.display(`task path: ${task.loc.file}:${task.loc.line}`, { color });
  }

  // ---- results -----------------------------------------------------------------------------

  private view(r: HostResult): Shown {
    return { r, result: callbackView(r.result, r.task.actionWritten || r.task.action, r.task.noLog) };
  }

  private label(s: Shown): string {
    return hostLabel(s.r.host, s.r.delegatedTo ?? s.r.task.delegateTo, s.result);
  }

  private isLoop(s: Shown): boolean {
    return (s.r.task.loop ?? looksLikeLoopResult(s.result)) && s.result.has('results');
  }

  private isVerbose(s: Shown, level = 0): boolean {
    return (this.verbosity > level || s.result.get('_ansible_verbose_always') === true) && s.result.get('_ansible_verbose_override') !== true;
  }

  private dump(s: Shown): string {
    return dumpResult(s.result, { verbosity: this.verbosity });
  }

  /** Shows the task's warnings, deprecations and error, and removes them from the result. */
  private warningsAndError(s: Shown): void {
    const warnings = s.result.get('warnings');
    s.result.delete('warnings');
    if (truthy(warnings ?? null)) {
      const events: readonly (string | DisplayEvent)[] = s.r.warnings ?? (Array.isArray(warnings) ? warnings.map((w) => pyText(w)) : []);
      for (const w of events) this.screen.warning(w);
    }
    const deprecations = s.result.get('deprecations');
    s.result.delete('deprecations');
    if (truthy(deprecations ?? null)) {
      const events = s.r.deprecations ?? (Array.isArray(deprecations) ? deprecations.map(deprecationFromDict) : []);
      for (const d of events) this.screen.deprecated(d);
    }
    const exception = s.result.get('exception');
    s.result.delete('exception');
    if (s.r.error && (exception === undefined || truthy(exception))) this.screen.error(s.r.error, this.failedToStderr);
  }

  private cleanResults(s: Shown): void {
    if (!isDebugAction(s.r.task.actionWritten || s.r.task.action)) return;
    const result = s.result;
    if (result.has('msg')) {
      for (const key of [...result.keys()]) {
        if (typeof key === 'string' && !DEBUG_ALLOWED.has(key) && !key.startsWith('_')) result.delete(key);
      }
    } else {
      for (const key of HIDE_IN_DEBUG) result.delete(key);
    }
  }

  runnerFailed(r: HostResult): void {
    const s = this.view(r);
    const label = this.label(s);
    this.ensureBanner(r.task);
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
      this.ensureBanner(r.task);
      return;
    } else if (truthy(s.result.get('changed') ?? false)) {
      this.ensureBanner(r.task);
      msg = `changed: [${label}]`;
      color = 'changed';
    } else {
      if (!this.displayOk) return;
      this.ensureBanner(r.task);
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
    this.ensureBanner(r.task);
    this.warningsAndError(s);
    if (this.isLoop(s)) s.result.delete('results');
    let msg = `skipping: [${r.host}]`;
    if (this.isVerbose(s)) msg += ` => ${this.dump(s)}`;
    this.screen.display(msg, { color: 'skip' });
  }

  runnerUnreachable(r: HostResult): void {
    const s = this.view(r);
    this.ensureBanner(r.task);
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
      this.ensureBanner(r.task);
      status = 'changed';
      color = 'changed';
    } else {
      if (!this.displayOk) return;
      this.ensureBanner(r.task);
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
    this.ensureBanner(r.task);
    this.warningsAndError(s);
    const label = this.label(s);
    this.cleanResults(s);
    this.screen.display(`failed: [${label}] (item=${itemLabel(s.result)}) => ${this.dump(s)}`, { color: 'error', stderr: this.failedToStderr });
  }

  itemSkipped(r: HostResult): void {
    if (!this.displaySkipped) return;
    const s = this.view(r);
    this.ensureBanner(r.task);
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
    let msg = `FAILED - RETRYING: [${label}]: ${r.task.name} (${retries - attempts} retries left).`;
    if (this.isVerbose(s, 2)) msg += `Result was: ${this.dump(s)}`;
    this.screen.display(msg, { color: 'debug' });
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
      const text = formatDiff(d, (line, color) => this.screen.colorize(line, color));
      if (text) {
        this.ensureBanner(r.task);
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
    if (this.verbosity > 1) this.screen.display(`NOTIFIED HANDLER ${handler} for ${host}`, { color: 'verbose' });
  }

  warning(message: string | DisplayEvent): void {
    this.screen.warning(message);
  }

  deprecation(message: string | DeprecationEvent): void {
    this.screen.deprecated(message);
  }

  display(text: string, options: { stderr?: boolean; verbosity?: number; host?: string } = {}): void {
    if ((options.verbosity ?? 0) > this.verbosity) return;
    const msg = options.host === undefined ? text : `<${options.host}> ${text}`;
    this.screen.display(msg, { stderr: options.stderr, color: options.verbosity ? 'verbose' : undefined });
  }

  // ---- the end -----------------------------------------------------------------------------

  stats(stats: Stats): void {
    this.screen.banner('PLAY RECAP');
    const paint = this.screen.colorEnabled ? (t: string, c: ColorRole) => this.screen.colorize(t, c) : undefined;
    for (const host of [...stats.hosts].sort()) {
      this.screen.display(formatRecapLine(host, stats.summarize(host), paint));
    }
    this.screen.display('');
    const custom = stats.custom;
    if (custom && custom.size > 0 && this.options.showCustomStats) {
      this.screen.banner('CUSTOM STATS: ');
      const keys = [...custom.keys()].filter((k) => k !== '_run').sort();
      for (const k of keys) {
        this.screen.display(`\t${String(k)}: ${dumpValue(custom.get(k) as Data, 1).replace(/\n/g, '')}`);
      }
      if (custom.has('_run')) {
        this.screen.display('');
        this.screen.display(`\tRUN: ${dumpValue(custom.get('_run') as Data, 1).replace(/\n/g, '')}`);
      }
      this.screen.display('');
    }
    if (this.options.checkMode && this.checkModeMarkers) this.screen.banner('DRY RUN');
  }
}

function taskKey(task: TaskInfo): TaskInfo | string {
  return task.id ?? task;
}

function displayedTaskName(task: TaskInfo): string {
  const name = task.name.trim();
  if (task.role && !name.startsWith(`${task.role} : `)) return `${task.role} : ${name}`;
  return name;
}

const INCLUDE_ACTIONS = new Set(
  ['include_tasks', 'include_role'].flatMap((n) => [n, `ansible.builtin.${n}`, `ansible.legacy.${n}`]),
);

function isIncludeAction(task: TaskInfo): boolean {
  return INCLUDE_ACTIONS.has(task.actionWritten) || INCLUDE_ACTIONS.has(task.action);
}

function looksLikeLoopResult(result: DataDict): boolean {
  const results = result.get('results');
  return Array.isArray(results) && results.some((item) => isDict(item) && item.has('ansible_loop_var'));
}

function deprecationFromDict(value: Data): DeprecationEvent {
  if (!isDict(value)) return { message: pyText(value) };
  const text = (k: string): string | undefined => {
    const v = value.get(k);
    return v === undefined || v === null ? undefined : pyText(v);
  };
  return { message: text('msg') ?? '', version: text('version'), date: text('date'), collection: text('collection_name') };
}

function pyText(value: Data): string {
  return pyStr(value);
}

function basename(file: string): string {
  const i = file.lastIndexOf('/');
  return i < 0 ? file : file.slice(i + 1);
}
