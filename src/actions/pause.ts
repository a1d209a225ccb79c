import { floatRepr, isDict, PyFloat, pyStr, pyTypeName, type Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import { ActionFail } from '../run/task-error.js';
import { pythonInt } from '../core/python-int.js';
import { toBoolLike } from './util.js';

/** Python's str(datetime.now()): "2026-11-30 00:09:27.238127". */
export function pythonNow(date = new Date()): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}.${p(date.getMilliseconds(), 3)}000`;
}

/**
 * An argument through Python's int(), the type 2.19's pause gives minutes and seconds (so floats are
 * cut, '1.5' fails), failing as its argument spec validation words it.
 */
function intArgument(name: string, value: Data): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Math.trunc(value);
  if (value instanceof PyFloat) return Math.trunc(value.value);
  let why: string;
  if (typeof value === 'string' || typeof value === 'object' && value !== null && !Array.isArray(value) && !isDict(value)) {
    try {
      return pythonInt(value);
    } catch (e) {
      why = (e as Error).message;
    }
  } else {
    // NOTE: a value written in the playbook is a tagged list or dict in 2.19, and int() names that type.
    why = `int() argument must be a string, a bytes-like object or a real number, not '${Array.isArray(value) ? '_AnsibleTaggedList' : '_AnsibleTaggedDict'}'`;
  }
  throw new ActionFail(`argument '${name}' is of type ${pyTypeName(value)} and we were unable to convert to int: ${why}`);
}

/** Waits `ms`, or less when the signal aborts (the task's timeout expired). */
function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/** pause: waits `seconds`/`minutes`, or for Enter at a prompt (not when stdin is not a terminal). */
export const pause: Action = async (ctx) => {
  const args = ctx.args;
  const echo = args.has('echo') ? toBoolLike(args.get('echo')) : true;
  const echoPrompt = echo ? '' : ' (output is hidden)';
  let seconds: number | undefined;
  let unit = 'minutes';
  const given = (name: string): Data | undefined => (args.get(name) === null ? undefined : args.get(name));
  const minutes = given('minutes');
  const secondsArg = given('seconds');
  if (minutes !== undefined && secondsArg !== undefined) throw new ActionFail('parameters are mutually exclusive: minutes|seconds');
  if (minutes !== undefined) seconds = intArgument('minutes', minutes) * 60;
  else if (secondsArg !== undefined) {
    seconds = intArgument('seconds', secondsArg);
    unit = 'seconds';
  }
  const result = new Map<string, Data>([
    ['changed', false], ['rc', 0], ['stderr', ''], ['stdout', ''], ['start', pythonNow()], ['stop', null], ['delta', null], ['echo', echo],
  ]);
  const started = Date.now();
  let userInput = '';
  if (seconds !== undefined) {
    if (seconds < 1) seconds = 1;
    ctx.display(`Pausing for ${seconds} seconds${echoPrompt}`);
    if (args.get('prompt')) ctx.display("(ctrl+C then 'C' = continue early, ctrl+C then 'A' = abort)\r");
    // NOTE: without a terminal 2.19 sleeps in the handler of its non-interactive prompt's error.
    if (ctx.timer) ctx.timer.inExcept = true;
    await abortableSleep((seconds as number) * 1000, ctx.timer?.signal);
  } else {
    const name = ctx.step.task.keywords.get('name');
    const prompt = `[${pyStr(name?.value ?? 'pause').trim()}]\n${pyStr(args.get('prompt') ?? 'Press enter to continue, Ctrl+C to interrupt')}${echoPrompt}:`;
    const answer = ctx.prompt ? await ctx.prompt(prompt, { echo }) : undefined;
    // NOTE: 2.19 returns this warning with the result: the callback shows it after the task's line.
    if (answer === undefined) result.set('warnings', ['Not waiting for response to prompt as stdin is not interactive']);
    else userInput = answer;
  }
  const elapsed = (Date.now() - started) / 1000;
  result.set('stop', pythonNow());
  result.set('delta', Math.trunc(elapsed));
  const duration = unit === 'minutes' ? Math.round((elapsed / 60) * 100) / 100 : Math.round(elapsed * 100) / 100;
  result.set('stdout', `Paused for ${floatRepr(duration)} ${unit}`);
  result.set('user_input', userInput);
  return result;
};
