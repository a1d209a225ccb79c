/**
 * ansible_failed_task: 2.19 sets it to the failed task's serialize(), every field attribute of the
 * task with its value, plus its uuid. Volant gives the keywords as written (those a task inherits
 * folded in, conditions and tags of enclosing blocks and the play first), and 2.19's defaults for
 * the rest.
 */
import { randomBytes } from 'node:crypto';
import { PyFloat, isDict, type Data, type DataDict } from '../core/data.js';
import type { TaskStep } from '../compile/program.js';
import type { Keyword } from '../playbook/model.js';

/** 2.19's defaults for the task attributes a task does not set (C.DEFAULT_TRANSPORT, C.DEFAULT_POLL_INTERVAL …). */
const DEFAULTS: readonly (readonly [string, () => Data])[] = [
  ['any_errors_fatal', () => false],
  ['become', () => false],
  ['become_exe', () => null],
  ['become_flags', () => null],
  ['become_method', () => 'sudo'],
  ['become_user', () => null],
  ['check_mode', () => false],
  ['collections', () => []],
  ['connection', () => 'ssh'],
  ['debugger', () => null],
  ['delay', () => new PyFloat(5)],
  ['delegate_facts', () => null],
  ['delegate_to', () => null],
  ['diff', () => false],
  ['ignore_errors', () => null],
  ['ignore_unreachable', () => null],
  ['loop', () => null],
  ['no_log', () => false],
  ['notify', () => null],
  ['poll', () => 15],
  ['port', () => null],
  ['register', () => null],
  ['remote_user', () => null],
  ['retries', () => null],
  ['run_once', () => null],
  ['throttle', () => 0],
  ['timeout', () => 0],
];

const LOOP_CONTROL_DEFAULTS: readonly (readonly [string, () => Data])[] = [
  ['break_when', () => []],
  ['extended', () => null],
  ['extended_allitems', () => true],
  ['index_var', () => null],
  ['label', () => null],
  ['loop_var', () => 'item'],
  ['pause', () => new PyFloat(0)],
];

/** 2.19's uuids: a per-run prefix and a counter; Volant counts steps. Made on first use, so a run
 * that fails no task never loads node's crypto module. */
let uuidPrefix: string | undefined;

function uuidOf(n: number): string {
  uuidPrefix ??= randomBytes(8).toString('hex').replace(/^(.{8})(.{4})(.{4})$/, '$1-0001-$2-$3-');
  return `${uuidPrefix}${n.toString(16).padStart(12, '0')}`;
}

function listOf(value: Data): Data[] {
  return Array.isArray(value) ? value : [value];
}

/** The failed task as 2.19's Task.serialize() shows it (keys sorted, as the callbacks print them). */
export function failedTaskData(step: TaskStep): DataDict {
  const task = step.task;
  const own = (name: string): Keyword | undefined => task.keywords.get(name);
  const value = (name: string): Data | undefined => (step.folded.scalars.get(name) ?? own(name))?.value;
  const out = new Map<string, Data>();
  for (const [name, dflt] of DEFAULTS) {
    const v = value(name);
    out.set(name, v === undefined ? dflt() : v);
  }
  const asyncValue = own('async')?.value ?? own('async_val')?.value ?? 0;
  out.set('_resolved_action', task.actionWritten.includes('.') ? task.actionWritten.replace(/^ansible\.legacy\./, 'ansible.builtin.') : `ansible.builtin.${task.action}`);
  out.set('action', task.actionWritten);
  out.set('args', task.args);
  out.set('async', asyncValue);
  out.set('async_val', asyncValue);
  for (const name of ['changed_when', 'failed_when']) {
    const v = own(name)?.value;
    out.set(name, v === undefined || v === null ? [] : listOf(v));
  }
  const until = own('until')?.value;
  out.set('until', until === undefined || until === null ? [] : typeof until === 'string' ? until : listOf(until));
  const environment = step.folded.environment.map((kw) => kw.value).filter((v) => v !== null);
  out.set('environment', environment.length > 0 ? environment : [new Map()]);
  out.set('finalized', true);
  out.set('loop_control', loopControl(own('loop_control')?.value, step.id));
  out.set('loop_with', task.withLookup?.name ?? null);
  out.set('module_defaults', []);
  const name = own('name')?.value;
  out.set('name', name === undefined || name === null ? '' : name);
  out.set('squashed', true);
  out.set('tags', step.folded.tags.flatMap((kw) => (kw.value === null ? [] : listOf(kw.value))));
  out.set('uuid', uuidOf(2 * step.id));
  const vars = own('vars')?.value;
  out.set('vars', isDict(vars) ? vars : new Map());
  out.set('when', step.folded.when.flatMap((kw) => (kw.value === null ? [] : listOf(kw.value))));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function loopControl(written: Data | undefined, id: number): DataDict {
  const given = isDict(written) ? written : new Map<string, Data>();
  const out = new Map<string, Data>();
  for (const [name, dflt] of LOOP_CONTROL_DEFAULTS) out.set(name, given.has(name) ? (given.get(name) as Data) : dflt());
  out.set('finalized', true);
  out.set('squashed', false);
  out.set('uuid', uuidOf(2 * id + 1));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
