/**
 * Runs one compiled play over its hosts: serial batches, the linear lockstep over the step list
 * (hosts meet before every step), handlers at flush points, and dynamic includes entered per host.
 * PlayRunner coordinates; the parts live beside it: linear-order.ts, free-passes.ts and
 * pinned-hosts.ts (the strategies' walks), step-fan-out.ts and host-output-order.ts (a step on
 * many hosts), play-handlers.ts, include-entry.ts, debugged-result.ts, step-questions.ts (--step)
 * and task-names.ts (banner names).
 */
import { pyStr, truthy, type Data } from '../core/data.js';
import { pythonInt } from '../core/python-int.js';
import type { CompiledPlay, Program, RoleInstance, Step, TaskStep } from '../compile/program.js';
import { buildJumpTable } from '../compile/jump-table.js';
import type { Keyword } from '../playbook/model.js';
import { omittedToContext, templateKw } from './task-keyword-checks.js';
import type { Callback, TaskInfo } from './events.js';
import { HostCursor } from './host-cursor.js';
import { processResult, type ProcessContext } from './result-processor.js';
import { RoleRuns } from './role-runs.js';
import { AggregateStats } from './stats.js';
import { TaskExecutor, type ExecOutcome, type ExecServices } from './task-executor.js';
import type { PlayVars, VarsPort } from './vars-port.js';
import { conditionsOf, isStrictBool, keywordBool, keywordPercent, toBool } from './keyword-values.js';
import { hasTemplatedAction, withTemplatedAction } from './templated-action.js';
import { isOmit, omittedValueError } from '../template/index.js';
import { runMeta } from './meta.js';
import type { IncludeLoader } from './include-loader.js';
import type { Terminal } from './terminal.js';
import { StepQuestions } from './step-questions.js';
import type { DebuggerSettings } from './debugger/needs-debugger.js';
import { RunAhead } from './run-ahead.js';
import { resultLetsHostGoOn, stepMayRunAhead } from './run-ahead-policy.js';
import { runFreePasses, type FreePassRunner } from './free-passes.js';
import { runPinnedHosts, type PinnedRunner } from './pinned-hosts.js';
import { HostOutputOrder } from './host-output-order.js';
import { holdBack, sendOutsideCapture } from './output-capture.js';
import { TaskNames } from './task-names.js';
import { settleWithDebugger, type DebuggedResultContext } from './debugged-result.js';
import { enterIncludes, type IncludeEntryContext, type IncludeResult } from './include-entry.js';
import { PlayHandlers, type HandlerRunner } from './play-handlers.js';
import { matchesStartAt } from './start-at-task.js';
import { LinearOrder } from './linear-order.js';
import { VolantError } from '../core/errors.js';
import { raisedElsewhere } from '../core/source-location.js';
import { runOnHosts, type FanOut } from './step-fan-out.js';
import type { TagFilter } from './tags.js';
import { implicitMetaWarnings, runningTaskWarnings } from '../playbook/collection-warnings.js';
import { runningActionDeprecations } from '../playbook/action-collections.js';
import { showVarsFilesRead, VARS_FILES_READ_VERBOSITY } from './vars-files-read.js';

/** Actions that run once for all the hosts of a step, on the first. */
const BYPASS_HOST_LOOP = new Set(['add_host', 'pause']);

/** add_host and pause cannot run under free or host_pinned: 2.19 stops the run at the task. */
function checkHostLoop(step: TaskStep): void {
  const task = step.task;
  if (!BYPASS_HOST_LOOP.has(task.action)) return;
  const message = `The '${task.action}' module bypasses the host loop, which is currently not supported in the free strategy and would instead execute for every host in the inventory list.`;
  throw new VolantError('BYPASS_HOST_LOOP_UNSUPPORTED', message, { location: task.loc });
}

const FREE_RUN_ONCE = 'Using run_once with the free strategy is not currently supported. This task will still be executed for every host in the inventory list.';
const FREE_ANY_ERRORS_FATAL = 'Using any_errors_fatal with the free strategy is not supported, as tasks are executed independently on each host';
const FREE_MAX_FAIL = 'Using max_fail_percentage with the free strategy is not supported, as tasks are executed independently on each host';
const THROTTLE_INVALID = 'Failed to convert the throttle value to an integer.';

export interface PlayRunServices {
  readonly exec: Omit<ExecServices, 'emitItem' | 'emitRetry' | 'taskInfo' | 'display'>;
  readonly callback: Callback;
  readonly stats: AggregateStats;
  readonly vars: VarsPort;
  readonly includes: IncludeLoader;
  readonly forks: number;
  readonly forceHandlers: boolean;
  /** Hosts that failed or went unreachable in earlier plays: they take no part. */
  readonly failedHosts: Set<string>;
  readonly unreachable: Set<string>;
  /**
   * Hosts any_errors_fatal or run_once marked failed (2.19's TQM failed list): whatever their
   * blocks make of it, they count as failed once the play is over.
   */
  readonly markedFailed: Set<string>;
  readonly warn: (message: string) => void;
  readonly addHost?: ProcessContext['addHost'];
  /** meta: refresh_inventory (the play's host lists follow the new inventory). */
  readonly refreshInventory?: () => (host: string) => boolean;
  readonly addGroup?: ProcessContext['addGroup'];
  readonly setStats?: ProcessContext['setStats'];
  readonly startAt?: { readonly pattern: string; done: boolean };
  /** ANSIBLE_STRATEGY / [defaults] strategy, when a play names none. */
  readonly defaultStrategy?: string;
  /** ansible's display.error, to stderr: a message, or an error with its origin. */
  readonly error?: (error: string | Error) => void;
  /** Filters steps by --tags / --skip-tags; returns false to skip a step for this run. */
  readonly tagFilter?: TagFilter;
  /**
   * --skip-tags always: the flush_handlers 2.19 adds after each section is tagged `always`, so notified
   * handlers never run; so is the role_complete ending each role, so no role is passed by as run.
   */
  readonly skipImplicitFlush?: boolean;
  /** The controller's terminal: --step questions and the task debugger. */
  readonly terminal?: Terminal;
  /** --step: ask before each task. */
  readonly step?: boolean;
  /** enable_task_debugger and task_debugger_ignore_errors. */
  readonly debugger?: DebuggerSettings;
  /** Volant's cross-host run-ahead (run-ahead.ts), for linear plays. */
  readonly runAhead?: boolean;
  /** The play's `strategy`, templated. */
  readonly playStrategy?: string;
  /** error_on_missing_handler is off (ProcessContext.missingHandlerWarns). */
  readonly missingHandlerWarns?: boolean;
}

export interface BatchOutcome {
  /** Every host of the batch failed or went unreachable: ansible stops the playbook. */
  readonly allFailed: boolean;
  readonly endPlay: boolean;
}

export class PlayRunner {
  private readonly cursors = new Map<string, HostCursor>();
  private readonly handlers: PlayHandlers;
  private readonly executor: TaskExecutor;
  private readonly output: HostOutputOrder;
  private readonly names: TaskNames;
  private readonly processCtx: ProcessContext;
  private readonly announced = new Set<number>();
  private readonly roleRuns: RoleRuns;
  private endPlay = false;
  /** max_fail_percentage was crossed in this batch: it stops, and the playbook after the play. */
  breakPlay = false;
  private batchHosts: string[] = [];
  /** The serial batch as ansible sizes it: hosts that failed or went unreachable before included. */
  private wholeBatch: readonly string[] = [];
  /** Hosts already failed when the batch started: max_fail_percentage counts only new failures. */
  private failedBefore = new Set<string>();
  /**
   * Hosts failed before the batch that any_errors_fatal or max_fail_percentage marked failed in it:
   * 2.19's hosts_left keeps them (it drops only unreachable hosts), and its failed hosts, emptied
   * as each batch starts, count them again from then on.
   */
  private failedAgain = new Set<string>();
  /**
   * Hosts whose failure max_fail_percentage does not count in this batch: under force_handlers 2.19
   * sends a failed host with handlers notified to the flush in its section's always, not out.
   */
  private failedToFlush = new Set<string>();
  /** max_fail_percentage was crossed in this batch: the hosts it marked failed, which count from then on. */
  private maxFailMarked: Set<string> | undefined;
  /**
   * Hosts of the batch failed inside one of the play's Blocks when end_batch or end_play completed
   * them: 2.19's result for the batch (the exit code, unless another batch runs) leaves them out.
   */
  readonly forgiven = new Set<string>();
  /** Failed hosts whose handlers force_handlers ran at a flush point of this batch. */
  private readonly flushedForced = new Set<string>();
  /** free: hosts whose meta flush_handlers triggered their handlers, for the pass loop to run (see deferFlush). */
  private readonly metaFlushing = new Set<string>();
  /** end_batch or end_play completed every host of the batch: no flush runs after. */
  private endedByMeta = false;
  /** free: include results waiting for the end of their pass (see enterDeferredIncludes). */
  private deferredIncludes: Map<string, { step: TaskStep; result: IncludeResult }> | undefined;
  /** --step's questions. */
  private readonly questions: StepQuestions;
  /** The cross-host run-ahead, when it is switched on and the play allows it. */
  private runAhead: RunAhead | undefined;
  private followingStep: Step | undefined;
  /** The role of the last step reached, whose end the next step outside it marks. */
  private lastRole: RoleInstance | undefined;
  /** Roles whose implicit role_complete some host reached (one that failed in the role never does). */
  private readonly roleCompletesReached = new Set<RoleInstance>();

  constructor(
    private readonly compiled: CompiledPlay,
    private readonly services: PlayRunServices,
    private readonly playVars: PlayVars,
  ) {
    this.handlers = new PlayHandlers(compiled.handlers, this.handlerRunner());
    this.roleRuns = new RoleRuns(!services.skipImplicitFlush);
    this.output = new HostOutputOrder(services.callback);
    this.names = new TaskNames(services.exec.templar, playVars, services.callback, services.exec.options);
    this.questions = new StepQuestions(services.step === true, services.terminal);
    const exec: ExecServices = {
      ...services.exec,
      emitItem: (kind, r) => this.output.item(kind, r),
      emitRetry: (r) => this.output.emit(r.host, () => services.callback.runnerRetry?.(r), true),
      emitAsync: (kind, r) => this.output.async(kind, r),
      display: (text, options) => services.callback.display?.(text, options),
      warning: (host, event) => this.output.emit(host, () => services.callback.warning?.(event)),
      taskInfo: (step, host) => this.taskInfo(step, host),
      searchedCollections: (step) => this.searchedCollections(step),
    };
    this.executor = new TaskExecutor(exec, playVars);
    this.processCtx = {
      stats: services.stats,
      callback: services.callback,
      vars: services.vars,
      notifications: this.handlers.notifications,
      cursors: this.cursors,
      unreachable: services.unreachable,
      warn: services.warn,
      ...(services.missingHandlerWarns ? { missingHandlerWarns: true } : {}),
      taskInfo: (step, host) => this.taskInfo(step, host),
      ...(services.addHost ? { addHost: services.addHost } : {}),
      ...(services.addGroup ? { addGroup: services.addGroup } : {}),
      ...(services.setStats ? { setStats: services.setStats } : {}),
      // NOTE: linear hands a run_once result to the other hosts itself (runStep).
      taskHosts: (step, host) => (this.walksFree && this.runOnceShared(step, host) ? this.batchHosts.filter((h) => !services.unreachable.has(h)) : [host]),
    };
  }

  get ended(): boolean {
    return this.endPlay;
  }

  /** A serial batch starts: ansible makes a new strategy for it, asking again under --step. */
  startBatch(batch: readonly string[]): void {
    this.wholeBatch = batch;
    this.failedBefore = new Set([...this.services.failedHosts, ...this.services.markedFailed]);
    this.failedAgain = new Set();
    this.failedToFlush = new Set();
    this.forgiven.clear();
    this.flushedForced.clear();
    this.endedByMeta = false;
    this.maxFailMarked = undefined;
    this.breakPlay = false;
    this.questions.startBatch();
    this.handlers.startBatch();
    this.playVars.startBatch?.();
    this.ranAheadBefore += this.runAhead?.started ?? 0;
    this.runAhead = this.runAheadAllowed() ? new RunAhead(this.services.forks) : undefined;
  }

  /**
   * Run-ahead applies to linear plays without anything that makes one host's failure stop the
   * others mid-step (max_fail_percentage, any_errors_fatal) or that talks to the terminal.
   */
  private runAheadAllowed(): boolean {
    const play = this.compiled.play.keywords;
    if (this.services.runAhead !== true || this.strategy() !== 'linear' || this.questions.on) return false;
    if (this.services.debugger?.enabled || play.get('debugger') !== undefined) return false;
    // (a templated value counts as set: it may turn out to be either)
    const set = (name: string): boolean => {
      const value = play.get(name)?.value;
      return value !== undefined && value !== null && (typeof value === 'string' || (name === 'any_errors_fatal' ? (keywordBool(play.get(name)) ?? false) : true));
    };
    if (set('max_fail_percentage') || set('any_errors_fatal')) return false;
    return true;
  }

  /** How many steps ran ahead of their turn in this play (run-ahead's trace). */
  get ranAhead(): number {
    return this.ranAheadBefore + (this.runAhead?.started ?? 0);
  }

  private ranAheadBefore = 0;

  /** Runs the play's program over one serial batch (`programOf`: a host that starts elsewhere in it). */
  async runBatch(hosts: readonly string[], program: Program, programOf?: (host: string) => Program): Promise<BatchOutcome> {
    this.batchHosts = [...hosts];
    const startAt = this.services.startAt;
    this.seeking = new Set(startAt && !startAt.done ? hosts : []);
    for (const step of program.steps) this.announced.delete(step.id);
    for (const host of hosts) {
      this.cursors.set(host, new HostCursor(programOf?.(host) ?? program, this.forceHandlers(), this.taggedProgram));
    }
    if (this.strategy() === 'free' || this.strategy() === 'host_pinned') {
      this.strategyStarts();
      await this.runFree(hosts);
      // NOTE: 2.19's free loop (host_pinned's too) finds no reachable host left as its next pass
      // starts once the last one went unreachable, and says so.
      if (hosts.length > 0 && !this.endPlay && hosts.every((h) => this.services.unreachable.has(h))) this.services.callback.noHostsRemaining?.();
      this.reachRole(undefined);
      return this.batchOutcome(hosts);
    }
    const order = new LinearOrder(program.steps);
    while (!this.endPlay && !this.breakPlay) {
      const active = this.activeHosts();
      const nextByHost = new Map<string, Step>();
      for (const host of active) {
        const step = this.cursors.get(host)?.peek();
        if (step) nextByHost.set(host, step);
      }
      // after the peeks: a host that finished an included file leaves the role that included it there
      this.roleCompleteTurns(active);
      if (nextByHost.size === 0) break;
      const wanted = new Set([...nextByHost.values()].map((s) => s.id));
      // Should the order lack every waiting step, the first host's is taken.
      const step = order.next(wanted, [...nextByHost.values()][0] as Step);
      const stepHosts = [...nextByHost].filter(([, s]) => s.id === step.id).map(([h]) => h);
      if (step.kind === 'flush') {
        this.reachRole(undefined);
        if (!this.services.skipImplicitFlush) {
          // the hosts at the flush and the failed ones force_handlers brings, in the batch's order
          const forced = this.handlers.forcedHosts(this.batchHosts, stepHosts);
          for (const h of forced) this.flushedForced.add(h);
          const flushing = new Set([...stepHosts, ...forced]);
          const ordered = this.batchHosts.filter((h) => flushing.has(h));
          // each host's iterator passes the flush by unless the host or a handler is notified, as the round starts
          const running = ordered.filter((h) => !this.handlers.notifications.idle(h));
          // 2.19's implicit `meta: flush_handlers` runs (and looks meta up) only for notified hosts
          if (ordered.some((h) => this.handlers.notifications.pending(h))) this.warnMetaLookup(this.compiled.play.keywords.get('collections')?.value);
          await this.flushHandlers([...ordered, ...[...flushing].filter((h) => !ordered.includes(h))], this.flushPointVarsAsked(running));
        }
        for (const h of stepHosts) this.cursors.get(h)?.advance();
        continue;
      }
      // The step linear runs next when a host's result moves it on: what a host may run ahead to.
      this.followingStep = order.following();
      // Each lockstep turn announces its task again (a host clear_host_errors brought back comes later).
      this.announced.delete(step.id);
      const included = await this.runStep(step, stepHosts);
      this.followingStep = undefined;
      order.insert(included);
      // A pending failure can end a host when it leaves an always section.
      for (const h of hosts) if (this.cursors.get(h)?.failed) this.services.failedHosts.add(h);
    }
    this.reachRole(undefined);
    if (this.maxFailMarked) {
      // NOTE: a host force_handlers owes handlers has its flush ahead: 2.19 starts it (a round of
      // meta tasks), finds the percentage crossed and every host failed, and returns: no handler
      // runs, force_handlers or not.
      if (!this.breakPlay && !this.services.skipImplicitFlush && this.handlers.forcedHosts(this.batchHosts, []).length > 0) {
        this.services.callback.noHostsRemaining?.();
        this.services.callback.noHostsRemaining?.();
      }
      this.breakPlay = true;
    }
    await this.runAhead?.settle();
    const forced = this.services.skipImplicitFlush || this.maxFailMarked || this.endedByMeta ? [] : this.handlers.forcedHosts(this.batchHosts, []);
    if (forced.length > 0) await this.flushHandlers(forced);
    return this.batchOutcome(hosts);
  }

  /**
   * linear: the implicit role_complete tasks of the roles the hosts just left, a lockstep turn
   * each, which ask for each host's variables (all that shows of them, at -vvv).
   */
  private roleCompleteTurns(hosts: readonly string[]): void {
    // (most steps: no host just left a role)
    if (hosts.every((h) => (this.cursors.get(h)?.rolesCompleted.length ?? 0) === 0)) return;
    const ends = hosts.map((h) => ({ h, roles: this.cursors.get(h)?.rolesCompleted ?? [] }));
    for (const { h } of ends) {
      const cursor = this.cursors.get(h);
      if (cursor) cursor.rolesCompleted = [];
    }
    if (this.services.skipImplicitFlush) return;
    // NOTE: 2.19's iterator passes by the role_complete of a role the host completed through another entry of it.
    const due = ends.map(({ h, roles }) => ({ h, roles: roles.filter((role) => !this.roleRuns.completedElsewhere(h, role)) }));
    for (const { roles } of due) for (const role of roles) this.roleCompleteReached(role);
    for (let turn = 0; due.some(({ roles }) => roles.length > turn); turn++) {
      for (const { h, roles } of due) if (roles.length > turn) this.varsAsked(h);
    }
  }

  /**
   * What a linear flush point asks of the hosts it runs for (`running`). NOTE: 2.19's iterator gives
   * a host the flush when the host saved a notification or a handler is notified for anyone, and
   * the strategy asks for its variables as it runs it; only -vvv shows that (host_pinned: see
   * pinnedRunner). What a host out of the play (end_host, failed) saved is never handed to a handler.
   */
  private flushPointVarsAsked(running: readonly string[]): ((host: string) => void) | undefined {
    if (this.services.exec.options.verbosity < VARS_FILES_READ_VERBOSITY) return undefined;
    return (host) => {
      if (running.includes(host)) this.varsAsked(host);
    };
  }

  /** 2.19 asked for the host's variables (at -vvv its vars_files say they were read: vars-files-read.ts). */
  private readonly varsAsked = (host?: string): void => {
    if (this.services.exec.options.verbosity >= VARS_FILES_READ_VERBOSITY) showVarsFilesRead(this.services.callback, this.playVars, host);
  };

  private batchOutcome(hosts: readonly string[]): BatchOutcome {
    // A failure pending in an always section fires as the host looks for its next step, which
    // may be when an included file it ran last ends: it has no step left to run then.
    for (const h of hosts) if (this.cursors.get(h)?.failed) this.services.failedHosts.add(h);
    const failedCount = hosts.filter((h) => this.services.failedHosts.has(h) || this.services.unreachable.has(h)).length;
    return { allFailed: failedCount === hosts.length && hosts.length > 0, endPlay: this.endPlay };
  }

  /**
   * 2.19 runs the strategy for every batch, even one with no host left to run: free and
   * host_pinned warn of max_fail_percentage as they start.
   */
  strategyStarts(): void {
    const maxFail = this.compiled.play.keywords.get('max_fail_percentage');
    if (this.walksFree && maxFail && maxFail.value !== null) this.services.warn(FREE_MAX_FAIL);
  }

  /** free and host_pinned: each host walks the play on its own. */
  get walksFree(): boolean {
    return this.strategy() === 'free' || this.pinned;
  }

  /** host_pinned: each host walks the whole play in its slot, Gathering Facts included. */
  get pinned(): boolean {
    return this.strategy() === 'host_pinned';
  }

  private strategy(): string {
    const name = this.services.playStrategy ?? this.services.defaultStrategy ?? 'linear';
    return name.replace(/^ansible\.(builtin|legacy)\./, '');
  }

  /** free and host_pinned: each host walks the program as fast as it can; handlers wait for flush points, per host. */
  private async runFree(hosts: readonly string[]): Promise<void> {
    if (this.strategy() === 'host_pinned') await runPinnedHosts(hosts, this.pinnedRunner());
    else {
      this.deferredIncludes = new Map();
      try {
        await runFreePasses(hosts, this.freePassRunner());
      } finally {
        this.deferredIncludes = undefined;
        this.removedUnshown = undefined;
      }
    }
  }

  /** What free and host_pinned both walk: the batch's hosts, until the play stops. */
  private hostWalk(): Pick<FreePassRunner & PinnedRunner, 'forks' | 'stopped' | 'unreachable' | 'cursor'> {
    return {
      forks: this.services.forks,
      stopped: () => this.endPlay || this.breakPlay,
      unreachable: (host) => this.services.unreachable.has(host),
      cursor: (host) => this.cursors.get(host),
    };
  }

  /** A boolean keyword (ignore_errors, any_errors_fatal), templated with the host's variables. */
  private keywordFlag(kw: Keyword | undefined, step: TaskStep, host: string): boolean | undefined {
    if (!kw || typeof kw.value !== 'string') return keywordBool(kw);
    const templar = this.services.exec.templar;
    if (!templar.isTemplate(kw.value)) return keywordBool(kw);
    try {
      return keywordBool({ ...kw, value: templar.render(kw.value, this.playVars.forTask(host, step), { origin: kw.loc }) });
    } catch {
      return undefined;
    }
  }

  /**
   * ignore_errors for the host. NOTE: a value 2.19 cannot convert fails the task, and the strategy
   * then tests the value as written: a non-empty string ignores that failure.
   */
  private ignoreErrors(step: TaskStep, host: string): boolean {
    const kw = step.folded.scalars.get('ignore_errors');
    if (kw === undefined) return false;
    const templar = this.services.exec.templar;
    const render = (written: Keyword): Keyword => templateKw(written, this.playVars.forTask(host, step), templar) ?? written;
    let value: Data;
    try {
      value = omittedToContext(step, 'ignore_errors', render(kw), render)?.value ?? null;
    } catch {
      return truthy(kw.value);
    }
    if (value === null) return false;
    return isStrictBool(value) ? (toBool(value) ?? false) : truthy(kw.value);
  }

  /**
   * The first of `hosts` for which the step's run_once templates to a true value, or -1.
   * NOTE: 2.19's strategy tests the templated value as Python does ('no', [True] are true): the
   * hosts after it never run the task, even when the task then finds the value no bool.
   */
  private runOnceAt(step: TaskStep, hosts: readonly string[]): number {
    const kw = step.folded.scalars.get('run_once');
    if (!kw || kw.value === null) return -1;
    return hosts.findIndex((host) => truthy(this.runOnceValue(step, kw, host)));
  }

  private runOnceValue(step: TaskStep, kw: Keyword, host: string): Data {
    const templar = this.services.exec.templar;
    if (typeof kw.value !== 'string' || !templar.isTemplate(kw.value)) return kw.value;
    const value = templar.render(kw.value, this.playVars.forTask(host, step), { origin: kw.loc });
    // NOTE: 2.19's strategy refuses an omitted run_once as it queues the task: the run ends there.
    if (isOmit(value)) throw omittedValueError(kw.loc);
    return value;
  }

  /** The others take the result of the host that ran it once only when run_once is a true bool (2.19 reads the task's validated value). */
  private runOnceShared(step: TaskStep, host: string): boolean {
    const kw = step.folded.scalars.get('run_once');
    return kw !== undefined && (keywordBool({ ...kw, value: this.runOnceValue(step, kw, host) }) ?? false);
  }

  /** A boolean keyword as written (the task's, else the play's), by Python's truth. */
  private writtenFlag(step: TaskStep, name: string): boolean {
    const kw = step.folded.scalars.get(name) ?? this.compiled.play.keywords.get(name);
    return kw !== undefined && truthy(kw.value);
  }

  /** free and host_pinned warn of any_errors_fatal as they queue a task, and run it anyway. */
  private warnPerHostFatal(step: TaskStep): void {
    if (this.writtenFlag(step, 'any_errors_fatal')) this.services.warn(FREE_ANY_ERRORS_FATAL);
  }

  /** What free-passes.ts drives: this play's hosts, steps and handlers. */
  private freePassRunner(): FreePassRunner {
    return {
      ...this.hostWalk(),
      leftOut: (step, host) => this.leftOut(step, host),
      roleCompleted: (step, host) => this.roleRuns.skips(host, step),
      completedElsewhere: (role, host) => this.roleRuns.completedElsewhere(host, role),
      implicitFlushes: !this.services.skipImplicitFlush,
      forcedHandlers: (host) => !this.services.skipImplicitFlush && this.handlers.forcedHosts([host], []).length > 0,
      confirm: (step, isHandler, host) => this.questions.confirm(step, isHandler, host),
      enterHandlers: (host) => this.handlers.announce(host),
      flushIdle: (host) => this.handlers.notifications.idle(host),
      nextHandler: (host) => this.handlers.next(host),
      queueing: (step, host) => {
        // NOTE: 2.19's free strategy checks these as it queues the task, before the results of
        // tasks queued earlier are shown; run_once warns, and the task runs on every host anyway.
        this.varsAsked(host);
        checkHostLoop(step);
        if (this.runOnceAt(step, [host]) === 0) this.services.warn(FREE_RUN_ONCE);
        this.warnPerHostFatal(step);
      },
      implicitMeta: this.varsAsked,
      roleCompleteReached: this.roleCompleteReached,
      runHandler: async (step, host) => {
        await this.handlers.run(step, [host], true);
      },
      metaFlushTriggered: (host) => this.metaFlushing.delete(host),
      runStep: async (step, host, isMeta) => {
        await this.runStep(step, [host], false, !isMeta);
        if (this.cursors.get(host)?.failed) this.services.failedHosts.add(host);
      },
      resultsShown: (hosts) => this.enterDeferredIncludes(hosts),
      watchUnshown: (removedUnshown) => (this.removedUnshown = removedUnshown),
    };
  }

  /**
   * free: the include results shown at the end of a pass are processed together, as 2.19 does
   * with a pass's results: hosts that included the same file share it (one `included:` line).
   */
  private async enterDeferredIncludes(hosts: readonly string[]): Promise<void> {
    const groups = new Map<number, { step: TaskStep; results: IncludeResult[] }>();
    for (const host of hosts) {
      const deferred = this.deferredIncludes?.get(host);
      if (!deferred) continue;
      this.deferredIncludes?.delete(host);
      const group = groups.get(deferred.step.id) ?? { step: deferred.step, results: [] };
      group.results.push(deferred.result);
      groups.set(deferred.step.id, group);
    }
    for (const { step, results } of groups.values()) {
      await enterIncludes(this.includeEntryContext(), step, results);
      for (const { host } of results) if (this.cursors.get(host)?.failed) this.services.failedHosts.add(host);
    }
  }

  /** NOTE: host_pinned is 2.19's free strategy with another queue: the same warnings as it queues a task or handler. */
  private warnPinnedQueued(step: TaskStep, host: string): void {
    // a module that bypasses the host loop fails the run first, before any warning
    checkHostLoop(step);
    if (this.runOnceAt(step, [host]) === 0) this.services.warn(FREE_RUN_ONCE);
    this.warnPerHostFatal(step);
  }

  /** What pinned-hosts.ts drives: this play's hosts and steps. */
  private pinnedRunner(): PinnedRunner {
    return {
      ...this.hostWalk(),
      flushHandlers: async (host) => {
        // NOTE: the host's own iterator passes its flush point by unless the host saved a
        // notification or a handler is notified for any host: what another host saved and has
        // not flushed yet (it may never: end_host) does not count.
        if (!this.services.skipImplicitFlush) await this.flushHandlers([host], this.handlers.notifications.idle(host) ? undefined : this.varsAsked);
      },
      parked: (host) => this.parked(host),
      roleComplete: (host) => this.pinnedRoleComplete(host),
      forcedHandlers: (host) => !this.services.skipImplicitFlush && this.handlers.forcedHosts([host], []).length > 0,
      runStep: async (step, host) => {
        const cursor = this.cursors.get(host);
        // A step --tags leaves out is never queued: 2.19 filtered it out of the play.
        if (step.task.action !== 'meta' && !this.leftOut(step, host)) {
          this.varsAsked(host);
          this.warnPinnedQueued(step, host);
        }
        await this.runStep(step, [host]);
        if (cursor?.failed) this.services.failedHosts.add(host);
      },
    };
  }

  /**
   * host_pinned: a role the host left ends with 2.19's implicit role_complete, a meta task of its
   * own (free's is in free-passes.ts), which asks for the host's variables as it is queued; one a
   * host completed through another entry of the role is passed by.
   */
  private pinnedRoleComplete(host: string): boolean {
    const cursor = this.cursors.get(host);
    if (!cursor) return false;
    const ends = cursor.rolesCompleted.filter((role) => !this.roleRuns.completedElsewhere(host, role));
    const implicit = !this.services.skipImplicitFlush;
    cursor.rolesCompleted = implicit ? ends.slice(1) : [];
    if (ends.length === 0 || !implicit) return false;
    this.roleCompleteReached(ends[0]);
    this.varsAsked(host);
    return true;
  }

  /** What the play's handlers need: its hosts, and running a handler as a step. */
  private handlerRunner(): HandlerRunner {
    return {
      cursors: this.cursors,
      unreachable: this.services.unreachable,
      failedHosts: this.services.failedHosts,
      callback: this.services.callback,
      forceHandlers: () => this.forceHandlers(),
      taskInfo: (step, host) => this.taskInfo(step, host),
      forgetBanner: (step) => this.announced.delete(step.id),
      runStep: (step, hosts, asked) => {
        // free's passes warn as they queue a handler (free-passes.ts); host_pinned's flush does here
        if (this.strategy() === 'host_pinned' && step.task.action !== 'meta') {
          for (const host of hosts) {
            this.varsAsked(host);
            this.warnPinnedQueued(step, host);
          }
        }
        return this.runStep(step, hosts, true, asked);
      },
      handlerName: (step, name) => this.handlerName(step, name),
      declined: (step) => this.questions.declined(step),
    };
  }

  /**
   * 2.19 templates a handler's name (once) with its variables of no host (its role's, its include's
   * params, its own vars); one that cannot be
   * templated answers only to its listen topics, and without any it is unusable, with a warning.
   */
  private handlerName(step: TaskStep, name: string): string | undefined {
    const templar = this.services.exec.templar;
    if (!templar.isTemplate(name)) return name;
    try {
      const vars = this.playVars.forStep?.(step) ?? this.playVars.forPlay();
      return pyStr(templar.render(name, vars, { origin: step.task.keywords.get('name')?.loc }));
    } catch (e) {
      const listen = step.task.keywords.get('listen');
      if (!listen || listen.value === null) {
        this.services.warn(
          `Handler '${name}' is unusable because it has no listen topics and the name could not be templated (host-specific variables are not supported in handler names). The error: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
      return undefined;
    }
  }

  private readonly roleCompleteReached = (role: RoleInstance | undefined): void => {
    if (role !== undefined) this.roleCompletesReached.add(role);
  };

  /**
   * A step outside the role run last ends that role: its role_complete looks `meta` up (tagged
   * always) when a host reaches it. NOTE: 2.19's iterator gives a host that failed in the role no
   * further task, so a role every host failed in looks nothing up.
   */
  private reachRole(role: RoleInstance | undefined): void {
    const left = this.lastRole;
    this.lastRole = role;
    if (left === undefined || left === role) return;
    const reached = this.roleCompletesReached.delete(left);
    if (!reached && !this.services.skipImplicitFlush) return;
    this.warnMetaLookup([...left.def.collections]);
  }

  /** An implicit meta task's action looked up through the collections of the play or role that holds it. */
  private warnMetaLookup(collections: Data | undefined): void {
    for (const message of implicitMetaWarnings(collections)) this.services.callback.warning?.(message);
  }

  /** The collections a step's action is looked up in: a role's task that lists none of its own searches the role's. */
  private searchedCollections(step: TaskStep): Data | undefined {
    const folded = step.folded.scalars.get('collections');
    if (step.role === undefined) return folded?.value;
    // NOTE: 2.19 searches a role's tasks through the role's own collections: what the play, a block
    // or the role's entry (roles:, import_role) around the role says never reaches them; what the
    // role's own files say does.
    const inRole = folded !== undefined && folded.loc.file.startsWith(`${step.role.def.path}/`);
    return inRole ? folded.value : [...step.role.def.collections];
  }

  /** Hosts that already completed the dependency role of this step pass it silently. */
  private skipCompletedRoles(step: TaskStep, hosts: string[]): string[] {
    const left = hosts.filter((h) => {
      if (!this.roleRuns.skips(h, step)) return true;
      this.cursors.get(h)?.advance();
      return false;
    });
    return left;
  }

  /** A step --start-at-task has not brought the host to yet, or that --tags/--skip-tags leave out. */
  private leftOut(step: TaskStep, host: string): boolean {
    const startAt = this.services.startAt;
    if (startAt && this.seeking.has(host) && !step.task.implicit && !matchesStartAt(startAt.pattern, step)) return true;
    return this.taggedOut(step);
  }

  /**
   * Hosts --start-at-task still moves on, each until it reaches the task: 2.19's iterator moves every
   * host of the batch there before the play runs (host_pinned's later hosts too).
   */
  private seeking = new Set<string>();

  private readonly taggedPrograms = new WeakMap<Program, Program>();

  /** The program whose jumps know which rescues --tags empties (2.19 filters them before the play runs). */
  private readonly taggedProgram = (program: Program): Program => {
    const filter = this.services.tagFilter;
    if (filter === undefined || !program.spans.some((span) => span.rescueStart < span.alwaysStart)) return program;
    let tagged = this.taggedPrograms.get(program);
    if (tagged === undefined) {
      tagged = { ...program, jumps: buildJumpTable(program.steps, program.spans, (step) => step.kind === 'task' && (step.task.implicit === true || filter(step))) };
      this.taggedPrograms.set(program, tagged);
    }
    return tagged;
  };

  private taggedOut(step: TaskStep): boolean {
    return this.services.tagFilter !== undefined && !this.services.tagFilter(step);
  }

  /**
   * Where --start-at-task starts this play, as 2.19's PlayIterator looks before the play runs:
   * among the tasks --tags leaves, the Gathering Facts step first (when the play gathers), never
   * inside a dynamic include. `none`: nothing of the play runs; `first`: the first of those (the
   * Gathering Facts step or a task); `later`: one after it; `all`: the search is over.
   */
  startAtPlan(gather: TaskStep | undefined): 'all' | 'none' | 'first' | 'later' {
    const startAt = this.services.startAt;
    if (!startAt || startAt.done) return 'all';
    const tasks = this.compiled.program.steps.filter((s): s is TaskStep => s.kind === 'task' && !s.task.isHandler);
    const candidates = [...(gather ? [gather] : []), ...tasks].filter((s) => !this.taggedOut(s));
    const at = candidates.findIndex((s) => matchesStartAt(startAt.pattern, s));
    if (gather !== undefined && candidates[at] === gather) startAt.done = true;
    return at < 0 ? 'none' : at === 0 ? 'first' : 'later';
  }

  /** A host of the batch 2.19 took out of ansible_play_batch and ansible_play_hosts (HostCursor.outOfBatch). */
  removedFromBatch(host: string): boolean {
    return this.batchHosts.includes(host) && (this.cursors.get(host)?.outOfBatch ?? false);
  }

  /**
   * free: the host failed out in a task whose result is not shown yet (free-passes.ts); 2.19
   * takes it out of the play batch only as it shows the result.
   */
  failureUnshown(host: string): boolean {
    return this.removedUnshown?.(host) ?? false;
  }

  private removedUnshown: ((host: string) => boolean) | undefined;

  /** The serial batch as ansible sizes it (see wholeBatch). */
  private get ansibleBatch(): readonly string[] {
    return this.wholeBatch.length > 0 ? this.wholeBatch : this.batchHosts;
  }

  /**
   * any_errors_fatal or max_fail_percentage marks the batch's reachable hosts failed (2.19's
   * hosts_left) but those `spared`: the ones that failed before the batch count again.
   */
  private failBeforeAgain(spared: readonly string[]): void {
    const batch = this.ansibleBatch;
    for (const host of this.failedBefore) if (!spared.includes(host) && batch.includes(host) && !this.services.unreachable.has(host)) this.failedAgain.add(host);
  }

  /**
   * A fatal failure (any_errors_fatal, a run_once result, a task bypassing the host loop) fails
   * the hosts left besides those it failed itself.
   */
  private failTheOthers(hostsLeft: readonly string[], failedNow: readonly string[], fatal: boolean, once: ExecOutcome | undefined): void {
    this.failBeforeAgain(failedNow);
    for (const host of hostsLeft) {
      if (failedNow.includes(host)) continue;
      // NOTE: 2.19 marks the rest failed for later plays even when a rescue takes them in, and
      // a host the task made unreachable too.
      this.services.markedFailed.add(host);
      const c = this.cursors.get(host);
      if (fatal && c && !c.failed) {
        c.failAtLast();
        if (c.failed) this.services.failedHosts.add(host);
      } else if (c && !c.failed && !c.ended && once?.result.get('failed') === true) {
        // NOTE: run_once failed every host already (each took the result); 2.19 marks them a
        // second time, so one in a rescue leaves it unrun (for its always, or out).
        c.fail();
        if (c.failed) this.services.failedHosts.add(host);
      }
    }
  }

  private activeHosts(): string[] {
    return this.batchHosts.filter((h) => {
      const c = this.cursors.get(h);
      return c !== undefined && !c.ended && !this.services.unreachable.has(h);
    });
  }

  /** Runs a task step on the hosts waiting at it; returns steps of programs they included. */
  private async runStep(step: TaskStep, hosts: string[], isHandler = false, asked = false): Promise<Step[]> {
    const task = step.task;
    const startAt = this.services.startAt;
    if (!isHandler) this.reachRole(step.role);
    // NOTE: notified handlers run whatever --tags says.
    if (!isHandler && this.taggedOut(step)) {
      for (const h of hosts) this.cursors.get(h)?.advance();
      return [];
    }
    const seekers = startAt && !task.implicit ? hosts.filter((h) => this.seeking.has(h)) : [];
    if (startAt && seekers.length > 0) {
      if (matchesStartAt(startAt.pattern, step)) {
        startAt.done = true;
        for (const h of seekers) this.seeking.delete(h);
      } else {
        for (const h of seekers) this.cursors.get(h)?.advance();
        hosts = hosts.filter((h) => !this.seeking.has(h));
        if (hosts.length === 0) return [];
      }
    }
    if (!isHandler) {
      hosts = this.skipCompletedRoles(step, hosts);
      if (hosts.length === 0) return [];
    }
    for (const message of runningTaskWarnings(task, this.searchedCollections(step))) this.services.callback.warning?.(message);
    for (const deprecation of runningActionDeprecations(task.actionWritten, task.actionAsKey === true)) this.services.callback.deprecation?.(deprecation);
    if (task.action === 'meta') {
      await runMeta(this.metaContext(), step, hosts);
      return [];
    }
    const perHost = this.strategy() === 'free' || this.strategy() === 'host_pinned';
    if (perHost) checkHostLoop(step);
    // 2.19 asks for each host's variables as it queues the task, the first before the --step
    // question and the banner, so a declined task still reads them once (free and host_pinned
    // ask as they queue it: see queueing).
    if (!perHost) this.varsAsked(hosts[0]);
    if (!asked && !(await this.questions.confirm(step, isHandler, perHost ? hosts[0] : undefined))) {
      for (const h of hosts) this.cursors.get(h)?.advance();
      return [];
    }
    if (!step.implicit && !this.announced.has(step.id)) {
      // NOTE: ansible reads the first host's variables before the task banner, so an error in
      // its group_vars/ or host_vars/ files comes before the banner (the variables are cached).
      const firstVars = this.playVars.forTask(hosts[0] as string, step);
      // It templates a templated action and run_once for it there too: their errors end the run.
      withTemplatedAction(step, firstVars, this.services.exec.templar);
      this.runOnceAt(step, hosts.slice(0, 1));
      this.announced.add(step.id);
      this.names.announce(step, hosts[0] as string);
      const info = this.taskInfo(step, hosts[0] as string);
      const callback = this.services.callback;
      const announce = (): void => void (isHandler ? callback.handlerTaskStart?.(info) : callback.taskStart?.(info));
      // NOTE: free and host_pinned send it as they queue the task, before the items its worker sends.
      if (perHost) sendOutsideCapture(announce);
      else announce();
    }
    // NOTE: ansible templates run_once for each host in turn as it queues the task: the hosts
    // before the first that says true run as usual, that one runs once for the rest.
    // The other hosts' templated actions, templated as 2.19 queues them: an error ends the run.
    if (hasTemplatedAction(step, this.services.exec.templar)) for (const h of hosts.slice(1)) withTemplatedAction(step, this.playVars.forTask(h, step), this.services.exec.templar);
    const onceAt = this.runOnceAt(step, hosts);
    const runOnce = onceAt >= 0;
    // add_host and pause bypass the host loop (2.19's BYPASS_HOST_LOOP): they run on the first
    // host only, the others do not get the result, and a failure is fatal to the play's hosts.
    const bypassHostLoop = BYPASS_HOST_LOOP.has(task.action);
    const targets = bypassHostLoop ? hosts.slice(0, 1) : runOnce ? hosts.slice(0, onceAt + 1) : hosts;
    // 2.19's hosts_left: the batch's hosts that were reachable when the task started.
    const hostsLeft = this.batchHosts.filter((h) => !this.services.unreachable.has(h));
    const failedNow: string[] = [];
    const unreachableNow: string[] = [];
    const includeResults: IncludeResult[] = [];
    const handle = async (host: string, outcome: ExecOutcome): Promise<void> => {
      const isInclude = task.action === 'include_tasks' || task.action === 'include_role';
      const ignoreErrors = this.ignoreErrors(step, host);
      const failed = truthy(outcome.result.get('failed'));
      // NOTE: 2.19 counts a role as run for the host (so a later duplicate of it is skipped) only
      // by a task result that failed or was neither skipped nor unreachable.
      if (!isHandler && (failed || !(truthy(outcome.result.get('skipped')) || truthy(outcome.result.get('unreachable'))))) this.roleRuns.ran(host, step);
      if (isInclude && !failed && !truthy(outcome.result.get('skipped'))) {
        includeResults.push({ host, outcome });
        processResult(this.processCtx, host, step, outcome, { ignoreErrors, isInclude: true });
        return;
      }
      // NOTE: 2.19's strategy sends a result's diff to the callback when --diff (or diff_always) is on OR the task's diff is:
      // a task's `diff: false` under --diff still reaches it (minimal then prints an empty diff as a blank line).
      const diff = this.services.exec.options.diff || (this.keywordFlag(step.folded.scalars.get('diff'), step, host) ?? false);
      const ignoreUnreachable = this.keywordFlag(step.folded.scalars.get('ignore_unreachable'), step, host) ?? false;
      const verdict = await settleWithDebugger(this.debuggedResultContext(), host, step, outcome, { ignoreErrors, isInclude, diff, ignoreUnreachable });
      if (verdict === 'failed') failedNow.push(host);
      if (verdict === 'unreachable') unreachableNow.push(host);
      if (verdict === 'failed' && this.cursors.get(host)?.failed) {
        this.services.failedHosts.add(host);
        if (this.forceHandlers() && this.handlers.notifications.pending(host) && !(isHandler && this.handlers.failsForGood(host))) this.failedToFlush.add(host);
      }
    };
    // NOTE: with one fork, ansible shows a host's result before the next host's task gets going
    // (its retries, items); with more, results are shown in host order once all are in.
    const limit = this.forkLimit(step, targets[0] as string);
    const oneByOne = limit === 1;
    // NOTE: 2.19 asks for each host's variables as it queues the host's task; with one fork it
    // queues the next host before it reads what this host's worker sent (see queuedNext).
    const queuedNext = (host: string): void => {
      const next = targets[targets.indexOf(host) + 1];
      if (next !== undefined) this.varsAsked(next);
    };
    const fan = this.fanOut(step, limit, perHost ? undefined : queuedNext);
    if (!perHost && !(oneByOne && fan.overlap === true)) for (const h of targets.slice(1)) this.varsAsked(h);
    const outcomes = await runOnHosts(fan, step, targets, oneByOne ? handle : undefined);
    if (!oneByOne) for (const [host, outcome] of outcomes) await handle(host, outcome);
    const once = runOnce ? outcomes.find(([host]) => host === hosts[onceAt])?.[1] : undefined;
    if (runOnce) {
      // The hosts after it take the result of the host that ran it once, without running; those
      // before it (which ran as usual) get its register and facts too, staying where they are.
      const ignoreErrors = this.ignoreErrors(step, hosts[onceAt] as string);
      const stay: ProcessContext = { ...this.processCtx, cursors: new Map() };
      const shared = once !== undefined && this.runOnceShared(step, hosts[onceAt] as string);
      for (const host of shared ? hosts : []) {
        if (host !== hosts[onceAt]) processResultSilently(hosts.indexOf(host) < onceAt ? stay : this.processCtx, host, step, once as ExecOutcome, ignoreErrors);
      }
      // NOTE: 2.19 gives its register and facts to every reachable host of the batch (get_task_hosts;
      // free and host_pinned do it through taskHosts as each result is applied),
      // also to those not at this step (failed, or outside the block or rescue it is in).
      const elsewhere = shared && !perHost ? this.batchHosts.filter((h) => !hosts.includes(h) && !this.services.unreachable.has(h)) : [];
      for (const host of elsewhere) processResultSilently(stay, host, step, once as ExecOutcome, ignoreErrors);
      if (!shared) for (const host of hosts.slice(onceAt + 1)) this.cursors.get(host)?.advance();
    } else if (bypassHostLoop) {
      for (const host of hosts.slice(1)) this.cursors.get(host)?.advance();
    }
    const first = hosts[0] as string;
    // NOTE: free and host_pinned ignore any_errors_fatal and max_fail_percentage (they warn).
    // linear tests the task's any_errors_fatal and ignore_errors as written, never templated (a
    // template is a non-empty string, so true); a run_once result fails the hosts under free and
    // host_pinned as 2.19's result processing does, with ignore_errors templated.
    const anyErrorsFatal = !perHost && this.writtenFlag(step, 'any_errors_fatal');
    const ignoreErrors = perHost ? this.ignoreErrors(step, first) : this.writtenFlag(step, 'ignore_errors');
    // NOTE: linear makes a run_once task any_errors_fatal; free and host_pinned fail every host only
    // for a failed run_once result (2.19's result processing), not for an unreachable one.
    const runOnceFatal = runOnce && (!perHost || failedNow.length > 0);
    if ((anyErrorsFatal || runOnceFatal || bypassHostLoop) && !ignoreErrors && failedNow.length + unreachableNow.length > 0) {
      const failOthers = (): void => this.failTheOthers(hostsLeft, failedNow, anyErrorsFatal || bypassHostLoop, once);
      // NOTE: free and host_pinned fail the others as 2.19 reads the failed result, at the end of
      // its pass: the tasks they queued in that pass before then still run, and show.
      if (!perHost || !holdBack(failOthers)) failOthers();
    }
    if (!perHost) this.checkMaxFail(failedNow, unreachableNow);
    if (includeResults.length === 0) return [];
    if (this.deferredIncludes && !isHandler) {
      for (const result of includeResults) this.deferredIncludes.set(result.host, { step, result });
      return [];
    }
    return enterIncludes(this.includeEntryContext(), step, includeResults);
  }

  /** What applying a result under the task debugger needs. */
  private debuggedResultContext(): DebuggedResultContext {
    return {
      processCtx: this.processCtx,
      terminal: this.services.terminal,
      settings: this.services.debugger,
      globally: this.strategy() === 'debug' || (this.services.debugger?.enabled ?? false),
      stats: this.services.stats,
      failedHosts: this.services.failedHosts,
      templar: this.services.exec.templar,
      playVars: this.playVars,
      names: this.names,
      cursor: (host) => this.cursors.get(host),
      run: (host, step) => this.executor.run(host, step),
    };
  }

  private checkMaxFail(failedOnly: string[], unreachableNow: string[]): void {
    const failedNow = [...failedOnly, ...unreachableNow];
    const kw = this.compiled.play.keywords.get('max_fail_percentage');
    const templar = this.services.exec.templar;
    const value = kw && typeof kw.value === 'string' && templar.isTemplate(kw.value) ? templar.render(kw.value, this.playVars.forPlay(), { origin: kw.loc }) : kw?.value;
    const pct = keywordPercent(value);
    // NOTE: 2.19 compares after every task that had results, so a negative percentage stops the play
    // with no host failed; otherwise only a new failure can cross it.
    if (pct === undefined || (failedNow.length === 0 && pct >= 0 && !this.maxFailMarked)) return;
    // NOTE: 2.19 counts the hosts that failed in this batch (not those unreachable) against the
    // whole batch, hosts that failed or went unreachable in earlier plays included.
    const batch = this.ansibleBatch;
    const marked = this.maxFailMarked ?? new Set<string>();
    const counted = (h: string): boolean =>
      (this.services.failedHosts.has(h) && !this.failedToFlush.has(h) && !this.cursors.get(h)?.failedLeavingAlways) || this.services.markedFailed.has(h) || marked.has(h);
    const failed = batch.filter((h) => counted(h) && (!this.failedBefore.has(h) || this.failedAgain.has(h))).length;
    if (failed / batch.length > pct / 100) {
      // NOTE: 2.19 marks failed the hosts that did not fail this task and stops once every host is
      // failed; one that failed into a rescue or always section runs on there, the check firing
      // again after each task (marking it then), and the play stops when the batch is done.
      this.maxFailMarked = marked;
      // NOTE: a host the task made unreachable is marked too: 2.19 spares only those whose result
      // failed, so one any_errors_fatal sent into a rescue is failed out of it here.
      this.failBeforeAgain(failedOnly);
      for (const host of [...this.activeHosts(), ...unreachableNow]) {
        if (failedOnly.includes(host)) continue;
        marked.add(host);
        const c = this.cursors.get(host);
        if (c && !c.failed) {
          c.failAtLast();
          if (c.failed) this.services.failedHosts.add(host);
        }
      }
      // ansible reports it when the percentage is crossed, and again when it finds every host failed.
      this.services.callback.noHostsRemaining?.();
      // NOTE: so is one whose handlers force_handlers still owes: its flush is ahead of it.
      const goingOn = failedOnly.some((h) => {
        const c = this.cursors.get(h);
        return (c !== undefined && !c.failed && !c.ended) || this.failedToFlush.has(h);
      });
      if (goingOn) return;
      this.services.callback.noHostsRemaining?.();
      this.breakPlay = true;
    }
  }

  /** What entering included files needs. */
  private includeEntryContext(): IncludeEntryContext {
    return {
      includes: this.services.includes,
      stats: this.services.stats,
      callback: this.services.callback,
      playVars: this.playVars,
      failedHosts: this.services.failedHosts,
      cursors: this.cursors,
      ...(this.services.error ? { error: this.services.error } : {}),
      addHandlers: (handlers) => this.handlers.add(handlers),
      addPublicRole: (role) => this.playVars.addPublicRole?.(role),
      taskInfo: (step, host) => this.taskInfo(step, host),
      varsAsked: this.varsAsked,
      includeShownFirst: this.walksFree,
    };
  }

  /** Runs notified handlers in definition order for the hosts at this flush point. */
  async flushHandlers(hosts: readonly string[], starting?: (host: string) => void): Promise<void> {
    await this.handlers.flush(hosts, starting, this.pinned ? () => this.parkedFlushesRun(hosts) : undefined);
  }

  /**
   * host_pinned: a host with nothing notified anywhere passes its flush points by as 2.19's iterator
   * looks for its next task, without keeping that walk; with none left it stays before them, done.
   */
  private parked(host: string): boolean {
    const cursor = this.cursors.get(host);
    return (cursor?.atTrailingFlushes() ?? false) && this.handlers.notifications.idle(host);
  }

  /**
   * NOTE: once a flush has handed notifications to handlers, 2.19's next passes (which start at the
   * first host) find the flush points of the hosts parked before the flushing ones no longer passed
   * by: each takes a pass of its own and asks for the host's variables, before the first handler.
   */
  private parkedFlushesRun(flushing: readonly string[]): void {
    const first = Math.min(...flushing.map((h) => this.batchHosts.indexOf(h)).filter((i) => i >= 0));
    for (const host of this.batchHosts.slice(0, first)) {
      const cursor = this.cursors.get(host);
      if (!cursor || cursor.failed || this.services.unreachable.has(host)) continue;
      while (cursor.atTrailingFlushes() && !this.handlers.notifications.idle(host)) {
        this.varsAsked(host);
        cursor.advance();
      }
    }
  }

  private forceHandlers(): boolean {
    return keywordBool(this.compiled.play.keywords.get('force_handlers')) ?? this.services.forceHandlers;
  }

  /** How many hosts run the step at once: forks, or the step's throttle when lower (templated with the host's variables, as 2.19 does). */
  private forkLimit(step: TaskStep, host: string): number {
    const forks = Math.max(1, this.services.forks);
    const kw = step.folded.scalars.get('throttle');
    let throttle = 0;
    if (kw && kw.value !== null) {
      try {
        const templar = this.services.exec.templar;
        const value = typeof kw.value === 'string' && templar.isTemplate(kw.value) ? templar.render(kw.value, this.playVars.forTask(host, step), { origin: kw.loc }) : kw.value;
        // NOTE: 2.19 chains an omitted throttle under its conversion error though both name the keyword.
        if (isOmit(value)) throw new VolantError('THROTTLE_INVALID', THROTTLE_INVALID, { location: kw.loc, cause: omittedValueError(kw.loc) });
        throttle = pythonInt(value);
      } catch (e) {
        if (e instanceof VolantError && e.code === 'THROTTLE_INVALID') throw e;
        if (raisedElsewhere(e instanceof VolantError ? e.location : undefined, kw.loc)) throw new VolantError('THROTTLE_INVALID', THROTTLE_INVALID, { location: kw.loc, cause: e });
        throw new VolantError('THROTTLE_INVALID', `${THROTTLE_INVALID.slice(0, -1)}: ${e instanceof Error ? e.message : String(e)}`, { location: kw.loc });
      }
    }
    return throttle > 0 ? Math.min(throttle, forks) : forks;
  }

  /** What runOnHosts needs to run the step on the hosts. */
  private fanOut(step: TaskStep, limit: number, queuedNext?: (host: string) => void): FanOut {
    const following = this.followingStep;
    return {
      limit,
      output: this.output,
      runAhead: this.runAhead,
      overlap: !this.debuggedResultContext().globally && step.folded.scalars.get('debugger') === undefined,
      run: (host, task) => this.executor.run(host, task),
      started: (host) => {
        // NOTE: ansible's strategy reads each host's variables as it queues the host's task, so
        // what reading them warns of (reserved names) comes before results of hosts queued earlier,
        // and a failure to read them (a broken vars file) ends the run before the result of the
        // host queued just before is shown, and before this host's start.
        this.playVars.forTask(host, step);
        this.output.emit(host, () => this.services.callback.runnerStart?.(host, this.taskInfo(step, host)));
      },
      ...(queuedNext ? { queuedNext } : {}),
      ranOn: (runAhead, host, outcome) => {
        if (following) this.maybeRunAhead(runAhead, host, step, outcome, following);
      },
    };
  }

  /** Starts the host's next step now when neither step depends on the other hosts. */
  private maybeRunAhead(runAhead: RunAhead, host: string, step: TaskStep, outcome: ExecOutcome, following: Step): void {
    if (following.kind !== 'task' || this.seeking.has(host)) return;
    if (this.cursors.get(host)?.nextInFrame() !== following) return;
    const playFatal = keywordBool(this.compiled.play.keywords.get('any_errors_fatal')) ?? false;
    if (!resultLetsHostGoOn(step, outcome.result, playFatal)) return;
    if (this.services.tagFilter && !this.services.tagFilter(following)) return;
    // Reading the host's variables may warn: that too is held back until the step's turn.
    runAhead.start(host, following, async () => (stepMayRunAhead(following, this.playVars.forTask(host, following)) ? this.executor.run(host, following) : undefined));
  }

  taskInfo(step: TaskStep, host: string): TaskInfo {
    return this.names.taskInfo(step, host);
  }

  /** meta refresh_inventory: the sources read again; the hosts handlers were handed are new ones. */
  private refreshInventory(): (host: string) => boolean {
    const known = this.services.refreshInventory?.() ?? (() => true);
    this.handlers.notifications.forgetNotifiedHosts();
    return known;
  }

  private metaContext() {
    return {
      varsAsked: this.varsAsked,
      cursors: this.cursors,
      activeHosts: () => this.activeHosts(),
      flushHandlers: (hosts: readonly string[]) => this.flushHandlers(hosts),
      deferFlush: (hosts: readonly string[]) => {
        if (this.strategy() !== 'free') return false;
        for (const h of hosts) this.metaFlushing.add(h);
        return true;
      },
      endPlay: () => {
        this.endPlay = true;
        for (const c of this.cursors.values()) c.end();
      },
      forgiveInnerFailures: (fromHandler: boolean) => {
        this.endedByMeta = true;
        for (const h of this.batchHosts) {
          const c = this.cursors.get(h);
          // under force_handlers, a failed host that ran its handlers ran the flush that marks the play's block
          if (c?.failed && !c.topFailure && !this.flushedForced.has(h)) this.forgiven.add(h);
          // NOTE: a handler's end (one a rescue flushed) leaves a host in the rescue failed for the
          // later plays, and so does an end in a block or included file within the rescue; the
          // rescue's own end_play or end_batch lets it go as rescued.
          if (c && !c.failed && (fromHandler ? c.inPlayBlockRescue() : c.endLeavesRescueFailed())) this.services.failedHosts.add(h);
        }
      },
      failedHosts: this.services.failedHosts,
      markedFailed: this.services.markedFailed,
      unreachable: this.services.unreachable,
      vars: this.services.vars,
      callback: this.services.callback,
      stats: this.services.stats,
      taskInfo: (step: TaskStep, host: string) => this.taskInfo(step, host),
      evaluateWhen: (step: TaskStep, host: string) => this.whenHolds(step, host),
      announceHandlers: (host: string) => this.handlers.announce(host),
      resultPending: (host: string) => this.failureUnshown(host),
      ...(this.services.refreshInventory ? { refreshInventory: () => this.refreshInventory() } : {}),
      transport: this.services.exec.transport,
      notifications: this.handlers.notifications,
    };
  }

  private whenHolds(step: TaskStep, host: string): boolean {
    const vars = this.playVars.forTask(host, step);
    for (const kw of step.folded.when) {
      // each condition of a list is located where its item was written
      for (const [cond, origin] of conditionsOf(kw)) {
        if (!this.services.exec.templar.evaluateConditional(cond, vars, { origin })) return false;
      }
    }
    return true;
  }
}

/** run_once: the result is applied (register, facts) on the other hosts without output. */
function processResultSilently(ctx: ProcessContext, host: string, step: TaskStep, outcome: ExecOutcome, ignoreErrors: boolean): void {
  const silent: ProcessContext = { ...ctx, callback: {}, stats: new AggregateStats() };
  // NOTE: 2.19 gives the others its register and facts, but notifies handlers for the one host only.
  processResult(silent, host, step, outcome, { ignoreErrors, isInclude: false, notify: false });
}
