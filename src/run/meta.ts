/**
 * meta: tasks act on the play itself (handlers, hosts, facts), once for every host waiting at
 * them, on the controller. They print their banner and, when `when` skips them, `skipping:`.
 */
import { pyStr, type Data } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import type { TaskStep } from '../compile/program.js';
import type { Callback, TaskInfo } from './events.js';
import type { HostCursor } from './host-cursor.js';
import type { Transport } from './transport.js';
import type { VarsPort } from './vars-port.js';

export interface MetaContext {
  readonly cursors: ReadonlyMap<string, HostCursor>;
  activeHosts(): string[];
  flushHandlers(hosts: readonly string[]): Promise<void>;
  /**
   * The free strategy runs the handlers a meta flush_handlers triggers one per pass, as tasks: true
   * when it took the hosts for that (they stay at the meta step until their handlers are done).
   */
  deferFlush?(hosts: readonly string[]): boolean;
  endPlay(): void;
  /**
   * end_batch/end_play complete every host's Blocks: hosts failed inside the play's own no longer
   * count as failed for the batch's result, and no flush runs after.
   */
  forgiveInnerFailures?(fromHandler: boolean): void;
  readonly failedHosts: Set<string>;
  readonly markedFailed: Set<string>;
  readonly unreachable: Set<string>;
  readonly vars: VarsPort;
  readonly callback: Callback;
  readonly transport: Transport;
  taskInfo(step: TaskStep, host: string): TaskInfo;
  evaluateWhen(step: TaskStep, host: string): boolean;
  /** Shows (at -vv) the handlers this host notified since its last flush. */
  announceHandlers?(host: string): void;
  /**
   * meta: refresh_inventory: reads the inventory sources again (add_host and group_by replayed);
   * says which hosts the inventory still has.
   */
  refreshInventory?(): (host: string) => boolean;
  /** free: the host's last result is not applied yet (2.19 has not read it): clear_host_errors comes before it. */
  resultPending?(host: string): boolean;
  /** 2.19 asked for the host's variables with the play's (see vars-files-read.ts). */
  varsAsked?(host: string): void;
}

// NOTE: end_role's "ending role …" is shown only at debug level: 2.19 tells it for the role's
// implicit role_complete task, which it peeked at to end the role.
/** What 2.19 shows at -vv as `META: …` when a meta task runs. */
function doneMessage(action: string, host: string): string | undefined {
  switch (action) {
    case 'noop':
      return 'noop';
    case 'flush_handlers':
      return `triggered running handlers for ${host}`;
    case 'refresh_inventory':
      return 'inventory successfully refreshed';
    case 'clear_facts':
      return 'facts cleared';
    case 'clear_host_errors':
      return 'cleared host errors';
    case 'end_batch':
      return 'ending batch';
    case 'end_play':
      return 'ending play';
    case 'end_host':
      return `ending play for ${host}`;
    case 'reset_connection':
      return 'reset connection';
    default:
      return undefined;
  }
}

const NO_WHEN = new Set(['noop', 'refresh_inventory', 'reset_connection']);
/** Metas ansible runs for each host; the others run once, for the first host, and act on all. */
const PER_HOST = new Set(['noop', 'reset_connection', 'end_host', 'role_complete', 'flush_handlers', 'end_role']);

export async function runMeta(ctx: MetaContext, step: TaskStep, hosts: readonly string[]): Promise<void> {
  const action = pyStr(step.task.args.get('_raw_params') ?? '').trim();
  const flushFor: string[] = [];
  const once = !PER_HOST.has(action);
  for (const host of once ? hosts.slice(0, 1) : hosts) {
    ctx.varsAsked?.(host);
    // NOTE: ansible announces a meta task once per host it runs for.
    if (!step.implicit) {
      const info = ctx.taskInfo(step, host);
      // A meta handler is announced as the handler it is (RUNNING HANDLER).
      if (step.task.isHandler) ctx.callback.handlerTaskStart?.(info);
      else ctx.callback.taskStart?.(info);
    }
    // NOTE: 2.19 warns as it runs one of these for a host (the display shows a warning once).
    if (NO_WHEN.has(action) && step.folded.when.length > 0) ctx.callback.warning?.(`${action} task does not support when conditional`);
    const cursor = ctx.cursors.get(host);
    // its `when` is templated with the host's variables asked for again
    const conditional = !NO_WHEN.has(action) && step.folded.when.length > 0;
    if (conditional && action !== 'role_complete') ctx.varsAsked?.(host);
    const applies = !conditional || ctx.evaluateWhen(step, host);
    const verbose = (text: string): void => {
      if (!step.implicit) ctx.callback.display?.(`META: ${text}`, { verbosity: 2 });
    };
    if (!applies) {
      const why = skipReason(action, `${action} conditional evaluated to False`, host, step.role?.def.name);
      verbose(why);
      // NOTE: 2.19's end_host repeats its reason as msg, with a lower-case "false".
      const msg = action === 'end_host' ? `end_host conditional evaluated to false, continuing execution for ${host}` : action;
      ctx.callback.runnerSkipped?.({
        host,
        task: ctx.taskInfo(step, host),
        result: new Map<string, Data>([['msg', msg], ['skipped', true], ['skip_reason', why]]),
      });
      // A meta run once is skipped for every host waiting at it, as the first host's `when` says.
      for (const h of once ? hosts : [host]) ctx.cursors.get(h)?.advance();
      continue;
    }
    if (action === 'flush_handlers') ctx.announceHandlers?.(host);
    const done = doneMessage(action, host);
    // refresh_inventory says so once the sources are read again.
    if (done !== undefined && action !== 'refresh_inventory') verbose(done);
    switch (action) {
      case 'noop':
      case 'role_complete':
        cursor?.advance();
        break;
      case 'flush_handlers':
        flushFor.push(host);
        break;
      case 'clear_facts':
        for (const h of hosts) ctx.vars.clearFacts(h);
        for (const h of hosts) ctx.cursors.get(h)?.advance();
        break;
      case 'refresh_inventory':
        {
          // 2.19 lists the play's hosts again: one the sources no longer have leaves the play.
          const known = ctx.refreshInventory?.();
          if (known) for (const [h, cursor] of ctx.cursors) if (!known(h)) cursor.end();
          if (done !== undefined) verbose(done);
        }
        for (const h of hosts) ctx.cursors.get(h)?.advance();
        break;
      case 'clear_host_errors':
        // NOTE: an unreachable host of the batch comes back too, at the task after the one it
        // could not reach; linear runs it once the others have passed that point.
        for (const h of ctx.cursors.keys()) {
          if (ctx.resultPending?.(h)) continue;
          ctx.failedHosts.delete(h);
          ctx.markedFailed.delete(h);
          ctx.unreachable.delete(h);
          ctx.cursors.get(h)?.revive();
        }
        for (const h of hosts) ctx.cursors.get(h)?.advance();
        break;
      case 'end_batch':
      case 'end_play':
        ctx.forgiveInnerFailures?.(step.task.isHandler);
        for (const h of ctx.activeHosts()) ctx.cursors.get(h)?.end();
        if (action === 'end_play') ctx.endPlay();
        return;
      case 'end_host':
        cursor?.end();
        break;
      case 'end_role':
        cursor?.skipRole(step.role);
        break;
      case 'reset_connection':
        // it asks for the host's variables again to set up the connection it resets
        ctx.varsAsked?.(host);
        await ctx.transport.reset(host);
        cursor?.advance();
        break;
      default:
        throw new VolantError('meta-invalid', `invalid meta action requested: ${action}`, { location: step.task.loc });
    }
  }
  if (flushFor.length > 0) {
    if (ctx.deferFlush?.(flushFor)) return;
    await ctx.flushHandlers(flushFor);
    // A failed handler may have sent the host to its block's rescue or always.
    for (const h of flushFor) ctx.cursors.get(h)?.advancePast(step);
  }
}

function skipReason(action: string, base: string, host: string, role: string | undefined): string {
  switch (action) {
    case 'flush_handlers':
      return `${base}, not running handlers for ${host}`;
    case 'clear_facts':
      return `${base}, not clearing facts and fact cache for ${host}`;
    case 'clear_host_errors':
      return `${base}, not clearing host error state for ${host}`;
    case 'end_batch':
      return `${base}, continuing current batch`;
    case 'end_play':
      return `${base}, continuing play`;
    case 'end_host':
      return `${base}, continuing execution for ${host}`;
    case 'end_role':
      // NOTE: 2.19 appends this reason with no separator.
      return `${base}continuing role ${role ?? ''} for ${host}`;
    default:
      return base;
  }
}
