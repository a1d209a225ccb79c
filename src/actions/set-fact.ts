import { pyStr, toBoolLike, type Data } from './util.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import type { SourceLocation } from '../core/source-location.js';
import type { DictKey } from '../core/data.js';
import { VARIABLE_NAME_HINT, variableNameError } from '../playbook/collect-keywords.js';
import type { Action } from '../run/action.js';
import { isStrictBool } from '../run/keyword-values.js';
import { VALID_BOOLEANS } from './argument-spec-validator.js';
import { copyValueOrigin } from '../core/value-origins.js';
import { untrusted } from '../template/runtime/trust.js';
import { copyKeyOrigin, setKeyOrigin } from '../inventory/key-origins.js';

/** set_fact: host variables with set_fact precedence (and facts too when cacheable). */
export const setFact: Action = (ctx) => {
  const facts = new Map<string, Data>();
  let cacheable = false;
  for (const [key, value] of ctx.args) {
    if (key === 'cacheable') {
      cacheable = strictBool(ctx, value);
      continue;
    }
    const name = pyStr(ctx.templar.isTemplate(pyStr(key)) ? ctx.templar.render(pyStr(key), ctx.vars, {}) : key);
    const invalid = variableNameError(name);
    if (invalid !== undefined) {
      const origin = keyLocation(ctx, key) ?? ctx.step.task.argsLoc ?? ctx.step.task.loc;
      throw new TaskError([{ message: invalid, origin, help: VARIABLE_NAME_HINT }]);
    }
    // A value set_fact stores is data: a template in it (from a !unsafe value, say) is never
    // rendered. Text with no template in it stays trusted: 2.19 keeps a playbook string's trust
    // (`when: "{{ fact }}"` evaluates it).
    facts.set(name, typeof value === 'string' && !ctx.templar.isTemplate(value) ? value : untrusted(value));
    copyValueOrigin(ctx.args, facts, key);
    // Where the name was written: 2.19's reserved-name warning points there.
    const at = keyLocation(ctx, key) ?? ctx.step.task.argsLoc;
    if (at) setKeyOrigin(facts, name, at);
  }
  if (facts.size === 0) {
    throw new ActionFail('No key/value pairs provided, at least one is required for this action to succeed');
  }
  // NOTE: 2.19's set_fact result reaches the variable manager with its names sorted: that is
  // the order they are stored in (and listed by `vars`, `varnames`, `ansible_facts.keys()`).
  const sorted = new Map<string, Data>();
  for (const name of [...facts.keys()].sort()) {
    sorted.set(name, facts.get(name) as Data);
    copyValueOrigin(facts, sorted, name);
    copyKeyOrigin(facts, sorted, name);
  }
  return new Map<string, Data>([['ansible_facts', sorted], ['_ansible_facts_cacheable', cacheable]]);
};

/** 2.19's boolean(value, strict=True): a value it cannot read as a boolean fails the task. */
function strictBool(ctx: Parameters<Action>[0], value: Data): boolean {
  if (value !== null && isStrictBool(value)) return toBoolLike(value);
  throw new TaskError([{ message: `The value '${pyStr(value)}' is not a valid boolean. Valid booleans include: ${VALID_BOOLEANS}`, origin: ctx.step.task.loc }]);
}

/** Where the argument's name was written, for the error about it. */
function keyLocation(ctx: Parameters<Action>[0], key: DictKey): SourceLocation | undefined {
  const node = ctx.step.task.argsNode;
  if (!node || node.kind !== 'map') return undefined;
  return node.pairs.find((p) => p.key.kind === 'scalar' && p.key.value === key)?.key.loc;
}
