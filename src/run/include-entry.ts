/**
 * Entering dynamic includes (include_tasks, include_role) after the hosts ran the include step:
 * each distinct file is loaded once, and every host that included it moves into its program.
 */
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { ParseError, YamlError } from '../core/errors.js';
import { parseErrorExitCode } from '../playbook/parse-error-exit-code.js';
import type { Program, RoleInstance, Step, TaskStep } from '../compile/program.js';
import type { Callback, TaskInfo } from './events.js';
import type { HostCursor } from './host-cursor.js';
import type { IncludeLoader } from './include-loader.js';
import type { AggregateStats } from './stats.js';
import type { ExecOutcome } from './task-executor.js';
import type { PlayVars } from './vars-port.js';
import { concatPrograms } from './concat-programs.js';

/** What entering includes needs from the play runner. */
export interface IncludeEntryContext {
  readonly includes: IncludeLoader;
  readonly stats: AggregateStats;
  readonly callback: Callback;
  readonly playVars: PlayVars;
  readonly failedHosts: Set<string>;
  readonly cursors: ReadonlyMap<string, HostCursor>;
  readonly error?: (error: string | Error) => void;
  /** include_role's handlers join the play's. */
  addHandlers(handlers: Program): void;
  /** include_role with `public: true`: its variables become the play's. */
  addPublicRole?(role: RoleInstance): void;
  taskInfo(step: TaskStep, host: string): TaskInfo;
  /** 2.19 asks for the host's variables (the vars_files 'Read' lines at -vvv: see vars-files-read.ts). */
  varsAsked(host: string): void;
  /** free and host_pinned show an include before asking for the variables of its blocks; linear after. */
  readonly includeShownFirst: boolean;
}

/** A host's successful result of the include step. */
export interface IncludeResult {
  readonly host: string;
  readonly outcome: ExecOutcome;
}

/** Loads what the hosts included and moves each host into it; returns the new steps, for linear's order. */
export async function enterIncludes(ctx: IncludeEntryContext, step: TaskStep, results: readonly IncludeResult[]): Promise<Step[]> {
  // One IncludedFile per distinct (file, arguments, loop item); hosts that include the same
  // share its compiled program, so they meet at its steps.
  interface Included { key: string; result: DataDict; hosts: string[]; program?: Program; failed?: boolean }
  const included = new Map<string, Included>();
  const perHost = new Map<string, Included[]>();
  const hostResults = new Map(results.map(({ host, outcome }) => [host, outcome.result] as const));
  for (const { host, outcome } of results) {
    const entries = outcome.result.has('results')
      ? ((outcome.result.get('results') as Data[]).filter((r): r is DataDict => isDict(r) && (r.has('include') || r.has('include_args')) && !truthy(r.get('skipped')) && !truthy(r.get('failed'))))
      : [outcome.result];
    const list: Included[] = [];
    for (const entry of entries) {
      const key = includeKey(entry, step);
      let inc = included.get(key);
      if (!inc) included.set(key, (inc = { key, result: entry, hosts: [] }));
      inc.hosts.push(host);
      list.push(inc);
    }
    perHost.set(host, list);
  }
  // 2.19 asks for the variables of each host that included something, once, before it loads any file.
  for (const [host, list] of perHost) if (list.length > 0) ctx.varsAsked(host);
  const newSteps: Step[] = [];
  for (const inc of included.values()) {
    try {
      const loaded = await ctx.includes.load(step, inc.result, ctx.playVars.forTask(inc.hosts[0] as string, step));
      inc.program = loaded.program;
      for (const host of inc.hosts) ctx.stats.increment('ok', host);
      if (!ctx.includeShownFirst) loaded.blocksAsked?.();
      ctx.callback.include?.(loaded.displayFile, inc.hosts, itemOf(inc.result, step));
      if (ctx.includeShownFirst) loaded.blocksAsked?.();
      if (loaded.handlers) ctx.addHandlers(loaded.handlers);
      // Every included role joins the play's roles (ansible_play_role_names); a public one's vars too.
      if (loaded.role) ctx.addPublicRole?.(loaded.role);
      newSteps.push(...loaded.program.steps);
    } catch (e) {
      // NOTE: a file that does not parse ends the whole run, as ansible's AnsibleParserError does.
      if (e instanceof YamlError || (e instanceof ParseError && parseErrorExitCode(e) === 4)) throw e;
      // ansible shows the error, then fails each including host with the reason in its result.
      inc.failed = true;
      const reason = e instanceof Error ? e.message : String(e);
      ctx.error?.(e instanceof Error ? e : reason);
      for (const host of inc.hosts) {
        ctx.stats.increment('failures', host);
        // NOTE: a looped include fails with its whole loop result (its items, not shown again).
        const whole = hostResults.get(host);
        const result = new Map(whole?.has('results') ? whole : inc.result);
        result.delete('include_args');
        // ansible took include_args out of each item as it made the included files.
        const items = result.get('results');
        if (Array.isArray(items)) result.set('results', items.map((item) => (isDict(item) ? withoutIncludeArgs(item) : item)));
        result.set('failed', true);
        result.set('reason', reason);
        ctx.callback.runnerFailed?.({ host, task: ctx.taskInfo(step, host), result });
      }
    }
  }
  for (const [host, list] of perHost) {
    const cursor = ctx.cursors.get(host);
    if (!cursor) continue;
    if (list.some((i) => i.failed)) {
      cursor.fail();
      if (cursor.failed) ctx.failedHosts.add(host);
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

function withoutIncludeArgs(item: DataDict): DataDict {
  const copy = new Map(item);
  copy.delete('include_args');
  return copy;
}

// NOTE: hosts whose no_log differs (a template) include the file apart, as their IncludedFiles' vars differ.
function includeKey(result: DataDict, step: TaskStep): string {
  const loopVar = result.get('ansible_loop_var');
  const item = typeof loopVar === 'string' ? result.get(loopVar) : undefined;
  const censored = truthy(itemOf(result, step)?.get('_ansible_no_log') ?? false) ? 'no_log' : '';
  return `${pyStr(result.get('include') ?? '')}\u0000${pyStr(result.get('include_args') ?? null)}\u0000${item === undefined ? '' : pyStr(item)}\u0000${censored}`;
}

/**
 * The include's loop vars as 2.19's IncludedFile holds them, for `included: … => (item=x)` (the
 * junit callback prints them too).
 * NOTE: 2.19 adds the task's no_log when it is true, loop or not, so an include under no_log shows
 * `(item=(censored due to no_log))` even without a loop; a looped include's no_log is as written
 * (a template is true), another's is templated.
 */
function itemOf(result: DataDict, step: TaskStep): DataDict | undefined {
  const loopVar = result.get('ansible_loop_var');
  if (typeof loopVar !== 'string' || !result.has(loopVar)) return truthy(result.get('_ansible_no_log') ?? false) ? new Map([['_ansible_no_log', true]]) : undefined;
  const noLog = step.folded.scalars.get('no_log')?.value;
  const out = new Map<string, Data>([[loopVar, result.get(loopVar) as Data], ['ansible_loop_var', loopVar]]);
  const indexVar = result.get('ansible_index_var');
  if (typeof indexVar === 'string' && result.has(indexVar)) out.set(indexVar, result.get(indexVar) as Data).set('ansible_index_var', indexVar);
  for (const key of ['_ansible_item_label', 'ansible_loop', '_ansible_no_log']) if (result.has(key)) out.set(key, result.get(key) as Data);
  if (noLog !== undefined && truthy(noLog)) out.set('_ansible_no_log', noLog);
  return out;
}
