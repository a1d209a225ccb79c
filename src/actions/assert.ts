import type { Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import type { YamlNode } from '../yaml/node.js';
import { toBoolLike } from './util.js';
import { ActionFail } from '../run/task-error.js';
import { isPossiblyAllTemplate } from '../playbook/is-possibly-all-template.js';

/** assert: every `that` condition must hold; the first that does not fails the task. */
export const assertAction: Action = (ctx) => {
  const args = ctx.args;
  // NOTE: msg is fail_msg's alias: given both, 2.19's argument spec copies the alias over the option
  const failMsg = args.get('msg') ?? args.get('fail_msg') ?? 'Assertion failed';
  const successMsg = args.get('success_msg') ?? 'All assertions passed';
  const quiet = toBoolLike(args.get('quiet') ?? false);
  const rawThat = ctx.rawArgs.get('that');
  if (!ctx.rawArgs.has('that')) throw new ActionFail('missing required arguments: that');
  const result = new Map<string, Data>();
  if (!quiet) result.set('_ansible_verbose_always', true);
  const that = Array.isArray(rawThat) ? rawThat : (templatedList(ctx, rawThat) ?? [rawThat ?? null]);
  const thatNode = argNode(ctx, 'that');
  for (const [i, condition] of that.entries()) {
    const origin = (thatNode?.kind === 'seq' ? thatNode.items[i]?.loc : thatNode?.loc) ?? ctx.step.task.argsLoc;
    const ok = ctx.templar.evaluateConditional(condition, ctx.vars, { origin, lookup: ctx.lookup });
    if (!ok) {
      result.set('failed', true);
      result.set('evaluated_to', false);
      result.set('assertion', condition);
      result.set('msg', failMsg);
      return result;
    }
  }
  result.set('changed', false);
  result.set('msg', successMsg);
  return result;
};

/**
 * NOTE: 2.19's assert templates a `that` written as one whole template ("{{ checks }}") to its
 * container first: a list is the list of conditions; anything else (or an error) stays the text.
 */
function templatedList(ctx: Parameters<Action>[0], that: Data | undefined): Data[] | undefined {
  if (typeof that !== 'string' || !isPossiblyAllTemplate(that)) return undefined;
  try {
    const value = ctx.templar.render(that, ctx.vars, { lookup: ctx.lookup });
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function argNode(ctx: Parameters<Action>[0], key: string): YamlNode | undefined {
  const node = ctx.step.task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  return node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key)?.value;
}
