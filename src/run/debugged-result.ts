/**
 * Applying a host's result when the task debugger may open on it (strategy debug, the
 * `debugger` keyword, enable_task_debugger). The user may run the task again: the host, its
 * counters and its place in the play go back to before the result, as ansible's redo does.
 */
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { HostCursor } from './host-cursor.js';
import { processResult, type ProcessContext, type Verdict } from './result-processor.js';
import type { AggregateStats } from './stats.js';
import type { ExecOutcome } from './task-executor.js';
import type { TaskNames } from './task-names.js';
import type { Terminal } from './terminal.js';
import type { PlayVars } from './vars-port.js';
import { TaskDebugger, type DebugTarget } from './debugger/task-debugger.js';
import { needsDebugger, type DebuggerSettings } from './debugger/needs-debugger.js';
import { releaseHeld } from './output-capture.js';

/** What settling a result needs from the play runner. */
export interface DebuggedResultContext {
  readonly processCtx: ProcessContext;
  readonly terminal: Terminal | undefined;
  readonly settings: DebuggerSettings | undefined;
  /** strategy debug, or enable_task_debugger: the debugger opens without the keyword. */
  readonly globally: boolean;
  readonly stats: AggregateStats;
  readonly failedHosts: Set<string>;
  readonly templar: TemplateRenderer;
  readonly playVars: PlayVars;
  readonly names: TaskNames;
  cursor(host: string): HostCursor | undefined;
  /** Runs the task on the host (again). */
  run(host: string, step: TaskStep): Promise<ExecOutcome>;
}

export interface SettleOptions {
  readonly ignoreErrors: boolean;
  readonly isInclude: boolean;
  readonly diff: boolean;
  readonly ignoreUnreachable?: boolean;
}

/** Applies the host's result, opening the debugger on it when asked to, and redoing the task as the user says. */
export async function settleWithDebugger(ctx: DebuggedResultContext, host: string, step: TaskStep, first: ExecOutcome, options: SettleOptions): Promise<Verdict> {
  const terminal = ctx.terminal;
  const keyword = step.folded.scalars.get('debugger');
  const globally = ctx.globally;
  const cursor = ctx.cursor(host);
  const watched = terminal !== undefined && cursor !== undefined && (globally || keyword !== undefined);
  const restore = watched ? cursor.snapshot() : undefined;
  let outcome = first;
  let name: string | undefined;
  let verdict = processResult(ctx.processCtx, host, step, outcome, options);
  while (restore && terminal) {
    const setting = keyword === undefined || keyword.value === null ? undefined : debuggerKeyword(ctx, keyword.value, host, step);
    if (!needsDebugger(setting, globally, verdict, options.ignoreErrors, ctx.settings)) break;
    // Under free the result may be held back for its pass: the prompt asks about it, so show it.
    releaseHeld();
    const answer = await new TaskDebugger(terminal, debugTarget(ctx, step, host, outcome, name)).run();
    if (answer.action === 'continue') break;
    name = answer.name;
    restore();
    takeBackCounts(ctx, host, verdict, outcome.result);
    ctx.failedHosts.delete(host);
    outcome = await ctx.run(host, { ...step, task: { ...step.task, args: answer.args } });
    verdict = processResult(ctx.processCtx, host, step, outcome, options);
  }
  return verdict;
}

/**
 * What 2.19 takes back from the recap before a redo: the counter of each status the result has
 * (failed, unreachable, changed, skipped), then one `ok` whatever the status, none below zero; so
 * a failure redone also costs an `ok` counted before it, and a failed result that says changed a
 * `changed`.
 */
function takeBackCounts(ctx: DebuggedResultContext, host: string, verdict: Verdict, result: DataDict): void {
  if (verdict === 'failed' || verdict === 'ignored') ctx.stats.decrement('failures', host);
  if (verdict === 'unreachable') ctx.stats.decrement('unreachable', host);
  if (truthy(result.get('changed'))) ctx.stats.decrement('changed', host);
  if (verdict === 'skipped') ctx.stats.decrement('skipped', host);
  ctx.stats.decrement('ok', host);
}

function debuggerKeyword(ctx: DebuggedResultContext, value: Data, host: string, step: TaskStep): string {
  const text = pyStr(value);
  const templar = ctx.templar;
  if (!templar.isTemplate(text)) return text;
  try {
    return pyStr(templar.render(text, ctx.playVars.forTask(host, step)));
  } catch {
    // the task already failed on it ("Error processing keyword 'debugger'"): the text names no
    // debugger setting, so no debugger opens
    return text;
  }
}

/** What the debugger shows of a task on a host: its name, templated arguments, variables, result. */
function debugTarget(ctx: DebuggedResultContext, step: TaskStep, host: string, outcome: ExecOutcome, redoneAs?: string): DebugTarget {
  const templar = ctx.templar;
  const render = (vars: VarSource): DataDict => {
    try {
      const args = templar.renderDeep(step.task.args, vars);
      return isDict(args) ? args : new Map(step.task.args);
    } catch {
      return new Map(step.task.args);
    }
  };
  const vars = ctx.playVars.forTask(host, step);
  const name = ctx.names.nameOf(step, host);
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
