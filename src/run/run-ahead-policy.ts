/**
 * Which steps Volant's cross-host run-ahead may start early on a host (see run-ahead.ts). The
 * answer is "no" whenever the step, or what the host knows at that point, could depend on another
 * host or on output order: the run-ahead must never change what linear prints or does.
 */
import { isDict, pyStr, truthy, type Data } from '../core/data.js';
import type { Keyword } from '../playbook/model.js';
import type { TaskStep } from '../compile/program.js';
import type { VarSource } from '../template/api.js';
import { keywordBool, keywordInt } from './keyword-values.js';

/** Actions that change what other hosts see, meet every host, ask the terminal, or load steps. */
const BARRIER_ACTIONS = new Set([
  'meta', 'include_tasks', 'include_role', 'import_tasks', 'import_role', 'import_playbook',
  'add_host', 'group_by', 'set_stats', 'pause',
]);

/** Actions whose result becomes the host's variables when it is applied (at the step's turn). */
const VARIABLE_ACTIONS = new Set(['set_fact', 'include_vars', 'gather_facts', 'setup']);

/** Variables whose value depends on other hosts or on how far the others are. */
const CROSS_HOST_NAMES = new Set([
  'hostvars', 'groups', 'group_names', 'vars', 'play_hosts', 'ansible_play_hosts', 'ansible_play_hosts_all',
  'ansible_play_batch', 'ansible_failed_hosts',
]);

/** Jinja words that are not variables. */
const JINJA_WORDS = new Set([
  'and', 'or', 'not', 'in', 'is', 'if', 'else', 'elif', 'endif', 'for', 'endfor', 'set', 'endset', 'true', 'false',
  'none', 'True', 'False', 'None', 'recursive', 'loop', 'with', 'endwith', 'block', 'endblock', 'macro', 'endmacro',
  'call', 'endcall', 'filter', 'endfilter', 'raw', 'endraw', 'do',
]);

/** A keyword set on the step (folded from its block, role and play). */
function scalar(step: TaskStep, name: string): Keyword | undefined {
  return step.folded.scalars.get(name) ?? step.task.keywords.get(name);
}

function isSet(kw: Keyword | undefined): boolean {
  return kw !== undefined && kw.value !== null && kw.value !== '';
}

/**
 * Whether a host whose result for `step` is `result` may go on to its next step before the other
 * hosts finish this one: the result must not change any variable the next step could read (it
 * is applied only at the step's turn) and must not make other hosts stop.
 */
export function resultLetsHostGoOn(step: TaskStep, result: ReadonlyMap<Data, Data>, playAnyErrorsFatal: boolean): boolean {
  const task = step.task;
  if (task.isHandler || step.implicit) return false;
  if (BARRIER_ACTIONS.has(task.action) || VARIABLE_ACTIONS.has(task.action)) return false;
  if (isSet(scalar(step, 'register')) || isSet(scalar(step, 'delegate_to')) || isSet(scalar(step, 'debugger'))) return false;
  if ((keywordBool(scalar(step, 'run_once')) ?? false) || (keywordBool(scalar(step, 'any_errors_fatal')) ?? playAnyErrorsFatal)) return false;
  if (truthy(result.get('unreachable')) || result.has('ansible_facts')) return false;
  // A failure moves the host to rescue, always or out of the play, at its turn: nothing to guess.
  if (truthy(result.get('failed')) && !(keywordBool(scalar(step, 'ignore_errors')) ?? false)) return false;
  return true;
}

/**
 * Whether `step` may run on a host before its turn, with the host's own variables: it must not
 * read another host's state (directly or through the variables it uses), meet the other hosts,
 * or print anything under a name templated per host.
 */
export function stepMayRunAhead(step: TaskStep, vars: VarSource): boolean {
  const task = step.task;
  if (task.isHandler || step.implicit) return false;
  if (BARRIER_ACTIONS.has(task.action)) return false;
  if (isSet(scalar(step, 'delegate_to')) || isSet(scalar(step, 'debugger'))) return false;
  if ((keywordBool(scalar(step, 'run_once')) ?? false) || (keywordInt(scalar(step, 'throttle')) ?? 0) > 0) return false;
  // The banner's name is templated with the first host's variables at the step's turn.
  const name = task.keywords.get('name');
  if (name && typeof name.value === 'string' && hasTemplate(name.value)) return false;
  const texts: Data[] = [task.args];
  for (const kw of task.keywords.values()) texts.push(kw.value);
  for (const kw of step.folded.scalars.values()) texts.push(kw.value);
  for (const list of [step.folded.when, step.folded.blockVars, step.folded.environment, step.folded.module_defaults]) {
    for (const kw of list) texts.push(kw.value);
  }
  if (step.includeParams) texts.push(step.includeParams);
  return !readsOtherHosts(texts, vars);
}

function hasTemplate(text: string): boolean {
  return text.includes('{{') || text.includes('{%');
}

/**
 * Follows every variable the texts name, through the variables' own values, looking for a
 * cross-host name or a lookup (lookups read files, inventory, anything: treated as cross-host).
 * `when` conditions are bare expressions, so every string is read as one.
 */
function readsOtherHosts(values: readonly Data[], vars: VarSource): boolean {
  const seen = new Set<string>();
  const queue: Data[] = [...values];
  while (queue.length > 0) {
    const value = queue.pop() as Data;
    if (Array.isArray(value)) {
      queue.push(...value);
      continue;
    }
    if (isDict(value)) {
      for (const [k, v] of value) queue.push(typeof k === 'string' ? k : null, v);
      continue;
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') continue;
    const text = pyStr(value).replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, ' ');
    if (/\b(lookup|query|q)\s*\(/.test(text)) return true;
    for (const word of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      if (CROSS_HOST_NAMES.has(word)) return true;
      if (JINJA_WORDS.has(word) || seen.has(word)) continue;
      seen.add(word);
      const v = vars.get(word);
      if (v !== undefined) queue.push(v);
    }
  }
  return false;
}
