/**
 * What the runner tells callbacks. `run` owns this interface; src/callbacks implements it
 * (default, json, …). Hook names follow ansible's v2_* callback methods.
 */
import type { ShownArgs } from './module-internal-args.js';
import type { DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';

export interface PlayInfo {
  /** The play's name as displayed (templated; defaults to the hosts pattern). */
  readonly name: string;
  readonly loc: SourceLocation;
  readonly checkMode: boolean;
  /** The play's strategy (`linear`, `free` …): free and host_pinned name tasks per result. */
  readonly strategy?: string;
  /** Stable per play (ansible's `_uuid`), for the json callback. */
  readonly id?: string;
}

/**
 * An error, warning or deprecation as ansible-core 2.19 displays it (its `Event`): a message,
 * where it came from, help text, and the cause chain. The callback turns it into the
 * `[ERROR]: …` / `[WARNING]: …` block with `Origin: file:line:col` and the numbered source lines.
 */
export interface DisplayEvent {
  /** One sentence, e.g. "Task failed." or "'x' is undefined". */
  readonly message: string;
  /** Where in the user's files; the callback reads the lines around it. */
  readonly origin?: SourceLocation;
  /** A ready-made source context (used instead of reading `origin`'s file), e.g. for a value with no file. */
  readonly context?: string;
  readonly help?: string;
  /** What caused this event ("Task failed." is caused by "Action failed." is caused by "boom"). */
  readonly cause?: DisplayEvent;
  /** The words between an event and its cause when both are shown (default `<<< caused by >>>`). */
  readonly causeReason?: string;
  /** Raised while handling an error ansible does not show: never folded into the event before it. */
  readonly whileHandling?: boolean;
  /** Several sub-events (e.g. every template error of a task). */
  readonly events?: readonly DisplayEvent[];
}

/** A deprecation: the message gets "This feature will be removed from … version X." appended. */
export interface DeprecationEvent extends DisplayEvent {
  readonly version?: string;
  readonly date?: string;
  /** `ansible.builtin` (printed as ansible-core) or a collection name. */
  readonly collection?: string;
  /** The plugin that deprecates (`inventory plugin 'script'`), named before the collection. */
  readonly plugin?: string;
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
  /** The task has no name: `name` is its action (a role's task is then "role : action" where 2.19 prints get_name()). */
  readonly unnamed?: boolean;
  /** The Python type of a role-less task's `name` written as no string (2.19's default callback cannot strip it). */
  readonly nameType?: string;
  readonly isHandler: boolean;
  readonly noLog: boolean;
  /**
   * no_log as written, by Python truthiness: what a callback sees on the task at its start. NOTE: 2.19
   * has not templated it then, so any template hides the args (its default callback says so in a FIXME).
   */
  readonly noLogWritten?: boolean;
  readonly checkMode: boolean;
  readonly diff: boolean;
  /** The raw module args, for `TASK [x] => (args)` at -v and for the task path. */
  readonly args?: DataDict;
  /** Stable per task (ansible's `_uuid`): a banner is printed once per task, not per TaskInfo object. */
  readonly id?: string;
  /** The task has `loop`/`with_*`: its final result carries `results` already shown item by item. */
  readonly loop?: boolean;
  /** `delegate_to` as written on the task (templated), for `[host -> other]`. */
  readonly delegateTo?: string;
  /** ignore_unreachable: an UNREACHABLE result is followed by `...ignoring`. */
  readonly ignoreUnreachable?: boolean;
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
  /**
   * The error of a failed task or item (ansible's `exception`): printed as an `[ERROR]: …` block
   * on stdout before the `fatal:` line. Set it for every failed task/item ansible-core would show
   * one for; not for a loop's final result.
   */
  readonly error?: DisplayEvent;
  /** Warnings raised while running this task (else the result's `warnings` strings are used). */
  readonly warnings?: readonly DisplayEvent[];
  /** Deprecations raised while running this task (else the result's `deprecations` dicts are used). */
  readonly deprecations?: readonly DeprecationEvent[];
  /** The task's args as it ran with them (2.19's result.task.args: templated, with a module's internal args). */
  readonly ranArgs?: ShownArgs;
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
  /** async tasks: a poll that found the job still running, and the job's end. */
  asyncPoll?(r: HostResult): void;
  asyncOk?(r: HostResult): void;
  asyncFailed?(r: HostResult): void;
  /** `included: file for host1, host2`. */
  include?(file: string, hosts: readonly string[], item?: DataDict): void;
  /** A handler was notified (only shown at -vv). */
  handlerNotified?(handler: string, host: string): void;
  /** A host starts a task (ansible's v2_runner_on_start): the json callback under free strategies. */
  runnerStart?(host: string, task: TaskInfo): void;
  warning?(message: string | DisplayEvent): void;
  deprecation?(message: string | DeprecationEvent): void;
  /** A diff for a changed result (`--diff`). */
  fileDiff?(r: HostResult): void;
  /**
   * Free text the runner needs shown (pause prompts, --step questions, -v lines). With
   * `verbosity: N` it is shown from -N on (ansible's display.v/vv/vvv), in the verbose colour,
   * as `<host> text` when `host` is given.
   */
  display?(text: string, options?: { stderr?: boolean; verbosity?: number; host?: string }): void;
  stats?(stats: Stats): void;
}
