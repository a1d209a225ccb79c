/**
 * What the runner tells callbacks. `run` owns this interface; src/callbacks implements it
 * (default, json, …). Hook names follow ansible's v2_* callback methods.
 */
import type { DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';

export interface PlayInfo {
  /** The play's name as displayed (templated; defaults to the hosts pattern). */
  readonly name: string;
  readonly loc: SourceLocation;
  readonly checkMode: boolean;
}

export interface TaskInfo {
  /** The name as displayed: the templated `name`, or the action when there is none. */
  readonly name: string;
  /** The action's short name (debug, command, …) and as written (ansible.builtin.debug). */
  readonly action: string;
  readonly actionWritten: string;
  readonly loc: SourceLocation;
  /** The role's name when the task comes from a role ("role : task" in the banner). */
  readonly role?: string;
  readonly isHandler: boolean;
  readonly noLog: boolean;
  readonly checkMode: boolean;
  readonly diff: boolean;
  /** The raw module args, for `TASK [x] => (args)` at -v and for the task path. */
  readonly args?: DataDict;
}

export interface HostResult {
  readonly host: string;
  /** `ok: [host -> delegated]`. */
  readonly delegatedTo?: string;
  readonly task: TaskInfo;
  /** The result dict as registered (changed, failed, msg …), already cleaned for display by the runner. */
  readonly result: DataDict;
  /** For a failed result: ignore_errors was set (`...ignoring`). */
  readonly ignored?: boolean;
}

export interface Stats {
  readonly hosts: readonly string[];
  /** Per host: ok, changed, unreachable, failures, skipped, rescued, ignored. */
  summarize(host: string): HostCounts;
  /** set_stats data, when any. */
  readonly custom?: DataDict;
}

export interface HostCounts {
  readonly ok: number;
  readonly changed: number;
  readonly unreachable: number;
  readonly failures: number;
  readonly skipped: number;
  readonly rescued: number;
  readonly ignored: number;
}

/** Every hook is optional: a callback implements the ones it cares about. */
export interface Callback {
  playbookStart?(file: string): void;
  playStart?(play: PlayInfo): void;
  taskStart?(task: TaskInfo): void;
  handlerTaskStart?(task: TaskInfo): void;
  /** A task was skipped for every host without output (e.g. a play's empty flush). */
  noHostsMatched?(): void;
  noHostsRemaining?(): void;
  runnerOk?(r: HostResult): void;
  runnerFailed?(r: HostResult): void;
  runnerSkipped?(r: HostResult): void;
  runnerUnreachable?(r: HostResult): void;
  itemOk?(r: HostResult): void;
  itemFailed?(r: HostResult): void;
  itemSkipped?(r: HostResult): void;
  runnerRetry?(r: HostResult): void;
  /** `included: file for host1, host2`. */
  include?(file: string, hosts: readonly string[], item?: DataDict): void;
  /** A handler was notified (only shown at -vv). */
  handlerNotified?(handler: string, host: string): void;
  warning?(message: string): void;
  deprecation?(message: string): void;
  /** Free text the runner needs shown (pause prompts, --step questions, -v lines). */
  display?(text: string, options?: { stderr?: boolean; verbosity?: number }): void;
  stats?(stats: Stats): void;
}
