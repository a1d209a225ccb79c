/**
 * Applies one host's task result, as ansible's StrategyBase._process_pending_results does:
 * stats, the host's cursor, callbacks, notifications, facts, register.
 */
import { isTaggedContainer, markTaggedContainer } from '../core/tagged-containers.js';
import { shorten } from '../core/text-shorten.js';
import { registeredValue } from './registered-overrides.js';
import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import { setKeyOrigin } from '../inventory/key-origins.js';
import type { TaskStep } from '../compile/program.js';
import type { Callback, HostResult } from './events.js';
import type { HostCursor } from './host-cursor.js';
import type { Notifications } from './notifications.js';
import { failedTaskData } from './failed-task-data.js';
import type { AggregateStats } from './stats.js';
import type { VarsPort } from './vars-port.js';
import type { ExecOutcome } from './task-executor.js';
import { INVENTORY_ACTIONS } from './inventory-actions.js';
import { dynamicHostName } from './dynamic-host-name.js';
import { failureEvent } from './failure-event.js';
import { capturedErrorEvent } from './captured-exception.js';
import { keywordBool, keywordText } from './keyword-values.js';
import { holdBack } from './output-capture.js';
import { unhashableNotification } from './unhashable-notification.js';

export interface ProcessContext {
  readonly stats: AggregateStats;
  readonly callback: Callback;
  readonly vars: VarsPort;
  readonly notifications: Notifications;
  readonly cursors: ReadonlyMap<string, HostCursor>;
  /** Hosts that became unreachable during the run. */
  readonly unreachable: Set<string>;
  readonly warn: (message: string) => void;
  /** error_on_missing_handler is off: notifying a handler that does not exist only warns. */
  readonly missingHandlerWarns?: boolean;
  taskInfo(step: TaskStep, host: string): HostResult['task'];
  /** add_host / group_by change the inventory. */
  /** Return whether the inventory changed: the result's `changed` says so, as in ansible. */
  addHost?(name: string, groups: readonly string[], vars: DataDict): boolean;
  addGroup?(host: string, groups: readonly string[], parents: readonly string[]): boolean;
  setStats?(data: DataDict, perHost: boolean, aggregate: boolean, host: string): void;
  /**
   * The hosts a result's register, facts and per-host stats go to (2.19's get_task_hosts): under
   * free and host_pinned, where every host runs a run_once task, the batch's reachable hosts.
   */
  taskHosts?(step: TaskStep, host: string): readonly string[];
}

export type Verdict = 'ok' | 'failed' | 'ignored' | 'skipped' | 'unreachable';

/** Actions that change inventory or facts rather than the host. */
const SET_FACT = new Set(['set_fact']);
const INCLUDE_VARS = new Set(['include_vars']);

/**
 * 2.19's TaskResult.is_failed: failed_when's verdict when the result or any loop item has one (a
 * loop item whose action raised has none, so it counts as not failed), else `failed`.
 */
function isFailed(result: DataDict): boolean {
  const raw = result.get('results');
  const items = Array.isArray(raw) ? raw.filter(isDict) : [];
  const key = result.has('failed_when_result') || items.some((x) => x.has('failed_when_result')) ? 'failed_when_result' : 'failed';
  if (result.has(key)) return truthy(result.get(key));
  return items.some((x) => truthy(x.get(key)));
}

export function processResult(
  ctx: ProcessContext,
  host: string,
  step: TaskStep,
  outcome: ExecOutcome,
  /** `notify: false`: the result is another host's (run_once), whose notifications stay its own. */
  options: { ignoreErrors: boolean; isInclude: boolean; diff?: boolean; ignoreUnreachable?: boolean; notify?: boolean },
): Verdict {
  const task = step.task;
  const result = outcome.result;
  // A loop's items showed their own errors; its whole result shows none (a module's own `results`, as
  // dnf's, is no loop: its failure shows its error).
  const loopResult = result.has('results') && Boolean(task.keywords.has('loop') || task.withLookup);
  const cursor = ctx.cursors.get(host);
  const info = ctx.taskInfo(outcome.ranAs ?? step, host);
  const base = { host, task: info, result, ...(outcome.delegatedTo ? { delegatedTo: outcome.delegatedTo } : {}), ...(outcome.warnings ? { warnings: outcome.warnings } : {}), ...(outcome.deprecations ? { deprecations: outcome.deprecations } : {}), ...(outcome.ranArgs ? { ranArgs: outcome.ranArgs } : {}) };
  let verdict: Verdict;
  if (isFailed(result)) {
    let error = failureEvent(task.implicit ? undefined : task.loc, result, outcome.error, outcome.failKind, outcome.bare);
    if (task.synthetic !== undefined && !outcome.bare) {
      // NOTE: a task ansible made itself has no origin; 2.19 shows its data, shortened (an error
      // raised in it, a template's, keeps its own origin below as the cause).
      const { origin: _origin, ...rest } = error;
      error = { ...rest, context: `Origin: <unknown>\n\n${shorten(task.synthetic, 120)}` };
    }
    if (!options.ignoreErrors) {
      const fail = cursor?.fail();
      if (fail?.rescued) {
        ctx.stats.increment('rescued', host);
        ctx.vars.setNonPersistent(host, new Map<string, Data>([
          ['ansible_failed_task', failedTaskData(step)],
          // NOTE: 2.19 hands the rescue the result as the strategy got it, internal keys and all
          // (`_ansible_no_log`, `_ansible_parsed`, an item's flags); only the registered copy is clean.
          ['ansible_failed_result', result],
        ]));
      } else {
        ctx.stats.increment('failures', host);
      }
      verdict = 'failed';
      ctx.callback.runnerFailed?.({ ...base, ...(loopResult ? {} : { error }) });
    } else {
      ctx.stats.increment('ok', host);
      ctx.stats.increment('ignored', host);
      if (truthy(result.get('changed'))) ctx.stats.increment('changed', host);
      verdict = 'ignored';
      cursor?.advance();
      ctx.callback.runnerFailed?.({ ...base, ignored: true, ...(loopResult ? {} : { error }) });
    }
  } else if (truthy(result.get('unreachable'))) {
    const ignoreUnreachable = options.ignoreUnreachable ?? keywordBool(step.folded.scalars.get('ignore_unreachable')) ?? false;
    if (!ignoreUnreachable) {
      ctx.unreachable.add(host);
      ctx.stats.increment('unreachable', host);
      // It waits at the next step, out of the play unless meta: clear_host_errors brings it back.
      cursor?.advance(false);
    } else {
      ctx.stats.increment('ok', host);
      ctx.stats.increment('ignored', host);
      cursor?.advance();
    }
    verdict = 'unreachable';
    ctx.callback.runnerUnreachable?.({
      ...base,
      ...(ignoreUnreachable ? { ignored: true } : {}),
      // A loop's items showed their own errors; its whole result shows none.
      ...(outcome.error && !loopResult ? { error: failureEvent(task.implicit ? undefined : task.loc, result, outcome.error, outcome.failKind) } : {}),
    });
  } else if (truthy(result.get('skipped'))) {
    ctx.stats.increment('skipped', host);
    cursor?.advance();
    verdict = 'skipped';
    ctx.callback.runnerSkipped?.(base);
  } else {
    const items: DataDict[] = task.keywords.has('loop') || task.withLookup
      ? ((result.get('results') as Data[] | undefined) ?? []).filter(isDict)
      : [result];
    const looped = items[0] !== result;
    // NOTE: 2.19 sends every item's notifications when the task as a whole changed (its
    // TaskResult.is_changed), an item that did not change among them.
    const changed = result.has('changed') ? truthy(result.get('changed')) : items.some((item) => truthy(item.get('changed')));
    const notifies = (options.notify ?? true) && changed;
    for (const item of items) {
      applyItem(ctx, host, step, item, notifies, info.isHandler);
      if (looped && INVENTORY_ACTIONS.has(task.action)) {
        if (truthy(item.get('changed'))) result.set('changed', true);
        ctx.callback.itemOk?.({ host, task: info, result: item, ...(outcome.delegatedTo ? { delegatedTo: outcome.delegatedTo } : {}) });
      }
    }
    if (!options.isInclude) {
      ctx.stats.increment('ok', host);
      if (truthy(result.get('changed'))) ctx.stats.increment('changed', host);
    }
    if (!options.isInclude) cursor?.advance();
    verdict = 'ok';
    if (result.has('diff') && (options.diff ?? false)) ctx.callback.fileDiff?.(base);
    // NOTE: until's last attempt marks the result failed after failed_when said no: 2.19 shows it ok
    // (failed_when_result decides) but shows the failure's error above it.
    const failedAnyway = truthy(result.get('failed')) && !result.has('results');
    const error = failedAnyway ? failureEvent(task.implicit ? undefined : task.loc, result, outcome.error, outcome.failKind) : capturedErrorEvent(result);
    // An include's result is shown too (its banner under free; minimal and oneline print it).
    ctx.callback.runnerOk?.({ ...base, ...(error ? { error } : {}) });
  }
  const register = keywordText(task.keywords.get('register'));
  if (register) {
    const clean = stripInternal(result);
    clean.delete('invocation');
    // NOTE: a registered result is data, never a template, even if a module printed `{{`.
    const registered = new Map([[register, registeredValue(result, clean)]]);
    const at = task.keywords.get('register')?.loc;
    if (at) setKeyOrigin(registered, register, at);
    for (const target of ctx.taskHosts?.(step, host) ?? [host]) onceShown(() => ctx.vars.setNonPersistent(target, registered));
  }
  return verdict;
}

/**
 * A result's register and facts are the hosts' once 2.19 reads the result, as it is shown: under
 * free that is when the pass ends (the host itself waits till then), and the tasks other hosts
 * queued before then do not see what a run_once result gives them; results read in turn.
 */
function onceShown(apply: () => void): void {
  if (!holdBack(apply)) apply();
}

/** `notifies`: the item's notifications are sent (the task changed, and they are the host's own). */
function applyItem(ctx: ProcessContext, host: string, step: TaskStep, item: DataDict, notifies: boolean, byHandler = false): void {
  const notify = item.get('_ansible_notify');
  if (notifies && Array.isArray(notify)) {
    for (const n of notify) {
      const name = pyStr(n);
      const crash = unhashableNotification(n);
      if (crash !== undefined && ctx.notifications.hasNamedHandler()) throw crash;
      // NOTE: 2.19 compares a notification as it is (Python's ==): the number 2 reaches a handler
      // named 2, not one named '2'; a list reaches none.
      if (!ctx.notifications.exists(n)) {
        const message = `The requested handler '${name}' was not found in either the main handlers list nor in the listening handlers list`;
        // NOTE: 2.19 errors here by default (ERROR_ON_MISSING_HANDLER), ending the run.
        if (!ctx.missingHandlerWarns) throw new VolantError('HANDLER_NOT_FOUND', message);
        ctx.warn(message);
        continue;
      }
      if (byHandler) {
        // NOTE: a host running handlers has its notifications resolved (and announced) at once.
        for (const notified of ctx.notifications.notifyNow(host, n)) ctx.callback.handlerNotified?.(notified, host);
        continue;
      }
      ctx.callback.display?.(`Notification for handler ${name} has been saved.`, { verbosity: 2 });
      ctx.notifications.notify(host, n);
    }
  }
  const addHost = item.get('add_host');
  if (isDict(addHost) && ctx.addHost) {
    const groups = addHost.get('groups');
    const hostVars = addHost.get('host_vars');
    const changed = ctx.addHost(dynamicHostName(addHost.get('host_name')), Array.isArray(groups) ? groups.map(pyStr) : [], isDict(hostVars) ? hostVars : new Map());
    item.set('changed', changed);
  }
  const addGroup = item.get('add_group');
  if (addGroup !== undefined && ctx.addGroup) {
    const parents = item.get('parent_groups');
    item.set('changed', ctx.addGroup(host, [pyStr(addGroup)], Array.isArray(parents) ? parents.map(pyStr) : []));
  }
  const facts = item.get('ansible_facts');
  const delegated = item.get('_ansible_delegated_vars');
  const taskHosts = ctx.taskHosts?.(step, host) ?? [host];
  // delegate_facts: the facts belong to the delegated host.
  const factHosts = isDict(delegated) && keywordBool(step.folded.scalars.get('delegate_facts')) ? [pyStr(delegated.get('ansible_delegated_host') ?? host)] : taskHosts;
  if (isDict(facts) && step.task.action !== 'debug') {
    for (const target of factHosts) {
      onceShown(() => {
        if (INCLUDE_VARS.has(step.task.action)) {
          ctx.vars.setIncludeVars(target, facts);
        } else if (SET_FACT.has(step.task.action)) {
          if (truthy(item.get('_ansible_facts_cacheable'))) ctx.vars.setFacts(target, facts);
          ctx.vars.setNonPersistent(target, facts);
        } else {
          ctx.vars.setFacts(target, facts);
        }
      });
    }
  }
  const stats = item.get('ansible_stats');
  if (isDict(stats) && ctx.setStats) {
    const data = stats.get('data');
    const perHost = stats.has('per_host') ? truthy(stats.get('per_host')) : true;
    if (isDict(data) && data.size > 0) {
      for (const target of perHost ? taskHosts : [host]) ctx.setStats(data, perHost, truthy(stats.get('aggregate') ?? true), target);
    }
  }
}

/** ansible's strip_internal_keys on a deep copy: `_ansible_*` keys removed at every level. */
export function stripInternal(value: DataDict): DataDict {
  const out = new Map<string | number | boolean | null, Data>();
  for (const [k, v] of value) {
    if (typeof k === 'string' && k.startsWith('_ansible_')) continue;
    out.set(k, stripDeep(v));
  }
  // NOTE: Python's deepcopy keeps a container's class: YAML's dict stays tagged.
  if (isTaggedContainer(value)) markTaggedContainer(out);
  return out;
}

function stripDeep(value: Data): Data {
  if (isDict(value)) return stripInternal(value);
  if (Array.isArray(value)) {
    const out = value.map(stripDeep);
    if (isTaggedContainer(value)) markTaggedContainer(out);
    return out;
  }
  return value;
}

