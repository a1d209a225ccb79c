/**
 * run: walks the plays of a playbook (and imported playbooks), splits each play's hosts into
 * serial batches, and runs them. Returns ansible-playbook's exit code.
 */
import type { SourceLocation } from '../core/source-location.js';
import { valueOrigin } from '../core/value-origins.js';
import { isDict, isStringLike, pyStr, type Data, type DataDict } from '../core/data.js';
import { pythonInt } from '../core/python-int.js';
import { isOmit } from '../template/index.js';
import { taggedTypeName } from '../actions/util.js';
import type { CompiledPlay, Program, TaskStep } from '../compile/program.js';
import type { PlayNode, Playbook, TaskNode } from '../playbook/model.js';
import { EMPTY_FOLD, foldLayer } from '../compile/fold-keywords.js';
import { allocateStepId } from '../compile/compile-play.js';
import { buildJumpTable } from '../compile/jump-table.js';
import { compileLoadedPlays } from '../compile/compile-loaded.js';
import { PlayRunner, type PlayRunServices } from './play-runner.js';
import { playActions } from './play-actions.js';
import { concatPrograms } from './concat-programs.js';
import { AggregateStats } from './stats.js';
import { keywordBool } from './keyword-values.js';
import type { Callback } from './events.js';
import type { PlayVars } from './vars-port.js';
import { VolantError } from '../core/errors.js';
import type { VarSource } from '../template/api.js';
import { PlayTags } from './tags.js';
import { checkModeMarked } from './task-names.js';
import { checkPercent, checkPlayBool, playKeywordError, postValidatePlay } from './play-post-validate.js';
import { showVarsFilesRead } from './vars-files-read.js';

export interface PlaybookRunOptions {
  readonly checkMode: boolean;
  /** ANSIBLE_GATHERING: implicit (default), explicit, smart. */
  readonly gathering: 'implicit' | 'explicit' | 'smart';
}

export interface PlaybookRunDeps extends Omit<PlayRunServices, 'stats' | 'failedHosts' | 'unreachable' | 'markedFailed'> {
  readonly options: PlaybookRunOptions;
  /** Hosts matching a play's `hosts:` (after --limit), in inventory order. */
  hostsMatching(pattern: string, order?: string): string[];
  /** Compiles a play; called for every play as the playbook loads, then again as each starts. */
  compile(play: PlayNode): CompiledPlay;
  /** Loads an imported playbook (path relative to the importing file). */
  loadImport(file: string, from: string): Playbook;
  /**
   * Templates play-level text (name, hosts …): with `vars` when given (the play's whole variables),
   * else with extra vars and the play's vars alone; `origin` is where the text was written, when
   * that is not where its keyword was (an item of a list).
   */
  renderPlayText(play: PlayNode, text: Data, vars?: () => VarSource, origin?: SourceLocation): Data;
  readonly callback: Callback;
  /**
   * Answers to the play's vars_prompt (or their defaults when there is no terminal); `playVars`
   * are the play's variables (no host) its prompts and defaults are templated with.
   */
  varsPrompt?(play: PlayNode, playVars: () => VarSource): DataDict;
  /** --start-at-task: tasks are skipped until one matches (shared by every play). */
  readonly startAt?: { readonly pattern: string; done: boolean };
  /** ansible's display.error (to stderr). */
  readonly error?: (error: string | Error) => void;
  /** retry_files_enabled: given the playbook's failed and unreachable hosts, sorted, before its recap. */
  readonly retryFile?: (playbookFile: string, hosts: readonly string[]) => void;
}

/** The orders a play's hosts may be listed in (`order:`). */
const HOST_ORDERS = new Set(['inventory', 'sorted', 'reverse_sorted', 'reverse_inventory', 'shuffle']);

/** Strategies Volant runs (see play-runner.ts): linear, free, host_pinned, debug. */
const KNOWN_STRATEGIES = new Set(['linear', 'free', 'host_pinned', 'debug']);

export const EXIT_OK = 0;
export const EXIT_FAILED = 2;
export const EXIT_UNREACHABLE = 4;

export class PlaybookRunner {
  readonly stats = new AggregateStats();
  private readonly failedHosts = new Set<string>();
  private readonly unreachable = new Set<string>();
  private readonly markedFailed = new Set<string>();
  /**
   * Hosts marked failed in the last batch that their blocks rescued: out of later plays, but
   * 2.19's exit code (the last batch's result) counts them only once another batch has run.
   */
  private readonly markedOnly = new Set<string>();
  private stopped = false;
  /** max_fail_percentage stopped the run: 2.19 exits 2 then, whatever else happened. */
  private brokePlay = false;
  private readonly playRunners: PlayRunner[] = [];

  constructor(private readonly deps: PlaybookRunDeps) {}

  async run(playbook: Playbook, shownAs: string = playbook.file): Promise<number> {
    // NOTE: ansible loads every play's roles and static imports with the playbook, so a missing
    // role in a later play stops the run before the first play starts.
    compileLoadedPlays(playbook, (play) => this.deps.compile(play));
    this.deps.callback.playbookStart?.(playbook.file);
    // Imports are expanded when the playbook loads, so its entries are all its plays.
    const plays = playbook.entries.filter((e) => e.kind === 'play').length;
    this.deps.callback.display?.(`${plays} plays in ${shownAs}`, { verbosity: 2 });
    await this.runEntries(playbook);
    const retries = [...new Set([...this.failedHosts, ...this.unreachable])].sort();
    if (retries.length > 0) this.deps.retryFile?.(playbook.file, retries);
    this.deps.callback.stats?.(this.stats);
    if (this.brokePlay) return EXIT_FAILED;
    if (this.unreachable.size > 0) return EXIT_UNREACHABLE;
    if ([...this.failedHosts].some((h) => !this.markedOnly.has(h))) return EXIT_FAILED;
    return EXIT_OK;
  }

  private async runEntries(playbook: Playbook): Promise<void> {
    for (const entry of playbook.entries) {
      if (this.stopped) return;
      if (entry.kind === 'import_playbook') {
        const imported = this.deps.loadImport(pyStr(entry.file.value), playbook.file);
        await this.runEntries(imported);
        continue;
      }
      await this.runPlay(entry);
    }
  }

  private async runPlay(play: PlayNode): Promise<void> {
    const deps = this.deps;
    const compiled = deps.compile(play);
    // NOTE: 2.19 post-validates a play's keywords with all get_vars(play) gives (groups, hostvars,
    // vars_files, magic variables), before the play's hosts are known.
    // NOTE: 2.19 prompts first: the answers are play variables when the keywords are templated.
    const noHosts = { all: [], active: () => [], batch: () => [] };
    const prompted = deps.varsPrompt?.(play, () => deps.vars.startPlay(compiled, noHosts, new Map()).forPlay()) ?? new Map();
    let hostless: PlayVars | undefined;
    const atValidate = (): PlayVars => (hostless ??= deps.vars.startPlay(compiled, noHosts, prompted));
    let keywordVars: VarSource | undefined;
    const renderKeyword = (value: Data, origin?: SourceLocation): Data => deps.renderPlayText(play, value, () => (keywordVars ??= atValidate().forPlay()), origin);
    // 2.19's executor asks for the play's variables (host-less) to template vars_prompt, then again
    // to post-validate the play, each reading the vars_files (see vars-files-read.ts); shown before
    // the play's banner (the files are read when the variables are first needed).
    let loadReadsShown = false;
    const showLoadReads = (): void => {
      if (loadReadsShown) return;
      loadReadsShown = true;
      showVarsFilesRead(deps.callback, atValidate());
      showVarsFilesRead(deps.callback, atValidate());
    };
    const { name, pattern } = postValidatePlay(play, renderKeyword);
    // (order and strategy templated to omit are left at their defaults)
    const orderKw = play.keywords.get('order');
    const order = orderKw && orderKw.value !== null ? keywordText(renderKeyword(orderKw.value)) : undefined;
    const matched = deps.hostsMatching(pattern, order);
    // NOTE: ansible's inventory checks the order as it lists the hosts (after warning of no match).
    if (order !== undefined && !HOST_ORDERS.has(order)) {
      throw Object.assign(new VolantError('ORDER_INVALID', `Invalid 'order' specified for inventory hosts: ${order}`), { exitCode: 5 });
    }
    const strategyKw = play.keywords.get('strategy');
    // The strategy may be a template (`strategy: "{{ mode }}"`), rendered like the play's name.
    const strategy = strategyKw ? keywordText(renderKeyword(strategyKw.value)) : undefined;
    const announce = (): void =>
      void deps.callback.playStart?.({
        name,
        loc: play.loc,
        checkMode: checkModeMarked(play.keywords.get('check_mode'), deps.options.checkMode),
        ...(strategy !== undefined ? { strategy } : {}),
      });
    // 2.19's task queue manager asks for the play's variables before it announces the play (for
    // each serial batch).
    const startPlayRun = (): void => {
      showLoadReads();
      showVarsFilesRead(deps.callback, atValidate());
      announce();
    };
    // NOTE: 2.19 splits every matched host into batches, those that failed or went unreachable
    // in earlier plays included (they take no part, but fill their batch).
    const hosts = matched;
    if (strategy !== undefined && !KNOWN_STRATEGIES.has(strategy.replace(/^ansible\.(builtin|legacy)\./, ''))) {
      // NOTE: ansible announces the play, warns that non-builtin strategies are deprecated, then stops.
      startPlayRun();
      deps.callback.deprecation?.({
        message: 'Use of strategy plugins not included in ansible.builtin are deprecated and do not carry any backwards compatibility guarantees. No alternative for third party strategy plugins is currently planned.',
        collection: 'ansible.builtin',
      });
      throw new VolantError('STRATEGY_INVALID', `Invalid play strategy specified: ${strategy}`, { location: play.loc });
    }
    if (hosts.length === 0) {
      // NOTE: 2.19 reads the play's vars_files even when no host matched (their warnings show).
      keywordVars ??= atValidate().forPlay();
      showLoadReads();
      announce();
      deps.callback.noHostsMatched?.();
      return;
    }
    const batches = serialBatches(play, hosts, renderKeyword);
    // ansible_play_hosts_all: the play's pattern in inventory order (whatever `order` says), hosts
    // unreachable in an earlier play included (not in ansible_play_hosts); matched again as each
    // serial batch starts, and a host add_host creates joins it until then, whatever its groups.
    const hostsAll = order === undefined ? [...matched] : deps.hostsMatching(pattern);
    let removed = (_h: string): boolean => false;
    let unshown = (_h: string): boolean => false;
    // NOTE: under free, 2.19 takes a host out only as it shows the result that failed it or found it
    // unreachable: the tasks queued before then see it in the play.
    const out = (h: string): boolean => (this.failedHosts.has(h) || this.markedFailed.has(h) || removed(h) || this.unreachable.has(h)) && !unshown(h);
    const active = (): string[] => hostsAll.filter((h) => !out(h));
    let batch: string[] = [];
    const playVars = deps.vars.startPlay(
      compiled,
      { all: hostsAll, active, batch: () => batch.filter((h) => !out(h)), failed: () => batch.filter((h) => this.failedHosts.has(h) || this.markedFailed.has(h)) },
      prompted,
    );
    const templar = deps.exec.templar;
    // NOTE: 2.19 templates an included file's tags with the include's variables, host-less; a host's
    // task variables (the batch's first) are the nearest Volant has.
    const tagVars = (step: TaskStep | undefined): VarSource => (step?.includeParams && batch[0] !== undefined ? playVars.forTask(batch[0], step) : playVars.forPlay());
    const tags = new PlayTags((text, origin, step) => (templar.isTemplate(text) ? templar.render(text, tagVars(step), { origin }) : text));
    const tagFilter = deps.tagFilter;
    const services: PlayRunServices = {
      ...deps,
      ...(tagFilter ? { tagFilter: (step: TaskStep) => tagFilter(step, tags.of) } : {}),
      stats: this.stats,
      failedHosts: this.failedHosts,
      unreachable: this.unreachable,
      markedFailed: this.markedFailed,
      ...(strategy !== undefined ? { playStrategy: strategy } : {}),
      ...(deps.addHost ? { addHost: (name, groups, vars) => joinPlayHosts(hostsAll, name, deps.addHost?.(name, groups, vars) ?? false) } : {}),
      // NOTE: 2.19 sets the play's host lists again after a refresh; the batch stays as it was.
      refreshInventory: () => {
        const known = deps.refreshInventory?.() ?? (() => true);
        hostsAll.splice(0, hostsAll.length, ...deps.hostsMatching(pattern));
        return known;
      },
      setStats: (data, perHost, aggregate, host) => {
        for (const [k, v] of data) this.stats.setCustom(String(k), v, perHost ? host : undefined, aggregate);
      },
    };
    const runner = new PlayRunner(compiled, services, playVars);
    deps.exec.transport.expectActions?.(playActions(compiled));
    removed = (h) => runner.removedFromBatch(h);
    unshown = (h) => runner.failureUnshown(h);
    this.playRunners.push(runner);
    const forceHandlers = play.keywords.get('force_handlers');
    if (forceHandlers) checkPlayBool('force_handlers', renderKeyword(forceHandlers.value), forceHandlers.loc);
    const maxFail = play.keywords.get('max_fail_percentage');
    if (maxFail) checkPercent(renderKeyword(maxFail.value), maxFail.loc);
    const gather = this.gatherStep(play, renderKeyword);
    for (const [index, b] of batches.entries()) {
      if (index > 0) hostsAll.splice(0, hostsAll.length, ...deps.hostsMatching(pattern));
      // Unreachable hosts keep their place: meta clear_host_errors may bring them back.
      batch = b.filter((h) => !this.failedHosts.has(h));
      // ansible's TQM announces the play once per serial batch.
      startPlayRun();
      // NOTE: 2.19 templates every tag of the play as each batch starts (once: the results are kept); an error stops the run.
      tags.evaluate(taskSteps(compiled.program), play.keywords.get('tags'));
      runner.startBatch(b);
      this.markedOnly.clear();
      const failedBefore = new Set(this.failedHosts);
      const unreachableBefore = new Set(this.unreachable);
      if (batch.every((h) => this.unreachable.has(h))) {
        runner.strategyStarts();
        // NOTE: 2.19's free loop (host_pinned's too) finds no reachable host in the batch as it
        // starts, and says so; linear says nothing. A host that only failed before is still
        // among the hosts left (with no task to run).
        if (b.length > 0 && b.every((h) => this.unreachable.has(h)) && runner.walksFree) deps.callback.noHostsRemaining?.();
        continue;
      }
      let outcome = { allFailed: false, endPlay: false };
      const startAt = runner.startAtPlan(gather?.steps[0] as TaskStep | undefined);
      // gathering=smart: a host whose facts a gather_facts already filled (an earlier play, a
      // task) is left out of the step; with none left the step and its banner do not show.
      const gathering = gather && this.deps.options.gathering === 'smart' ? batch.filter((h) => !this.deps.vars.factsGathered(h)) : batch;
      // NOTE: when --start-at-task matches the first thing a play would run, 2.19 runs its
      // Gathering Facts step (again) as a task, even where the play gathers no facts; not under
      // force_handlers, whose block around the play's tasks the search enters past that step.
      const forcesHandlers = keywordBool(play.keywords.get('force_handlers')) ?? deps.forceHandlers;
      const again = startAt === 'first' && !forcesHandlers ? this.gatherStep(play, renderKeyword, true) : undefined;
      if (startAt === 'none') {
        // A play --start-at-task found nothing in runs none of its tasks; its strategy still starts.
        runner.strategyStarts();
      } else if (runner.pinned) {
        // NOTE: 2.19's iterator gives Gathering Facts as each host's first task: host_pinned runs
        // it at the start of the host's walk, not for the whole batch before.
        // The task run again is the same task (one banner for both results).
        const rest = again ? concatPrograms([gather ?? again, compiled.program]) : compiled.program;
        const walk = gather ? concatPrograms([gather, rest]) : rest;
        outcome = await runner.runBatch(batch, walk, (h) => (gathering.includes(h) ? walk : rest));
      } else {
        if (gather && gathering.length > 0) outcome = await runner.runBatch(gathering, gather);
        if (again && !runner.ended) outcome = await runner.runBatch(batch.filter((h) => !this.failedHosts.has(h)), again);
        const remaining = batch.filter((h) => !this.failedHosts.has(h));
        if (remaining.some((h) => !this.unreachable.has(h)) && !runner.ended) outcome = await runner.runBatch(remaining, compiled.program);
        else if (!gather || gathering.length === 0) runner.strategyStarts();
      }
      for (const h of this.markedFailed) {
        if (!this.failedHosts.has(h)) this.markedOnly.add(h);
        this.failedHosts.add(h);
      }
      this.markedFailed.clear();
      for (const h of runner.forgiven) this.markedOnly.add(h);
      // NOTE: 2.19 stops the playbook when the batch's new failures and new unreachable hosts add
      // up to its size, exactly: a host both marked failed and unreachable counts twice.
      const failed = countNew(b, this.failedHosts, failedBefore) + countNew(b, this.unreachable, unreachableBefore);
      // NOTE: meta end_play leaves the batch loop at once in 2.19 (AnsibleEndPlay): its failures are not counted there.
      if (failed === b.length && !runner.ended) {
        this.stopped = true;
        this.brokePlay = runner.breakPlay;
        return;
      }
      // NOTE: max_fail_percentage crossed (2.19's RUN_FAILED_BREAK_PLAY) stops the playbook after
      // this play, but the play's batches left still run unless that count came out exact: the
      // exit code is then the last batch's.
      if (runner.breakPlay) this.stopped = true;
      this.brokePlay = runner.breakPlay;
      if (outcome.endPlay || runner.ended) return;
    }
  }

  /** Steps that ran ahead of their turn (Volant's run-ahead), over the whole run. */
  get ranAhead(): number {
    return this.playRunners.reduce((n, r) => n + r.ranAhead, 0);
  }

  /** The implicit "Gathering Facts" step, when the play gathers facts (or `always`). */
  private gatherStep(play: PlayNode, renderKeyword: (value: Data) => Data, always = false): Program | undefined {
    const kw = play.keywords.get('gather_facts');
    let explicit: boolean | undefined;
    if (kw) {
      try {
        const value = renderKeyword(kw.value);
        checkPlayBool('gather_facts', value, kw.loc);
        explicit = keywordBool({ ...kw, value });
      } catch (e) {
        if (e instanceof VolantError && e.code === 'PLAY_KEYWORD') throw e;
        throw playKeywordError('gather_facts', e, kw.loc);
      }
    }
    const gather = explicit ?? this.deps.options.gathering !== 'explicit';
    if (!gather && !always) return undefined;
    const args = new Map<string, Data>();
    const subset = play.keywords.get('gather_subset');
    if (subset) args.set('gather_subset', subset.value);
    const timeout = play.keywords.get('gather_timeout');
    if (timeout) args.set('gather_timeout', timeout.value);
    const factPath = play.keywords.get('fact_path');
    if (factPath) args.set('fact_path', factPath.value);
    const task: TaskNode = {
      kind: 'task',
      loc: play.loc,
      actionWritten: 'ansible.builtin.gather_facts',
      action: 'gather_facts',
      args,
      argsLoc: play.loc,
      keywords: new Map([['name', { value: 'Gathering Facts', loc: play.loc }]]),
      isHandler: false,
      implicit: true,
    };
    // NOTE: 2.19 tags the step `always` unless the play has tags (then it has the play's).
    const playFold = foldLayer(EMPTY_FOLD, play.keywords, { vars: false });
    const fold = play.keywords.has('tags') ? playFold : foldLayer(playFold, new Map([['tags', { value: ['always'], loc: play.loc }]]), { vars: false });
    const step: TaskStep = { kind: 'task', id: allocateStepId(), task, folded: fold, outerFold: fold, span: -1, section: 'none', baseDir: '.' };
    return { steps: [step], spans: [], jumps: buildJumpTable([step], []) };
  }
}

/** The hosts of `batch` in `now` that were not in `before`. */
/** A play keyword's templated value as text, or none when it templated to omit. */
function keywordText(value: Data): string | undefined {
  return isOmit(value) ? undefined : pyStr(value);
}

function countNew(batch: readonly string[], now: ReadonlySet<string>, before: ReadonlySet<string>): number {
  return batch.filter((h) => now.has(h) && !before.has(h)).length;
}

/**
 * The play's hosts in `serial` batches, as ansible's _get_serialized_batches makes them: serial as an
 * int, a percentage or a list of them (the last repeats); `render` templates the keyword (with the
 * play's variables). A size of 0 or less takes every host left.
 */
export function serialBatches(play: PlayNode, hosts: readonly string[], render: (value: Data, origin?: SourceLocation) => Data = (value) => value): string[][] {
  const kw = play.keywords.get('serial');
  const rendered = (value: Data, origin?: SourceLocation): Data => {
    try {
      return render(value, origin);
    } catch (e) {
      throw playKeywordError('serial', e, kw?.loc);
    }
  };
  const serial = kw ? rendered(kw.value) : null;
  // NOTE: a `serial:` that is (or renders to) None stays None in 2.19, whose len() of it is an
  // unexpected exception.
  if (kw && serial === null) throw new Error("object of type 'NoneType' has no len()");
  // an item of a list is named where it was written
  // (omit leaves the keyword at its default, no batches; an item that is omit is dropped)
  const specs = serial === null || isOmit(serial) ? [] : Array.isArray(serial) ? serial.map((item, i) => rendered(item, valueOrigin(serial, i))).filter((item) => !isOmit(item)) : [serial];
  if (specs.length === 0) return [[...hosts]];
  const out: string[][] = [];
  let i = 0;
  for (let s = 0; i < hosts.length; s++) {
    // NOTE: each size is converted as its batch is cut, so a bad item past the hosts is never read.
    const size = batchSize(specs[Math.min(s, specs.length - 1)] as Data, hosts.length);
    if (size <= 0) {
      out.push(hosts.slice(i));
      break;
    }
    out.push(hosts.slice(i, i + size));
    i += size;
  }
  return out;
}

/**
 * ansible's pct_to_int: a string ending in `%` is that share of all the play's hosts (its `%` signs
 * dropped, the rest read by int(); at least 1 when it comes to 0), anything else is int() of it. What
 * int() refuses is Python's ValueError or TypeError, which 2.19 shows as an unexpected exception.
 */
function batchSize(spec: Data, total: number): number {
  if (isStringLike(spec) && pyStr(spec).endsWith('%')) {
    const pct = pythonInt(pyStr(spec).replaceAll('%', ''));
    return Math.trunc((pct / 100) * total) || 1;
  }
  if (spec === null || isDict(spec) || Array.isArray(spec)) {
    throw new Error(`int() argument must be a string, a bytes-like object or a real number, not '${taggedTypeName(spec)}'`);
  }
  return pythonInt(spec);
}

function taskSteps(program: Program): TaskStep[] {
  return program.steps.filter((s): s is TaskStep => s.kind === 'task');
}

/** A host add_host created (changed) is one of the play's hosts from then on. */
function joinPlayHosts(hostsAll: string[], name: string, changed: boolean): boolean {
  if (changed && !hostsAll.includes(name)) hostsAll.push(name);
  return changed;
}
