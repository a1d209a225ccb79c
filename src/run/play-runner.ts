/**
 * Runs one compiled play over its hosts: serial batches, the linear lockstep over the step list
 * (hosts meet before every step), handlers at flush points, and dynamic includes entered per host.
 */
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { ParseError, YamlError } from '../core/errors.js';
import { parseErrorExitCode } from '../playbook/parse-error-exit-code.js';
import { buildJumpTable } from '../compile/jump-table.js';
import type { CompiledPlay, Program, Span, Step, TaskStep } from '../compile/program.js';
import type { Callback, HostResult, TaskInfo } from './events.js';
import { HostCursor } from './host-cursor.js';
import { Notifications } from './notifications.js';
import { processResult, type ProcessContext } from './result-processor.js';
import { AggregateStats } from './stats.js';
import { TaskExecutor, type ExecOutcome, type ExecServices } from './task-executor.js';
import type { PlayVars, VarsPort } from './vars-port.js';
import { keywordBool, keywordInt } from './keyword-values.js';
import { runMeta } from './meta.js';
import type { IncludeLoader } from './include-loader.js';
import type { Terminal } from './terminal.js';
import { askStep } from './step-prompt.js';
import { TaskDebugger } from './debugger/task-debugger.js';
import { needsDebugger, type DebuggerSettings } from './debugger/needs-debugger.js';
import type { Verdict } from './result-processor.js';
import type { VarSource } from '../template/api.js';
import { RunAhead } from './run-ahead.js';
import { resultLetsHostGoOn, stepMayRunAhead } from './run-ahead-policy.js';
import { holdBack, releaseHeld } from './output-capture.js';
import { runFreePasses, type FreePassRunner } from './free-passes.js';

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
  readonly warn: (message: string) => void;
  readonly addHost?: ProcessContext['addHost'];
  readonly addGroup?: ProcessContext['addGroup'];
  readonly setStats?: ProcessContext['setStats'];
  readonly startAt?: { readonly pattern: string; done: boolean };
  /** ANSIBLE_STRATEGY / [defaults] strategy, when a play names none. */
  readonly defaultStrategy?: string;
  /** ansible's display.error, to stderr: a message, or an error with its origin. */
  readonly error?: (error: string | Error) => void;
  /** Filters steps by --tags / --skip-tags; returns false to skip a step for this run. */
  readonly tagFilter?: (step: TaskStep) => boolean;
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
}

export interface BatchOutcome {
  /** Every host of the batch failed or went unreachable: ansible stops the playbook. */
  readonly allFailed: boolean;
  readonly endPlay: boolean;
}

export class PlayRunner {
  private readonly cursors = new Map<string, HostCursor>();
  private readonly notifications: Notifications;
  /** The play's handlers, then those of roles include_role brought in. */
  private readonly handlerSteps: Step[];
  private readonly executor: TaskExecutor;
  private readonly processCtx: ProcessContext;
  private readonly announced = new Set<number>();
  private endPlay = false;
  /** max_fail_percentage was crossed: the play and the playbook stop. */
  breakPlay = false;
  private batchHosts: string[] = [];
  /** --step is on until the user answers `c`, for the rest of the serial batch. */
  private stepping = false;
  /** The cross-host run-ahead, when it is switched on and the play allows it. */
  private runAhead: RunAhead | undefined;
  private followingStep: Step | undefined;

  constructor(
    private readonly compiled: CompiledPlay,
    private readonly services: PlayRunServices,
    private readonly playVars: PlayVars,
  ) {
    this.handlerSteps = [...compiled.handlers.steps];
    this.notifications = new Notifications({ steps: this.handlerSteps });
    const exec: ExecServices = {
      ...services.exec,
      emitItem: (kind, r) => this.emitItem(kind, r),
      emitRetry: (r) => this.emitBuffered(r.host, () => services.callback.runnerRetry?.(r)),
      emitAsync: (kind, r) => this.emitAsync(kind, r),
      display: (text) => services.callback.display?.(text),
      taskInfo: (step, host) => this.taskInfo(step, host),
    };
    this.executor = new TaskExecutor(exec, playVars);
    this.processCtx = {
      stats: services.stats,
      callback: services.callback,
      vars: services.vars,
      notifications: this.notifications,
      cursors: this.cursors,
      unreachable: services.unreachable,
      warn: services.warn,
      taskInfo: (step, host) => this.taskInfo(step, host),
      ...(services.addHost ? { addHost: services.addHost } : {}),
      ...(services.addGroup ? { addGroup: services.addGroup } : {}),
      ...(services.setStats ? { setStats: services.setStats } : {}),
    };
  }

  get ended(): boolean {
    return this.endPlay;
  }

  /** A serial batch starts: ansible makes a new strategy for it, asking again under --step. */
  startBatch(): void {
    this.stepping = this.services.step === true && this.services.terminal !== undefined;
    this.ranAheadBefore += this.runAhead?.started ?? 0;
    this.runAhead = this.runAheadAllowed() ? new RunAhead(this.services.forks) : undefined;
  }

  /**
   * Run-ahead applies to linear plays without anything that makes one host's failure stop the
   * others mid-step (max_fail_percentage, any_errors_fatal) or that talks to the terminal.
   */
  private runAheadAllowed(): boolean {
    const play = this.compiled.play.keywords;
    if (this.services.runAhead !== true || this.strategy() !== 'linear' || this.stepping) return false;
    if (this.services.debugger?.enabled || play.get('debugger') !== undefined) return false;
    if (keywordInt(play.get('max_fail_percentage')) !== undefined || (keywordBool(play.get('any_errors_fatal')) ?? false)) return false;
    return true;
  }

  /** How many steps ran ahead of their turn in this play (run-ahead's trace). */
  get ranAhead(): number {
    return this.ranAheadBefore + (this.runAhead?.started ?? 0);
  }

  private ranAheadBefore = 0;

  /** Runs the play's program over one serial batch. */
  async runBatch(hosts: readonly string[], program: Program): Promise<BatchOutcome> {
    this.batchHosts = [...hosts];
    const startAt = this.services.startAt;
    if (startAt && !startAt.done && program === this.compiled.program && !program.steps.some((s) => s.kind === 'task' && this.matchesStartAt(s))) {
      this.services.error?.(`No matching task "${startAt.pattern}" found. Note: --start-at-task can only follow static includes.`);
      return { allFailed: false, endPlay: false };
    }
    for (const step of program.steps) this.announced.delete(step.id);
    for (const host of hosts) {
      this.cursors.set(host, new HostCursor(program));
    }
    if (this.strategy() === 'free' || this.strategy() === 'host_pinned') {
      await this.runFree(hosts);
      const failedCount = hosts.filter((h) => this.services.failedHosts.has(h) || this.services.unreachable.has(h)).length;
      return { allFailed: failedCount === hosts.length && hosts.length > 0, endPlay: this.endPlay };
    }
    const order: Step[] = [...program.steps];
    let position = 0;
    while (!this.endPlay && !this.breakPlay) {
      const active = this.activeHosts();
      const nextByHost = new Map<string, Step>();
      for (const host of active) {
        const step = this.cursors.get(host)?.peek();
        if (step) nextByHost.set(host, step);
      }
      if (nextByHost.size === 0) break;
      const wanted = new Set([...nextByHost.values()].map((s) => s.id));
      let index = -1;
      for (let pass = 0; pass < 2 && index < 0; pass++) {
        for (let i = pass === 0 ? position : 0; i < order.length; i++) {
          if (wanted.has((order[i] as Step).id)) {
            index = i;
            break;
          }
        }
      }
      if (index < 0) {
        // A step only reachable through an include not in the order (should not happen): take the first host's.
        const first = [...nextByHost.values()][0] as Step;
        order.push(first);
        index = order.length - 1;
      }
      position = index + 1;
      const step = order[index] as Step;
      const stepHosts = [...nextByHost].filter(([, s]) => s.id === step.id).map(([h]) => h);
      if (step.kind === 'flush') {
        await this.flushHandlers([...stepHosts, ...this.forcedHosts(stepHosts)]);
        for (const h of stepHosts) this.cursors.get(h)?.advance();
        continue;
      }
      // The step linear runs next when a host's result moves it on: what a host may run ahead to.
      this.followingStep = order[position];
      const included = await this.runStep(step, stepHosts);
      this.followingStep = undefined;
      if (included.length > 0) order.splice(position, 0, ...included);
      // A pending failure can end a host when it leaves an always section.
      for (const h of hosts) if (this.cursors.get(h)?.failed) this.services.failedHosts.add(h);
    }
    await this.runAhead?.settle();
    const forced = this.forcedHosts([]);
    if (forced.length > 0) await this.flushHandlers(forced);
    const failedCount = hosts.filter((h) => this.services.failedHosts.has(h) || this.services.unreachable.has(h)).length;
    return { allFailed: failedCount === hosts.length && hosts.length > 0, endPlay: this.endPlay };
  }

  private strategy(): string {
    const name = this.services.playStrategy ?? this.services.defaultStrategy ?? 'linear';
    return name.replace(/^ansible\.(builtin|legacy)\./, '');
  }

  /** free and host_pinned: each host walks the program as fast as it can; handlers wait for flush points, per host. */
  private async runFree(hosts: readonly string[]): Promise<void> {
    if (this.strategy() === 'host_pinned') await this.runPinned(hosts);
    else await runFreePasses(hosts, this.freePassRunner());
  }

  /** host_pinned: a slot keeps its host until the host is done, then takes the next host. */
  private async runPinned(hosts: readonly string[]): Promise<void> {
    const stopped = (): boolean => this.endPlay || this.breakPlay;
    /** Runs the host's next step; false when it has none left. */
    const stepHost = async (host: string): Promise<boolean> => {
      const cursor = this.cursors.get(host);
      const step = cursor?.peek();
      if (!cursor || !step || stopped() || this.services.unreachable.has(host)) return false;
      if (step.kind === 'flush') {
        await this.flushHandlers([host]);
        cursor.advance();
      } else {
        await this.runStep(step, [host]);
        if (cursor.failed) this.services.failedHosts.add(host);
      }
      return true;
    };
    let next = 0;
    const slot = async (): Promise<void> => {
      while (next < hosts.length && !stopped()) {
        const host = hosts[next++] as string;
        while (await stepHost(host));
      }
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, this.services.forks), hosts.length) }, slot));
  }

  /** What free-passes.ts drives: this play's hosts, steps and handlers. */
  private freePassRunner(): FreePassRunner {
    return {
      forks: this.services.forks,
      stopped: () => this.endPlay || this.breakPlay,
      unreachable: (host) => this.services.unreachable.has(host),
      cursor: (host) => this.cursors.get(host),
      leftOut: (step) => this.leftOut(step),
      confirm: (step, isHandler, host) => this.confirmStep(step, isHandler, host),
      enterHandlers: (host) => this.announceHandlers(host),
      nextHandler: (host) => this.nextNotifiedHandler(host),
      runHandler: (step, host) => this.runHandler(step, [host], true),
      runStep: async (step, host, isMeta) => {
        await this.runStep(step, [host], false, !isMeta);
        if (this.cursors.get(host)?.failed) this.services.failedHosts.add(host);
      },
    };
  }

  /** The first handler, in definition order, the host was notified for (taken from its list). */
  private nextNotifiedHandler(host: string): TaskStep | undefined {
    const cursor = this.cursors.get(host);
    if ((cursor?.failed || this.services.failedHosts.has(host)) && !this.forceHandlers()) return undefined;
    for (const step of this.handlerSteps) {
      if (step.kind === 'task' && this.notifications.take(step, [host]).length > 0) return step;
    }
    return undefined;
  }

  /** A step --start-at-task has not reached yet, or that --tags/--skip-tags leave out. */
  private leftOut(step: TaskStep): boolean {
    if (step.task.action === 'gather_facts') return false;
    const startAt = this.services.startAt;
    if (startAt && !startAt.done && !this.matchesStartAt(step)) return true;
    return this.services.tagFilter !== undefined && !this.services.tagFilter(step);
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
    if (startAt && !startAt.done && task.action !== 'gather_facts') {
      if (this.matchesStartAt(step)) startAt.done = true;
      else {
        for (const h of hosts) this.cursors.get(h)?.advance();
        return [];
      }
    }
    // NOTE: notified handlers run whatever --tags says.
    if (this.services.tagFilter && !isHandler && task.action !== 'gather_facts' && !this.services.tagFilter(step)) {
      for (const h of hosts) this.cursors.get(h)?.advance();
      return [];
    }
    if (task.action === 'meta') {
      await runMeta(this.metaContext(), step, hosts);
      return [];
    }
    const perHost = this.strategy() === 'free' || this.strategy() === 'host_pinned';
    if (!asked && !(await this.confirmStep(step, isHandler, perHost ? hosts[0] : undefined))) {
      for (const h of hosts) this.cursors.get(h)?.advance();
      return [];
    }
    if (!step.implicit && !this.announced.has(step.id)) {
      // NOTE: ansible reads the first host's variables before the task banner, so an error in
      // its group_vars/ or host_vars/ files comes before the banner (the variables are cached).
      this.playVars.forTask(hosts[0] as string, step);
      this.announced.add(step.id);
      this.names.set(step.id, this.bannerName(step, hosts[0] as string));
      const info = this.taskInfo(step, hosts[0] as string);
      if (isHandler) this.services.callback.handlerTaskStart?.(info);
      else this.services.callback.taskStart?.(info);
    }
    const runOnce = keywordBool(step.folded.scalars.get('run_once')) ?? false;
    const targets = runOnce ? hosts.slice(0, 1) : hosts;
    const failedNow: string[] = [];
    const includeResults: { host: string; outcome: ExecOutcome }[] = [];
    const handle = async (host: string, outcome: ExecOutcome): Promise<void> => {
      const isInclude = task.action === 'include_tasks' || task.action === 'include_role';
      const ignoreErrors = keywordBool(step.folded.scalars.get('ignore_errors')) ?? false;
      const failed = truthy(outcome.result.get('failed'));
      if (isInclude && !failed && !truthy(outcome.result.get('skipped'))) {
        includeResults.push({ host, outcome });
        processResult(this.processCtx, host, step, outcome, { ignoreErrors, isInclude: true });
        return;
      }
      const diff = keywordBool(step.folded.scalars.get('diff')) ?? this.services.exec.options.diff;
      const verdict = await this.settle(host, step, outcome, { ignoreErrors, isInclude, diff });
      if (verdict === 'failed' || verdict === 'unreachable') failedNow.push(host);
      if (verdict === 'failed' && this.cursors.get(host)?.failed) this.services.failedHosts.add(host);
    };
    // NOTE: with one fork, ansible shows a host's result before the next host's task gets going
    // (its retries, items); with more, results are shown in host order once all are in.
    const oneByOne = this.forkLimit(step) === 1;
    const outcomes = await this.runOnHosts(step, targets, oneByOne ? handle : undefined);
    if (!oneByOne) for (const [host, outcome] of outcomes) await handle(host, outcome);
    if (runOnce) {
      // The other hosts take the first host's result without running.
      const first = outcomes[0];
      for (const host of hosts.slice(1)) {
        if (!first) break;
        const ignoreErrors = keywordBool(step.folded.scalars.get('ignore_errors')) ?? false;
        processResultSilently(this.processCtx, host, step, first[1], ignoreErrors);
      }
    }
    const anyErrorsFatal = keywordBool(step.folded.scalars.get('any_errors_fatal')) ?? keywordBool(this.compiled.play.keywords.get('any_errors_fatal')) ?? false;
    const ignoreErrors = keywordBool(step.folded.scalars.get('ignore_errors')) ?? false;
    if ((anyErrorsFatal || runOnce) && !ignoreErrors && failedNow.length > 0 && (anyErrorsFatal || runOnce)) {
      if (anyErrorsFatal) {
        for (const host of this.activeHosts()) {
          if (failedNow.includes(host)) continue;
          const c = this.cursors.get(host);
          if (c && !c.failed) {
            c.failAtLast();
            if (c.failed) this.services.failedHosts.add(host);
          }
        }
      }
    }
    this.checkMaxFail(failedNow);
    if (includeResults.length === 0) return [];
    return this.enterIncludes(step, includeResults);
  }

  /** --step: asks whether to run the task (once per task, for every host at it under linear). */
  private async confirmStep(step: TaskStep, isHandler: boolean, host?: string): Promise<boolean> {
    const terminal = this.services.terminal;
    if (!this.stepping || !terminal) return true;
    const nameKw = step.task.keywords.get('name');
    const name = nameKw && nameKw.value !== null && nameKw.value !== '' ? pyStr(nameKw.value) : step.task.actionWritten;
    const label = `${isHandler ? 'HANDLER' : 'TASK'}: ${step.role ? `${step.role.def.name} : ` : ''}${name}`;
    const answer = await askStep(terminal, label, host);
    if (answer === 'continue') this.stepping = false;
    return answer !== 'no';
  }

  /**
   * Applies a host's result. When the task debugger opens on it (strategy debug, the `debugger`
   * keyword), the user may run the task again: the host, its counters and its place in the play
   * go back to before the result, as ansible's redo does.
   */
  private async settle(host: string, step: TaskStep, first: ExecOutcome, options: { ignoreErrors: boolean; isInclude: boolean; diff: boolean }): Promise<Verdict> {
    const terminal = this.services.terminal;
    const keyword = step.folded.scalars.get('debugger');
    const globally = this.strategy() === 'debug' || (this.services.debugger?.enabled ?? false);
    const cursor = this.cursors.get(host);
    const watched = terminal !== undefined && cursor !== undefined && (globally || keyword !== undefined);
    const restore = watched ? cursor.snapshot() : undefined;
    const before = this.services.stats.summarize(host);
    let outcome = first;
    let name: string | undefined;
    let verdict = processResult(this.processCtx, host, step, outcome, options);
    while (restore && terminal) {
      const setting = keyword === undefined || keyword.value === null ? undefined : this.debuggerKeyword(keyword.value, host, step);
      if (!needsDebugger(setting, globally, verdict, options.ignoreErrors, this.services.debugger)) break;
      // Under free the result may be held back for its pass: the prompt asks about it, so show it.
      releaseHeld();
      const answer = await new TaskDebugger(terminal, this.debugTarget(step, host, outcome, name)).run();
      if (answer.action === 'continue') break;
      name = answer.name;
      restore();
      const now = this.services.stats.summarize(host);
      for (const counter of Object.keys(now) as (keyof typeof now)[]) {
        for (let n = now[counter]; n > before[counter]; n--) this.services.stats.decrement(counter, host);
      }
      this.services.failedHosts.delete(host);
      outcome = await this.executor.run(host, { ...step, task: { ...step.task, args: answer.args } });
      verdict = processResult(this.processCtx, host, step, outcome, options);
    }
    return verdict;
  }

  private debuggerKeyword(value: Data, host: string, step: TaskStep): string {
    const text = pyStr(value);
    const templar = this.services.exec.templar;
    return templar.isTemplate(text) ? pyStr(templar.render(text, this.playVars.forTask(host, step))) : text;
  }

  /** What the debugger shows of a task on a host: its name, templated arguments, variables, result. */
  private debugTarget(step: TaskStep, host: string, outcome: ExecOutcome, redoneAs?: string) {
    const templar = this.services.exec.templar;
    const render = (vars: VarSource): DataDict => {
      try {
        const args = templar.renderDeep(step.task.args, vars);
        return isDict(args) ? args : new Map(step.task.args);
      } catch {
        return new Map(step.task.args);
      }
    };
    const vars = this.playVars.forTask(host, step);
    const name = this.names.get(step.id) ?? this.bannerName(step, host);
    const nameKw = step.task.keywords.get('name');
    return {
      host,
      name: redoneAs ?? name,
      ...(step.role ? { role: step.role.def.name } : {}),
      rename: (changed: VarSource): string => {
        if (!nameKw || nameKw.value === null || !templar.isTemplate(pyStr(nameKw.value))) return name;
        try {
          return pyStr(templar.render(pyStr(nameKw.value), changed));
        } catch {
          return pyStr(nameKw.value);
        }
      },
      action: step.task.actionWritten,
      args: render(vars),
      vars,
      result: outcome.result,
      rerender: render,
    };
  }

  /** --start-at-task matches a task's name, `role : name`, or a glob of either. */
  private matchesStartAt(step: TaskStep): boolean {
    const pattern = this.services.startAt?.pattern;
    const nameKw = step.task.keywords.get('name');
    if (pattern === undefined || !nameKw || nameKw.value === null) return false;
    const name = pyStr(nameKw.value);
    const full = step.role ? `${step.role.def.name} : ${name}` : name;
    const glob = new RegExp(`^${pattern.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
    return name === pattern || full === pattern || glob.test(name) || glob.test(full);
  }

  private checkMaxFail(failedNow: string[]): void {
    const kw = this.compiled.play.keywords.get('max_fail_percentage');
    const pct = keywordInt(kw);
    if (pct === undefined || failedNow.length === 0) return;
    const failed = this.batchHosts.filter((h) => this.services.failedHosts.has(h) || this.services.unreachable.has(h)).length;
    if (failed / this.batchHosts.length > pct / 100) {
      for (const host of this.activeHosts()) {
        const c = this.cursors.get(host);
        if (c && !c.failed) {
          c.failAtLast();
          if (c.failed) this.services.failedHosts.add(host);
        }
      }
      // ansible reports it when the percentage is crossed, and again when it finds every host failed.
      this.services.callback.noHostsRemaining?.();
      this.services.callback.noHostsRemaining?.();
      this.breakPlay = true;
    }
  }

  private async enterIncludes(step: TaskStep, results: { host: string; outcome: ExecOutcome }[]): Promise<Step[]> {
    // One IncludedFile per distinct (file, arguments, loop item); hosts that include the same
    // share its compiled program, so they meet at its steps.
    interface Included { key: string; result: DataDict; hosts: string[]; program?: Program; failed?: boolean }
    const included = new Map<string, Included>();
    const perHost = new Map<string, Included[]>();
    for (const { host, outcome } of results) {
      const entries = outcome.result.has('results')
        ? ((outcome.result.get('results') as Data[]).filter((r): r is DataDict => isDict(r) && (r.has('include') || r.has('include_args')) && !truthy(r.get('skipped')) && !truthy(r.get('failed'))))
        : [outcome.result];
      const list: Included[] = [];
      for (const entry of entries) {
        const key = includeKey(entry);
        let inc = included.get(key);
        if (!inc) included.set(key, (inc = { key, result: entry, hosts: [] }));
        inc.hosts.push(host);
        list.push(inc);
      }
      perHost.set(host, list);
    }
    const newSteps: Step[] = [];
    for (const inc of included.values()) {
      try {
        const loaded = await this.services.includes.load(step, inc.result, this.playVars.forTask(inc.hosts[0] as string, step));
        inc.program = loaded.program;
        for (const host of inc.hosts) this.services.stats.increment('ok', host);
        this.services.callback.include?.(loaded.displayFile, inc.hosts, itemOf(inc.result));
        if (loaded.handlers) this.addHandlers(loaded.handlers);
        newSteps.push(...loaded.program.steps);
      } catch (e) {
        // NOTE: a file that does not parse ends the whole run, as ansible's AnsibleParserError does.
        if (e instanceof YamlError || (e instanceof ParseError && parseErrorExitCode(e) === 4)) throw e;
        // ansible shows the error, then fails each including host with the reason in its result.
        inc.failed = true;
        const reason = e instanceof Error ? e.message : String(e);
        this.services.error?.(e instanceof Error ? e : reason);
        for (const host of inc.hosts) {
          this.services.stats.increment('failures', host);
          const result = new Map(inc.result);
          result.delete('include_args');
          result.set('failed', true);
          result.set('reason', reason);
          this.services.callback.runnerFailed?.({ host, task: this.taskInfo(step, host), result });
        }
      }
    }
    for (const [host, list] of perHost) {
      const cursor = this.cursors.get(host);
      if (!cursor) continue;
      if (list.some((i) => i.failed)) {
        cursor.fail();
        if (cursor.failed) this.services.failedHosts.add(host);
        continue;
      }
      const programs = list.map((i) => i.program).filter((p): p is Program => p !== undefined);
      if (programs.length === 0) {
        cursor.advance();
        continue;
      }
      cursor.enter(programs.length === 1 ? (programs[0] as Program) : concatPrograms(programs));
    }
    return newSteps;
  }

  /** include_role's handlers join the play's list, once per role. */
  private addHandlers(handlers: Program): void {
    for (const step of handlers.steps) {
      if (step.kind !== 'task') continue;
      const same = this.handlerSteps.some((h) => h.kind === 'task' && h.task === step.task && h.role?.def.path === step.role?.def.path);
      if (!same) this.handlerSteps.push(step);
    }
  }

  /** -vv's "NOTIFIED HANDLER name for host": what this host notified since its last flush. */
  private announceHandlers(host: string): void {
    for (const step of this.notifications.drainFresh(host)) {
      const info = this.taskInfo(step, host);
      this.services.callback.handlerNotified?.(info.role ? `${info.role} : ${info.name}` : info.name, host);
    }
  }

  /** Runs notified handlers in definition order for the hosts at this flush point. */
  async flushHandlers(hosts: readonly string[]): Promise<void> {
    for (const host of hosts) this.announceHandlers(host);
    for (const step of this.handlerSteps) {
      if (step.kind !== 'task') continue;
      const eligible = hosts.filter((h) => {
        const c = this.cursors.get(h);
        if (this.services.unreachable.has(h)) return false;
        if (c?.failed || this.services.failedHosts.has(h)) return this.forceHandlers();
        return true;
      });
      const notified = this.notifications.take(step, eligible);
      if (notified.length > 0) await this.runHandler(step, notified);
    }
  }

  /** A handler runs like a task on the hosts it was notified for, but a failure ends the host without rescue. */
  private async runHandler(step: TaskStep, notified: string[], asked = false): Promise<void> {
    const handlerCursors = new Map<string, HostCursor>();
    for (const h of notified) {
      const c = new HostCursor({ steps: [step], spans: [], jumps: { next: [1], exits: [[]], fail: [{ target: 1, hostFailed: true }], spanFail: [], rescuable: [false] } });
      handlerCursors.set(h, c);
    }
    const saved = new Map(notified.map((h) => [h, this.cursors.get(h)] as const));
    this.announced.delete(step.id);
    for (const [h, c] of handlerCursors) this.cursors.set(h, c);
    await this.runStep(step, notified, true, asked);
    for (const [h, c] of handlerCursors) {
      const original = saved.get(h);
      if (original) this.cursors.set(h, original);
      if (c.failed && original) {
        original.failed = true;
        original.end();
        this.services.failedHosts.add(h);
      }
    }
  }

  /** With force_handlers, failed hosts still run what they notified, at every flush. */
  private forcedHosts(except: readonly string[]): string[] {
    if (!this.forceHandlers()) return [];
    return this.batchHosts.filter((h) => !except.includes(h) && this.cursors.get(h)?.failed && !this.services.unreachable.has(h) && this.notifications.pending(h));
  }

  private forceHandlers(): boolean {
    return keywordBool(this.compiled.play.keywords.get('force_handlers')) ?? this.services.forceHandlers;
  }

  /** How many hosts run the step at once: forks, or the task's throttle when lower. */
  private forkLimit(step: TaskStep): number {
    const forks = Math.max(1, this.services.forks);
    const throttle = keywordInt(step.folded.scalars.get('throttle')) ?? 0;
    return throttle > 0 ? Math.min(throttle, forks) : forks;
  }

  /** Runs the step on the hosts, `forkLimit` at a time; `onEach` takes each result as it comes (one fork). */
  private async runOnHosts(step: TaskStep, hosts: readonly string[], onEach?: (host: string, outcome: ExecOutcome) => Promise<void>): Promise<[string, ExecOutcome][]> {
    const limit = this.forkLimit(step);
    const results: ([string, ExecOutcome] | undefined)[] = new Array(hosts.length);
    // Events of hosts after the first still running are held back so output follows host order.
    this.itemBuffers = new Map(hosts.map((h, i) => [h, i === 0 || onEach ? null : []]));
    this.hostOrder = [...hosts];
    let next = 0;
    const runAhead = this.runAhead;
    const following = this.followingStep;
    const worker = async (): Promise<void> => {
      while (next < hosts.length) {
        const i = next++;
        const host = hosts[i] as string;
        const early = runAhead?.take(host, step);
        let outcome: ExecOutcome | undefined;
        if (early) {
          try {
            outcome = await early.outcome;
          } finally {
            // What the early run printed comes out now, as it would have while the step ran here.
            for (const fire of early.output) fire();
          }
        }
        // No early run, or it found at the start that the step must wait for its turn.
        outcome ??= runAhead ? await runAhead.slots.use(() => this.executor.run(host, step)) : await this.executor.run(host, step);
        results[i] = [host, outcome];
        if (runAhead && following) this.maybeRunAhead(runAhead, host, step, outcome, following);
        if (onEach) await onEach(host, outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, hosts.length) }, worker));
    this.flushItemBuffers();
    this.itemBuffers = undefined;
    return results.filter((r): r is [string, ExecOutcome] => r !== undefined);
  }

  /** Starts the host's next step now when neither step depends on the other hosts. */
  private maybeRunAhead(runAhead: RunAhead, host: string, step: TaskStep, outcome: ExecOutcome, following: Step): void {
    if (following.kind !== 'task' || (this.services.startAt && !this.services.startAt.done)) return;
    if (this.cursors.get(host)?.nextInFrame() !== following) return;
    const playFatal = keywordBool(this.compiled.play.keywords.get('any_errors_fatal')) ?? false;
    if (!resultLetsHostGoOn(step, outcome.result, playFatal)) return;
    if (this.services.tagFilter && !this.services.tagFilter(following)) return;
    // Reading the host's variables may warn: that too is held back until the step's turn.
    runAhead.start(host, following, async () => (stepMayRunAhead(following, this.playVars.forTask(host, following)) ? this.executor.run(host, following) : undefined));
  }

  private itemBuffers: Map<string, (() => void)[] | null> | undefined;
  private hostOrder: string[] = [];

  private emitItem(kind: 'ok' | 'failed' | 'skipped' | 'diff', r: HostResult): void {
    const cb = this.services.callback;
    const fire = (): void => {
      if (kind === 'ok') cb.itemOk?.(r);
      else if (kind === 'diff') cb.fileDiff?.(r);
      else if (kind === 'failed') cb.itemFailed?.(r);
      else cb.itemSkipped?.(r);
    };
    this.emitBuffered(r.host, fire);
  }

  /** While hosts run in parallel, a host's events wait in its buffer so hosts do not interleave. */
  private emitBuffered(host: string, fire: () => void): void {
    // A step running ahead of its turn: the event is ordered when the step's turn comes.
    if (holdBack(() => this.emitBuffered(host, fire))) return;
    const buffer = this.itemBuffers?.get(host);
    if (buffer) buffer.push(fire);
    else fire();
  }

  private emitAsync(kind: 'poll' | 'ok' | 'failed', r: HostResult): void {
    const cb = this.services.callback;
    const hook = { poll: cb.asyncPoll, ok: cb.asyncOk, failed: cb.asyncFailed }[kind];
    this.emitBuffered(r.host, () => hook?.call(cb, r));
  }

  private flushItemBuffers(): void {
    if (!this.itemBuffers) return;
    for (const host of this.hostOrder) {
      const buffer = this.itemBuffers.get(host);
      if (buffer) for (const fire of buffer) fire();
      this.itemBuffers.set(host, null);
    }
  }

  /** Names as announced in the banner, by step: results of the task reuse them. */
  private readonly names = new Map<number, string>();

  /**
   * The task's name templated with the first host's variables, as ansible's linear strategy
   * does; an expression that fails shows as `<< error N - msg >>` with a warning, as 2.19 does.
   */
  private bannerName(step: TaskStep, host: string): string {
    const task = step.task;
    const nameKw = task.keywords.get('name');
    if (!nameKw || nameKw.value === null || nameKw.value === '') {
      if ((task.action === 'include_role' || task.action === 'import_role') && task.args.has('name')) {
        return `${task.actionWritten} : ${pyStr(task.args.get('name') as Data)}`;
      }
      return task.actionWritten;
    }
    const raw = pyStr(nameKw.value);
    const templar = this.services.exec.templar;
    if (!templar.isTemplate(raw)) return raw;
    const vars = this.playVars.forTask(host, step);
    try {
      return pyStr(templar.render(raw, vars, { origin: nameKw.loc }));
    } catch {
      const errors: string[] = [];
      const text = raw.replace(/\{\{[\s\S]*?\}\}/g, (expr) => {
        try {
          return pyStr(templar.render(expr, vars, { origin: nameKw.loc }));
        } catch (e) {
          errors.push(e instanceof Error ? e.message : String(e));
          return `<< error ${errors.length} - ${errors[errors.length - 1]} >>`;
        }
      });
      const lines = errors.map((m, i) => `error ${i + 1} - ${m}`).join('\n');
      this.services.callback.warning?.({ message: `Encountered ${errors.length} template error${errors.length === 1 ? '' : 's'}.\n${lines}`, origin: nameKw.loc });
      return text;
    }
  }

  taskInfo(step: TaskStep, host: string): TaskInfo {
    const task = step.task;
    const name = this.names.get(step.id) ?? this.bannerName(step, host);
    return {
      name,
      action: task.action,
      actionWritten: task.actionWritten,
      loc: task.loc,
      ...(step.role ? { role: step.role.def.name } : {}),
      isHandler: task.isHandler,
      noLog: keywordBool(step.folded.scalars.get('no_log')) ?? false,
      checkMode: this.services.exec.options.checkMode,
      diff: this.services.exec.options.diff,
      args: task.args,
      id: String(step.id),
      loop: task.keywords.has('loop') || task.withLookup !== undefined,
      ignoreUnreachable: keywordBool(step.folded.scalars.get('ignore_unreachable')) ?? false,
    };
  }

  private metaContext() {
    return {
      cursors: this.cursors,
      activeHosts: () => this.activeHosts(),
      flushHandlers: (hosts: readonly string[]) => this.flushHandlers(hosts),
      endPlay: () => {
        this.endPlay = true;
        for (const c of this.cursors.values()) c.end();
      },
      failedHosts: this.services.failedHosts,
      vars: this.services.vars,
      callback: this.services.callback,
      stats: this.services.stats,
      taskInfo: (step: TaskStep, host: string) => this.taskInfo(step, host),
      evaluateWhen: (step: TaskStep, host: string) => this.whenHolds(step, host),
      announceHandlers: (host: string) => this.announceHandlers(host),
      transport: this.services.exec.transport,
      notifications: this.notifications,
    };
  }

  private whenHolds(step: TaskStep, host: string): boolean {
    const vars = this.playVars.forTask(host, step);
    for (const kw of step.folded.when) {
      for (const cond of Array.isArray(kw.value) ? kw.value : [kw.value]) {
        if (!this.services.exec.templar.evaluateConditional(cond, vars, { origin: kw.loc })) return false;
      }
    }
    return true;
  }
}

function includeKey(result: DataDict): string {
  const loopVar = result.get('ansible_loop_var');
  const item = typeof loopVar === 'string' ? result.get(loopVar) : undefined;
  return `${pyStr(result.get('include') ?? '')}\u0000${pyStr(result.get('include_args') ?? null)}\u0000${item === undefined ? '' : pyStr(item)}`;
}

/** The loop item an include ran for, for `included: … => (item=x)`. */
function itemOf(result: DataDict): DataDict | undefined {
  const loopVar = result.get('ansible_loop_var');
  if (typeof loopVar !== 'string' || !result.has(loopVar)) return undefined;
  const out = new Map<string, Data>([['item', result.get(loopVar) as Data]]);
  const label = result.get('_ansible_item_label');
  if (label !== undefined) out.set('_ansible_item_label', label);
  return out;
}

/** Several included programs run back to back (a looped include): one program, spans shifted. */
function concatPrograms(programs: readonly Program[]): Program {
  const steps: Step[] = [];
  const spans: Span[] = [];
  for (const p of programs) {
    const offset = steps.length;
    const spanOffset = spans.length;
    for (const span of p.spans) {
      spans.push({
        parent: span.parent < 0 ? -1 : span.parent + spanOffset,
        loc: span.loc,
        blockStart: span.blockStart + offset,
        rescueStart: span.rescueStart + offset,
        alwaysStart: span.alwaysStart + offset,
        end: span.end + offset,
      });
    }
    for (const step of p.steps) steps.push({ ...step, span: step.span < 0 ? -1 : step.span + spanOffset } as Step);
  }
  return { steps, spans, jumps: buildJumpTable(steps, spans) };
}

/** run_once: the result is applied (register, facts) on the other hosts without output. */
function processResultSilently(ctx: ProcessContext, host: string, step: TaskStep, outcome: ExecOutcome, ignoreErrors: boolean): void {
  const silent: ProcessContext = { ...ctx, callback: {}, stats: new AggregateStats() };
  processResult(silent, host, step, outcome, { ignoreErrors, isInclude: false });
}
