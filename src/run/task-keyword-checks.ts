/**
 * The keywords 2.19 templates and converts for each run of a task before its arguments (its
 * post_validate): connection keywords, port, check_mode/diff, tags, timeout, debugger, async/poll/
 * retries/delay, the strict bools, no_log and notify, each failure worded as "Error processing
 * keyword …" where the value was written.
 */
import { PyFloat, isStringLike, pyRepr, pyStr, strRepr, type Data } from '../core/data.js';
import { IntOverflow, keywordIntValue } from '../core/python-int.js';
import { isOmit } from '../template/index.js';
import { VolantError } from '../core/errors.js';
import { raisedElsewhere, type SourceLocation } from '../core/source-location.js';
import type { TaskStep } from '../compile/program.js';
import type { Keyword } from '../playbook/model.js';
import type { TemplateRenderer, VarSource } from '../template/api.js';
import { parsePyFloat } from '../template/filters/jinja-numbers.js';
import type { DisplayEvent } from './events.js';
import { chainEvent } from './failure-event.js';
import { keywordBool } from './keyword-values.js';
import { postValidateTags } from './tags-post-validate.js';
import { TaskError, linksOf } from './task-error.js';

export function templateKw(kw: Keyword | undefined, vars: VarSource, templar: TemplateRenderer): Keyword | undefined {
  if (!kw || typeof kw.value !== 'string' || !templar.isTemplate(kw.value)) return kw;
  return { ...kw, value: templar.render(kw.value, vars, { origin: kw.loc }) };
}

const CONNECTION_KEYWORDS = ['become', 'become_method', 'become_user', 'connection', 'remote_user'];

/**
 * The `port` keyword and the connection's port variable (`ansible_port`) must be integers, even on
 * a local connection: 2.19 converts the task's keyword, then its play context's port, for every task.
 */
function checkPort(step: TaskStep, vars: VarSource, templar: TemplateRenderer): void {
  checkIntKeyword(templateTaskKeyword(step, 'port', vars, templar), 'port');
  // NOTE: a `port` keyword that is no number shows in the connection variables as NaN (checked above).
  const name = ['ansible_port', 'ansible_ssh_port'].find((n) => vars.has(n) && !Number.isNaN(vars.get(n)));
  if (name !== undefined) checkInt(templar.renderDeep(vars.get(name) as Data, vars, {}), vars.origin?.(name));
}

function checkInt(value: Data | undefined, origin: SourceLocation | undefined, name = 'port', processedAt = origin): void {
  if (value === undefined || value === null) return;
  try {
    keywordIntValue(value);
  } catch (e) {
    // NOTE: int() of an infinity is an OverflowError, which 2.19 shows as it is, not as a conversion.
    throw e instanceof IntOverflow ? keywordError(name, e, origin) : conversionError(name, value, 'int', origin, processedAt);
  }
}

/** A task keyword post-validated: one its parents gave for an omit is processed where the task's value was written. */
interface ValidatedKeyword extends Keyword {
  readonly processedAt?: SourceLocation;
}

function checkIntKeyword(kw: ValidatedKeyword | undefined, name: string): void {
  if (kw) checkInt(kw.value, kw.loc, name, kw.processedAt);
}

/** async (2.19's async_val), poll and retries convert to int, delay to float, before the task runs. */
function checkRunKeywords(step: TaskStep, vars: VarSource, templar: TemplateRenderer): void {
  for (const [name, shown] of [['async', 'async_val'], ['poll', 'poll'], ['retries', 'retries'], ['delay', 'delay']] as const) {
    const kw = step.task.keywords.get(name);
    let value: Keyword | undefined;
    try {
      value = omittedToContext(step, name, templateKw(kw, vars, templar), () => undefined);
    } catch (e) {
      throw keywordError(shown, e, kw?.loc);
    }
    if (!value) continue;
    if (name !== 'delay') checkInt(value.value, value.loc, shown);
    else if (typeof value.value === 'string' && parsePyFloat(value.value) === undefined) throw conversionError(shown, value.value, 'float', value.loc);
  }
}

/** The other bool keywords 2.19 converts (strictly) as it validates a task before running it. */
const STRICT_BOOL_KEYWORDS = ['any_errors_fatal', 'become', 'delegate_facts', 'ignore_errors', 'ignore_unreachable', 'run_once'];

const BOOL_WORDS = new Set(['y', 'yes', 'on', '1', 'true', 't', 'n', 'no', 'off', '0', 'false', 'f']);

/** A bool keyword converts as ansible's strict boolean(): true/false, 0/1 and the yes/no words only. */
function checkBool(kw: ValidatedKeyword | undefined, name: string): void {
  const value = kw?.value;
  if (value === undefined || value === null || typeof value === 'boolean') return;
  if (typeof value === 'number' || value instanceof PyFloat ? [0, 1].includes(Number(value instanceof PyFloat ? value.value : value)) : BOOL_WORDS.has(pyStr(value).trim().toLowerCase())) return;
  throw conversionError(name, value, 'bool', kw?.loc, kw?.processedAt);
}

export function conversionError(name: string, value: Data, type: string, origin: SourceLocation | undefined, processedAt = origin): TaskError {
  const at = origin ? { origin } : {};
  // Python's repr of the value: a string quoted, a number or a list as written.
  const shown = isStringLike(value) ? strRepr(pyStr(value)) : pyRepr(value);
  // NOTE: 2.19 shows the conversion error as its own cause, though it points at the same value.
  return new TaskError([{ message: `Error processing keyword '${name}'.`, ...(processedAt ? { origin: processedAt } : {}) }, { message: `The value ${shown} could not be converted to '${type}'.`, ...at, whileHandling: true }]);
}

const DEBUGGER_VALUES = ['always', 'on_failed', 'on_unreachable', 'on_skipped', 'never'];

/**
 * debugger, templated, must be one of its words when it is a string (2.19 checks no other type).
 * NOTE: 2.19 names the task as the origin of the bad value, and lists the words in a Python set's
 * hash order, which changes from run to run.
 */
function checkDebugger(kw: Keyword | undefined, taskLoc: SourceLocation): void {
  const value = kw?.value;
  if (!isStringLike(value) || pyStr(value) === '' || DEBUGGER_VALUES.includes(pyStr(value))) return;
  const message = `${strRepr(pyStr(value))} is not a valid value for debugger. Must be one of ${DEBUGGER_VALUES.join(', ')}`;
  throw new TaskError([{ message: "Error processing keyword 'debugger'.", ...(kw?.loc ? { origin: kw.loc } : {}) }, { message, origin: taskLoc }]);
}

/** The keywords 2.19 templates for each run of a task, before its arguments. */
export interface TaskKeywordValues {
  readonly checkMode: boolean;
  readonly diff: boolean;
  readonly noLog: boolean;
  /** The handler names, templated (a template may give a list). */
  readonly notify: Data | undefined;
}

/**
 * 2.19's PlayContext.post_validate: the connection's keywords (inherited from a block, role or play)
 * and its port, templated for every task, include_tasks and include_role too (whose own keywords
 * are never post-validated).
 */
export function postValidatePlayContext(step: TaskStep, vars: VarSource, templar: TemplateRenderer): void {
  for (const name of CONNECTION_KEYWORDS) templateTaskKeyword(step, name, vars, templar);
  checkPort(step, vars, templar);
}

export function templateTaskKeywords(step: TaskStep, vars: VarSource, templar: TemplateRenderer, options: { checkMode: boolean; diff: boolean }): TaskKeywordValues {
  // The connection's keywords are used where the connection needs them; 2.19 templates them all first.
  postValidatePlayContext(step, vars, templar);
  const checkModeKw = templateTaskKeyword(step, 'check_mode', vars, templar);
  checkBool(checkModeKw, 'check_mode');
  const checkMode = keywordBool(checkModeKw) ?? options.checkMode;
  const diffKw = templateTaskKeyword(step, 'diff', vars, templar);
  checkBool(diffKw, 'diff');
  const diff = keywordBool(diffKw) ?? options.diff;
  postValidateTags(step, vars, templar);
  checkIntKeyword(templateTaskKeyword(step, 'throttle', vars, templar), 'throttle');
  checkIntKeyword(templateTaskKeyword(step, 'timeout', vars, templar), 'timeout');
  checkDebugger(templateTaskKeyword(step, 'debugger', vars, templar), step.task.loc);
  checkRunKeywords(step, vars, templar);
  for (const name of STRICT_BOOL_KEYWORDS) checkBool(templateTaskKeyword(step, name, vars, templar), name);
  let noLog: boolean;
  try {
    const noLogKw = templateTaskKeyword(step, 'no_log', vars, templar);
    checkBool(noLogKw, 'no_log');
    noLog = keywordBool(noLogKw) ?? false;
  } catch (e) {
    throw e instanceof TaskError ? new NoLogError(e.chain) : e;
  }
  const notify = step.folded.scalars.get('notify');
  let names: Data | undefined;
  try {
    names = notify ? templar.renderDeep(notify.value, vars, { origin: notify.loc }) : undefined;
  } catch (e) {
    throw keywordError('notify', e, notify?.loc);
  }
  // (omit: the task notifies nothing, as its parents give it no notify)
  return { checkMode, diff, noLog, notify: isOmit(names) ? undefined : names };
}

/** The task's no_log failed to template. */
export class NoLogError extends TaskError {}

export function noLogWarning(e: NoLogError): DisplayEvent {
  const cause = chainEvent(e.chain);
  return { message: 'Invalid no_log value for task, output will be masked.', ...(cause ? { cause } : {}) };
}

/**
 * A task keyword's value, templated; a failure says which keyword, as 2.19's post_validate. A value
 * that templates to omit gives what the task's parents hold instead (2.19's set_to_context).
 */
function templateTaskKeyword(step: TaskStep, name: string, vars: VarSource, templar: TemplateRenderer): ValidatedKeyword | undefined {
  const kw = step.folded.scalars.get(name);
  let value: Keyword | undefined;
  try {
    value = templateKw(kw, vars, templar);
  } catch (e) {
    throw keywordError(name, e, kw?.loc);
  }
  // NOTE: the parents' value stands as written, untemplated: 2.19 converts it as it is.
  const outer = omittedToContext(step, name, value, (written) => written);
  return outer === value || outer === undefined || kw === undefined ? outer : { ...outer, processedAt: kw.loc };
}

/**
 * A task's keyword that came out as omit stands for the value its parents (blocks, role, play)
 * give it, `resolve`d (2.19's set_to_context), or for none when they give none. NOTE: when the
 * omit was theirs, that value is the omit's template again.
 */
export function omittedToContext(step: TaskStep, name: string, value: Keyword | undefined, resolve: (outer: Keyword) => Keyword | undefined): Keyword | undefined {
  if (value === undefined || !isOmit(value.value)) return value;
  const outer = step.outerFold.scalars.get(name);
  return outer === undefined ? undefined : resolve(outer);
}

/**
 * A keyword that failed to template: "Error processing keyword 'name': …" where the template
 * failed; a failure raised elsewhere (a variable's own template) is a cause at its own origin.
 */
export function keywordError(name: string, e: unknown, loc: SourceLocation | undefined): TaskError {
  const inner = e instanceof VolantError ? e.location : undefined;
  if (raisedElsewhere(inner, loc)) return new TaskError([{ message: `Error processing keyword '${name}'.`, origin: loc }, ...linksOf(e)]);
  const origin = inner ?? loc;
  return new TaskError([{ message: `Error processing keyword '${name}': ${e instanceof Error ? e.message : String(e)}`, ...(origin ? { origin } : {}) }]);
}
