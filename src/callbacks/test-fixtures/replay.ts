/**
 * Replays an event stream recorded from ansible-core (recorder/volant_record.py) into a Volant
 * Callback, building HostResult/TaskInfo the way the runner will: the raw result dict, the
 * error as a DisplayEvent chain, warnings and deprecations as events.
 */
import { isDict, type Data, type DataDict } from '../../core/data.js';
import { parseJson } from '../../core/json.js';
import type { Callback, DeprecationEvent, DisplayEvent, HostCounts, HostResult, Stats, TaskInfo } from '../../run/events.js';

type Rec = DataDict;

function str(v: Data | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function get(d: Data | undefined, key: string): Data | undefined {
  return isDict(d) ? d.get(key) : undefined;
}

/** `Origin: file:line:col` at the head of a recorded source context. */
function originOf(context: string): { file: string; line: number; column: number } | undefined {
  const m = /^Origin: (.*?):(\d+)(?::(\d+))?$/m.exec(context.split('\n')[0] ?? '');
  if (!m || m[1] === undefined || m[2] === undefined) return undefined;
  return { file: m[1], line: Number(m[2]), column: m[3] === undefined ? 0 : Number(m[3]) };
}

/** A recorded ansible Event as the DisplayEvent the runner would build. */
export function eventFrom(ev: Data | undefined): DisplayEvent | undefined {
  if (!isDict(ev)) return undefined;
  const context = str(ev.get('source_context'));
  const origin = context === undefined ? undefined : originOf(context);
  const chain = ev.get('chain');
  const cause = eventFrom(get(chain, 'event'));
  const subs = ev.get('events');
  const out: DisplayEvent = {
    message: str(ev.get('msg')) ?? '',
    ...(origin ? { origin } : context !== undefined ? { context } : {}),
    ...(str(ev.get('help_text')) ? { help: str(ev.get('help_text')) } : {}),
    ...(cause ? { cause, causeReason: str(get(chain, 'msg_reason')) } : {}),
    ...(Array.isArray(subs) ? { events: subs.map((s) => eventFrom(s)).filter((e): e is DisplayEvent => e !== undefined) } : {}),
  };
  return out;
}

function summaryEvent(s: Data | undefined): DisplayEvent | undefined {
  return eventFrom(get(s, 'event'));
}

/** Replaces recorded summary objects in a raw result with what a Volant result holds. */
export function plainResult(value: Data): Data {
  if (Array.isArray(value)) return value.map(plainResult);
  if (!isDict(value)) return value;
  if (value.has('__summary__')) {
    const kind = value.get('__summary__');
    const ev = get(value, 'event');
    if (kind === 'ErrorSummary') return '(traceback unavailable)';
    if (kind === 'WarningSummary') return str(get(ev, 'msg')) ?? '';
    return new Map<string, Data>([['msg', str(get(ev, 'msg')) ?? '']]);
  }
  const out: DataDict = new Map();
  for (const [k, v] of value) out.set(k, plainResult(v));
  return out;
}

/** `file:line` (ansible's get_path) as a location. */
function locOf(path: string): { file: string; line: number; column: number } {
  const i = path.lastIndexOf(':');
  return { file: i < 0 ? path : path.slice(0, i), line: i < 0 ? 0 : Number(path.slice(i + 1)), column: 0 };
}

function taskInfo(t: Data | undefined, handler: boolean): TaskInfo {
  const args = get(t, 'args');
  return {
    id: str(get(t, 'uuid')),
    name: str(get(t, 'name')) ?? '',
    action: str(get(t, 'action')) ?? '',
    actionWritten: str(get(t, 'action')) ?? '',
    loc: locOf(str(get(t, 'path')) ?? ''),
    isHandler: handler,
    noLog: get(t, 'no_log') === true,
    checkMode: get(t, 'check_mode') === true,
    diff: get(t, 'diff') === true,
    loop: get(t, 'loop') === true,
    ...(str(get(t, 'delegate_to')) ? { delegateTo: str(get(t, 'delegate_to')) } : {}),
    ...(get(t, 'ignore_unreachable') === true ? { ignoreUnreachable: true } : {}),
    ...(str(get(t, 'role')) ? { role: str(get(t, 'role')) } : {}),
    ...(isDict(args) ? { args } : {}),
  };
}

function deprecationOf(d: Data | undefined, rec?: Rec): DeprecationEvent {
  const ev = summaryEvent(d) ?? { message: '' };
  return {
    ...ev,
    ...(rec && str(rec.get('version')) ? { version: str(rec.get('version')) } : {}),
    ...(rec && str(rec.get('date')) ? { date: str(rec.get('date')) } : {}),
    ...(rec && str(rec.get('collection')) ? { collection: str(rec.get('collection')) } : {}),
  };
}

function hostResult(rec: Rec, handlerTasks: Set<string>): HostResult {
  const t = rec.get('task');
  const task = taskInfo(t, handlerTasks.has(str(get(t, 'uuid')) ?? ''));
  const raw = rec.get('raw');
  const exc = get(raw, 'exception');
  const warnings = get(raw, 'warnings');
  const deprecations = get(raw, 'deprecations');
  return {
    host: str(rec.get('host')) ?? '',
    task,
    result: plainResult(isDict(raw) ? raw : new Map()) as DataDict,
    ...(rec.get('ignore_errors') === true ? { ignored: true } : {}),
    ...(isDict(exc) ? { error: summaryEvent(exc) } : {}),
    ...(Array.isArray(warnings) ? { warnings: warnings.map((w) => summaryEvent(w) ?? { message: '' }) } : {}),
    ...(Array.isArray(deprecations) ? { deprecations: deprecations.map((d) => deprecationFromRaw(d)) } : {}),
  };
}

/** A recorded raw DeprecationSummary carries its deprecator; the summary text has the rest. */
function deprecationFromRaw(d: Data): DeprecationEvent {
  const ev = summaryEvent(d) ?? { message: '' };
  const text = str(get(d, 'text')) ?? '';
  const m = /This feature will be removed from (ansible-core|collection '([^']*)') (?:version (\S+)|in a release after (\S+))\.(?:\n|$)/.exec(text);
  if (!m) return ev;
  return {
    ...ev,
    collection: m[1] === 'ansible-core' ? 'ansible.builtin' : m[2],
    ...(m[3] ? { version: m[3] } : {}),
    ...(m[4] ? { date: m[4] } : {}),
  };
}

function stats(rec: Rec): Stats {
  const hosts = (rec.get('hosts') as Data[]).map((h) => String(h));
  const summary = rec.get('summary');
  const custom = rec.get('custom');
  return {
    hosts,
    summarize(host: string): HostCounts {
      const s = get(summary, host);
      const n = (k: string): number => Number(get(s, k) ?? 0);
      return { ok: n('ok'), changed: n('changed'), unreachable: n('unreachable'), failures: n('failures'), skipped: n('skipped'), rescued: n('rescued'), ignored: n('ignored') };
    },
    ...(isDict(custom) ? { custom } : {}),
  };
}

/**
 * Feeds every recorded event of `jsonl` to `cb`, in order. `onTime` hears each event's recorded
 * time first (seconds since the epoch), for callbacks that read the clock.
 */
export function replay(jsonl: string, cb: Callback, onTime?: (seconds: number) => void): void {
  const handlerTasks = new Set<string>();
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const rec = parseJson(line) as Rec;
    const kind = str(rec.get('event'));
    const t = rec.get('t');
    if (onTime && t !== undefined) onTime(Number(t));
    // NOTE: ansible sends implicit tasks (flush_handlers meta) only to callbacks that ask; the
    // default callback does not, and the runner does not emit them.
    if (get(rec.get('task'), 'implicit') === true) continue;
    switch (kind) {
      case 'playbook_start':
        cb.playbookStart?.(str(rec.get('file')) ?? '');
        break;
      case 'play_start':
        cb.playStart?.({
          name: str(rec.get('name')) ?? '',
          loc: locOf(str(rec.get('path')) ?? ''),
          ...(str(rec.get('id')) ? { id: str(rec.get('id')) } : {}),
          checkMode: rec.get('check_mode') === true,
          strategy: str(rec.get('strategy')) ?? 'linear',
        });
        break;
      case 'task_start':
        cb.taskStart?.(taskInfo(rec.get('task'), false));
        break;
      case 'handler_task_start': {
        const uuid = str(get(rec.get('task'), 'uuid'));
        if (uuid) handlerTasks.add(uuid);
        cb.handlerTaskStart?.(taskInfo(rec.get('task'), true));
        break;
      }
      case 'no_hosts_matched':
        cb.noHostsMatched?.();
        break;
      case 'no_hosts_remaining':
        cb.noHostsRemaining?.();
        break;
      case 'notify':
        cb.handlerNotified?.(str(rec.get('handler')) ?? '', str(rec.get('host')) ?? '');
        break;
      case 'include': {
        const vars = rec.get('vars');
        cb.include?.(str(rec.get('file')) ?? '', (rec.get('hosts') as Data[]).map(String), isDict(vars) && vars.size > 0 ? vars : undefined);
        break;
      }
      case 'runner_start':
        cb.runnerStart?.(str(rec.get('host')) ?? '', taskInfo(rec.get('task'), handlerTasks.has(str(get(rec.get('task'), 'uuid')) ?? '')));
        break;
      case 'runner_ok':
        cb.runnerOk?.(hostResult(rec, handlerTasks));
        break;
      case 'runner_failed':
        cb.runnerFailed?.(hostResult(rec, handlerTasks));
        break;
      case 'runner_skipped':
        cb.runnerSkipped?.(hostResult(rec, handlerTasks));
        break;
      case 'runner_unreachable':
        cb.runnerUnreachable?.(hostResult(rec, handlerTasks));
        break;
      case 'item_ok':
        cb.itemOk?.(hostResult(rec, handlerTasks));
        break;
      case 'item_failed':
        cb.itemFailed?.(hostResult(rec, handlerTasks));
        break;
      case 'item_skipped':
        cb.itemSkipped?.(hostResult(rec, handlerTasks));
        break;
      case 'runner_retry':
        cb.runnerRetry?.(hostResult(rec, handlerTasks));
        break;
      case 'async_poll':
        cb.asyncPoll?.(hostResult(rec, handlerTasks));
        break;
      case 'async_ok':
        cb.asyncOk?.(hostResult(rec, handlerTasks));
        break;
      case 'async_failed':
        cb.asyncFailed?.(hostResult(rec, handlerTasks));
        break;
      case 'file_diff':
        cb.fileDiff?.(hostResult(rec, handlerTasks));
        break;
      case 'warning':
        cb.warning?.(summaryEvent(rec.get('warning')) ?? { message: '' });
        break;
      case 'deprecation':
        cb.deprecation?.(deprecationOf(rec.get('deprecation'), rec));
        break;
      case 'verbose': {
        const host = str(rec.get('host'));
        cb.display?.(str(rec.get('msg')) ?? '', { verbosity: Number(rec.get('caplevel') ?? 2) + 1, ...(host ? { host } : {}) });
        break;
      }
      case 'stats':
        cb.stats?.(stats(rec));
        break;
      default:
        break;
    }
  }
}
