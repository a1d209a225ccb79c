import { pyStr, pyTypeName, type Data } from '../core/data.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';
import type { SourceLocation } from '../core/source-location.js';
import { TemplateError } from '../core/errors.js';

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
      const expr = varExpression(ctx, pyStr(rawVar));
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

const UNTRUSTED_HELP = 'Templates and expressions must be defined by trusted sources such as playbooks or roles, not untrusted sources such as module results.';

/**
 * NOTE: 2.19 renders a templated `var` first and evaluates the text it yields, which must be a
 * string. Text a template made is untrusted and never evaluated; a variable's own value, read
 * as it is (`{{ name }}`), keeps the trust of the playbook it came from.
 */
function varExpression(ctx: Parameters<Action>[0], written: string): string {
  if (!ctx.templar.isTemplate(written)) return written;
  const value = ctx.args.get('var');
  if (typeof value !== 'string') {
    throw new ActionFail(
      `argument 'var' is of type ${pyTypeName(value)} and we were unable to convert to _check_type_str_no_conversion: '${pyStr(value ?? null)}' is not a string and conversion is not allowed`,
    );
  }
  if (/^\{\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}\}$/.test(written)) return value;
  const untrusted = new TemplateError('template-untrusted', 'Encountered untrusted template or expression.', { location: varLocation(ctx) ?? ctx.step.task.argsLoc, hint: UNTRUSTED_HELP });
  throw TaskError.wrap({ message: 'Error while resolving `var` expression.', origin: ctx.step.task.argsLoc }, untrusted);
}

function varLocation(ctx: Parameters<Action>[0]): SourceLocation | undefined {
  const node = ctx.step.task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  const pair = node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === 'var');
  return pair?.value.loc;
}

function isUndefinedError(e: unknown): boolean {
  return e instanceof Error && (/is undefined|has no attribute|has no element/.test(e.message));
}
