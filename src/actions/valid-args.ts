/**
 * The argument checks 2.19's controller actions make before they run: a few list their valid
 * options (`_VALID_ARGS`), others validate an argument spec as a module does. Either way an
 * unknown option fails the task instead of being ignored.
 */
import type { Action, ActionContext } from '../run/action.js';
import { ActionFail } from '../run/task-error.js';

/** Actions with `_VALID_ARGS`: "Invalid options for <action as written>: a,b". */
const VALID_ARGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['fail', ['msg']],
  ['group_by', ['key', 'parents']],
  ['set_stats', ['aggregate', 'data', 'per_host']],
]);

/** Actions with an argument spec: each option with its aliases. */
const ARGUMENT_SPECS: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> = new Map([
  ['debug', new Map([['msg', []], ['var', []], ['verbosity', []]])],
  ['assert', new Map([['fail_msg', ['msg']], ['quiet', []], ['success_msg', []], ['that', []]])],
  ['pause', new Map([['echo', []], ['minutes', []], ['prompt', []], ['seconds', []]])],
]);

/** `action` with the option check of its name in front, when 2.19 makes one. */
export function withValidArgs(name: string, action: Action): Action {
  const valid = VALID_ARGS.get(name);
  const spec = ARGUMENT_SPECS.get(name);
  if (!valid && !spec) return action;
  return (ctx) => {
    if (valid) checkValidArgs(ctx, valid);
    if (spec) checkArgumentSpec(ctx, name, spec);
    return action(ctx);
  };
}

/** Fails on options outside `valid` (for an action that checks them later than before it runs). */
export function checkValidArgs(ctx: ActionContext, valid: readonly string[]): void {
  const bad = [...ctx.args.keys()].map(String).filter((key) => !valid.includes(key));
  // NOTE: 2.19 joins a Python set here, in no fixed order; Volant keeps the task's order.
  if (bad.length > 0) throw new ActionFail(`Invalid options for ${ctx.step.task.actionWritten}: ${bad.join(',')}`);
}

function checkArgumentSpec(ctx: ActionContext, name: string, spec: ReadonlyMap<string, readonly string[]>): void {
  const known = new Set([...spec].flatMap(([option, aliases]) => [option, ...aliases]));
  const bad = [...ctx.args.keys()].map(String).filter((key) => !known.has(key)).sort();
  if (bad.length === 0) return;
  const aliases = [...spec.values()].flat().sort();
  const supported = [...spec.keys()].sort().join(', ') + (aliases.length > 0 ? ` (${aliases.join(', ')})` : '');
  // NOTE: 2.19 names the plugin it loaded: by a collection name, the Python module of it.
  const plugin = ctx.step.task.actionWritten === name ? name : `ansible_collections.ansible.builtin.plugins.action.${name}`;
  throw new ActionFail(`Unsupported parameters for (${plugin}) module: ${bad.join(', ')}. Supported parameters include: ${supported}.`);
}
