/**
 * wait_for_connection: pings the host through a fresh connection until it answers or `timeout`
 * seconds have passed, as 2.19's action does after a reboot. Each attempt resets the host's
 * connection first (ansible calls the connection's reset()), so an agent or ssh master left
 * from before the reboot is not trusted; a failed attempt waits `sleep` seconds.
 */
import type { Data, DataDict } from '../core/data.js';
import { pythonInt } from '../core/python-int.js';
import type { Action, ActionContext } from '../run/action.js';
import { checkValidArgs } from './valid-args.js';

const VALID_ARGS = ['connect_timeout', 'delay', 'sleep', 'timeout'];

function intArg(ctx: ActionContext, name: string, fallback: number): number {
  return ctx.args.has(name) ? pythonInt(ctx.args.get(name) as Data) : fallback;
}

const pauseSeconds = (seconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds) * 1000));

/** The ping module's answer as ansible tests it: an error unless it is "pong". */
function checkPong(result: DataDict): void {
  // NOTE: ansible reads result['ping'] without a default: a failed module result raises KeyError.
  if (!result.has('ping')) throw new Error("'ping'");
  if (result.get('ping') !== 'pong') throw new Error('ping test failed');
}

export const waitForConnection: Action = async (ctx) => {
  // NOTE: 2.19 converts the numbers before it looks at check mode or at unknown options.
  intArg(ctx, 'connect_timeout', 5); // only a connection with a port test uses it (not local or ssh)
  const delay = intArg(ctx, 'delay', 0);
  const sleep = intArg(ctx, 'sleep', 1);
  const timeout = intArg(ctx, 'timeout', 600);
  if (ctx.checkMode) {
    ctx.display('wait_for_connection: skipping for check_mode', { verbosity: 3 });
    return new Map<string, Data>([['skipped', true]]);
  }
  checkValidArgs(ctx, VALID_ARGS);
  const result: DataDict = new Map();
  const started = Date.now();
  if (delay) await pauseSeconds(delay);
  const deadline = Date.now() + timeout * 1000;
  let lastError: string | undefined;
  let answered = false;
  while (Date.now() < deadline) {
    try {
      // One end-to-end test: a new connection and agent, and the ping module answering.
      ctx.display('wait_for_connection: attempting ping module test', { verbosity: 3 });
      await ctx.resetConnection();
      checkPong(await ctx.runModule({ module: 'ping', args: new Map() }));
      answered = true;
      break;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
      await pauseSeconds(sleep);
    }
  }
  if (!answered) {
    // NOTE: a timeout that allows no attempt leaves ansible's saved exception unbound.
    if (lastError === undefined) throw new Error("cannot access local variable 'error' where it is not associated with a value");
    result.set('failed', true);
    result.set('msg', `timed out waiting for ping module test: ${lastError}`);
  }
  result.set('elapsed', Math.floor((Date.now() - started) / 1000));
  return result;
};
