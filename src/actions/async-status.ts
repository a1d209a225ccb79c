/**
 * async_status: 2.19's action checks its arguments on the controller (valid-args.ts), then the
 * module on the host answers about the job, told where the job files are (`_async_dir`, the
 * shell's async_dir: Volant's jobs always live in ~/.ansible_async).
 */
import type { Action } from '../run/action.js';

export const asyncStatus: Action = (ctx) => {
  const args = new Map(ctx.args);
  args.set('_async_dir', '~/.ansible_async');
  return ctx.runModule({ module: 'async_status', args });
};
