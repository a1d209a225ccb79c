import type { Data } from '../core/data.js';
import type { Action } from '../run/action.js';

/** fail: fails the task with `msg`. */
export const fail: Action = (ctx) => {
  const msg = ctx.args.has('msg') ? (ctx.args.get('msg') as Data) : 'Failed as requested from task';
  return new Map<string, Data>([['failed', true], ['msg', msg]]);
};
