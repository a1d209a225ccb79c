import { floatRepr, pyStr, type Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import { toBoolLike } from './util.js';

/** Python's str(datetime.now()): "2026-11-30 00:09:27.238127". */
export function pythonNow(date = new Date()): string {
  const p = (n: number, w = 2): string => String(n).padStart(w, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}.${p(date.getMilliseconds(), 3)}000`;
}

/** pause: waits `seconds`/`minutes`, or for Enter at a prompt (not when stdin is not a terminal). */
export const pause: Action = async (ctx) => {
  const args = ctx.args;
  const echo = args.has('echo') ? toBoolLike(args.get('echo')) : true;
  const echoPrompt = echo ? '' : ' (output is hidden)';
  let seconds: number | undefined;
  let unit = 'minutes';
  if (args.get('minutes') !== undefined && args.get('minutes') !== null) seconds = Math.trunc(Number(pyStr(args.get('minutes')))) * 60;
  else if (args.get('seconds') !== undefined && args.get('seconds') !== null) {
    seconds = Math.trunc(Number(pyStr(args.get('seconds'))));
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
    await new Promise((resolve) => setTimeout(resolve, (seconds as number) * 1000));
  } else {
    const name = ctx.step.task.keywords.get('name');
    const prompt = `[${pyStr(name?.value ?? 'pause').trim()}]\n${pyStr(args.get('prompt') ?? 'Press enter to continue, Ctrl+C to interrupt')}${echoPrompt}:`;
    const answer = ctx.prompt ? await ctx.prompt(prompt, { echo }) : undefined;
    if (answer === undefined) ctx.display('[WARNING]: Not waiting for response to prompt as stdin is not interactive');
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
