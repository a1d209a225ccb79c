import { pyStr, type Data } from '../core/data.js';
import { TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';
import { Undefined } from '../template/runtime/undefined.js';

/** debug: prints `msg` or the value of the expression `var`, above a verbosity threshold. */
export const debug: Action = (ctx) => {
  const args = ctx.args;
  if (args.has('msg') && args.has('var')) {
    throw new TaskError([{ message: 'parameters are mutually exclusive: msg|var', origin: ctx.step.task.loc }]);
  }
  const verbosity = Number(pyStr(args.get('verbosity') ?? 0)) || 0;
  const result = new Map<string, Data>();
  if (verbosity <= ctx.verbosity) {
    const rawVar = ctx.rawArgs.get('var');
    if (rawVar !== undefined && rawVar !== null) {
      const expr = pyStr(rawVar);
      let value: Data;
      try {
        value = ctx.templar.render(`{{ ${expr} }}`, ctx.vars, { origin: ctx.step.task.argsLoc });
      } catch (e) {
        if (isUndefinedError(e)) value = 'VARIABLE IS NOT DEFINED!';
        else throw TaskError.wrap({ message: 'Error while resolving `var` expression.', origin: ctx.step.task.argsLoc }, e);
      }
      result.set(expr, value);
    } else {
      result.set('msg', args.has('msg') ? (args.get('msg') as Data) : 'Hello world!');
    }
    result.set('_ansible_verbose_always', true);
  } else {
    result.set('skipped_reason', 'Verbosity threshold not met.');
    result.set('skipped', true);
  }
  result.set('failed', false);
  return result;
};

function isUndefinedError(e: unknown): boolean {
  return e instanceof Error && (/is undefined|has no attribute|has no element/.test(e.message) || e instanceof Undefined);
}
