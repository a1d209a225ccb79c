import { pyStr, type Data } from '../core/data.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';
import type { SourceLocation } from '../core/source-location.js';

/** debug: prints `msg` or the value of the expression `var`, above a verbosity threshold. */
export const debug: Action = (ctx) => {
  const args = ctx.args;
  if (args.has('msg') && args.has('var')) {
    throw new ActionFail('parameters are mutually exclusive: msg|var');
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
        if (isUndefinedError(e)) {
          // NOTE: 2.19 replaces an undefined `var` with a marker and warns, instead of failing.
          const message = e instanceof Error ? e.message : String(e);
          value = `<< error 1 - ${message} >>`;
          const origin = varLocation(ctx) ?? ctx.step.task.argsLoc;
          ctx.warn({ message: `Encountered 1 template error.\nerror 1 - ${message}`, origin });
        }
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

function varLocation(ctx: Parameters<Action>[0]): SourceLocation | undefined {
  const node = ctx.step.task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  const pair = node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === 'var');
  return pair?.value.loc;
}

function isUndefinedError(e: unknown): boolean {
  return e instanceof Error && (/is undefined|has no attribute|has no element/.test(e.message));
}
