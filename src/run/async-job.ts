/**
 * A task's `async`/`poll`, as ansible's TaskExecutor runs them: the module starts as a background
 * job on the host; with `poll > 0` the controller asks async_status every `poll` seconds until the
 * job is finished or `async` seconds have gone by, then removes the job's status file.
 */
import { truthy, type Data, type DataDict } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import type { ErrorLink } from './task-error.js';
import { keywordWholeInt } from './keyword-values.js';
import type { Keyword } from '../playbook/model.js';

export interface AsyncSettings {
  /** Seconds the job may run (`async`). */
  readonly seconds: number;
  /** Seconds between status checks; 0 is fire-and-forget. */
  readonly poll: number;
}

/** ansible's DEFAULT_POLL_INTERVAL when ansible.cfg does not set it. */
const DEFAULT_POLL = 15;

/**
 * Actions ansible runs through a plugin that does not set `_supports_async` (besides Volant's
 * controller-side actions, which never do): starting one as a job fails the task.
 */
const NO_ASYNC_MODULES = new Set(['unarchive', 'assemble', 'reboot', 'wait_for_connection', 'async_status', 'gather_facts', 'include_vars']);

/** A failure the controller raised, shown as its own words under "Task failed." (no "Action failed."). */
export const controllerFailures = new WeakMap<DataDict, readonly ErrorLink[]>();

export function asyncSettings(
  step: TaskStep,
  render: (kw: Keyword | undefined) => Keyword | undefined,
  defaultPoll = DEFAULT_POLL,
): AsyncSettings | undefined {
  const keywords = step.task.keywords;
  const seconds = keywordWholeInt(render(keywords.get('async') ?? keywords.get('async_val'))) ?? 0;
  if (seconds <= 0) return undefined;
  const poll = keywordWholeInt(render(keywords.get('poll'))) ?? (Number.isFinite(defaultPoll) ? defaultPoll : DEFAULT_POLL);
  return { seconds, poll: Math.max(0, poll) };
}

/** The failure ansible's ActionBase.run raises for an action without async support, or undefined. */
export function asyncUnsupported(action: string, isControllerAction: boolean): DataDict | undefined {
  if (!isControllerAction && !NO_ASYNC_MODULES.has(action)) return undefined;
  const msg = `This action (${action}) does not support async.`;
  const result = new Map<string, Data>([['failed', true], ['msg', msg]]);
  controllerFailures.set(result, [{ message: msg }]);
  return result;
}

export interface AsyncPollHooks {
  /** Runs async_status on the host with these arguments (jid, mode). */
  status(args: DataDict): Promise<DataDict>;
  /** A check that found the job still running (v2_runner_on_async_poll). */
  onPoll(result: DataDict): void;
  sleep(ms: number): Promise<void>;
}

/**
 * Polls a started job (`launch` is the start result) to its end. Returns the job's final result,
 * or the failure ansible gives when the job is not done within `settings.seconds`.
 */
export async function pollAsyncJob(launch: DataDict, settings: AsyncSettings, hooks: AsyncPollHooks): Promise<DataDict> {
  const jid = launch.get('ansible_job_id');
  if (jid === undefined || jid === null) {
    return new Map<string, Data>([['failed', true], ['msg', 'No job id was returned by the async task']]);
  }
  let last: DataDict = new Map();
  let timeLeft = settings.seconds;
  while (timeLeft > 0) {
    await hooks.sleep(settings.poll * 1000);
    last = await hooks.status(new Map<string, Data>([['jid', jid]]));
    if (truthy(last.get('finished')) || truthy(last.get('failed')) || truthy(last.get('skipped'))) break;
    timeLeft -= settings.poll;
    hooks.onPoll(last);
  }
  if (!truthy(last.get('finished'))) {
    const msg = `async task did not complete within the requested time - ${settings.seconds}s`;
    const failure = new Map<string, Data>([['failed', true], ['msg', msg], ['async_result', last]]);
    // NOTE: the controller gave up, not the module: 2.19 says "Action failed", also for a module task.
    controllerFailures.set(failure, [{ message: 'Action failed.' }, { message: msg }]);
    return failure;
  }
  // NOTE: like ansible, a finished job's status file is removed right away; its result is kept.
  await hooks.status(new Map<string, Data>([['jid', jid], ['mode', 'cleanup']])).catch(() => undefined);
  return last;
}

/** Renders a keyword whose value is a template (async/poll may be written as `{{ n }}`). */
export function renderKeyword(templar: TemplateRenderer, vars: VarSource): (kw: Keyword | undefined) => Keyword | undefined {
  return (kw) => {
    if (!kw || typeof kw.value !== 'string' || !templar.isTemplate(kw.value)) return kw;
    return { ...kw, value: templar.render(kw.value, vars, { origin: kw.loc }) };
  };
}
