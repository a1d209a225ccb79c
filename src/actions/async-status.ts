/**
 * async_status: 2.19's action checks its arguments on the controller (valid-args.ts), then the
 * module on the host answers about the job.
 */
import type { Action } from '../run/action.js';

export const asyncStatus: Action = (ctx) => ctx.runModule({ module: 'async_status', args: ctx.args });
