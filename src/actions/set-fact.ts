import { pyStr, toBoolLike, type Data } from './util.js';
import { TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** set_fact: host variables with set_fact precedence (and facts too when cacheable). */
export const setFact: Action = (ctx) => {
  const facts = new Map<string, Data>();
  let cacheable = false;
  for (const [key, value] of ctx.args) {
    if (key === 'cacheable') {
      cacheable = toBoolLike(value);
      continue;
    }
    const name = pyStr(ctx.templar.isTemplate(pyStr(key)) ? ctx.templar.render(pyStr(key), ctx.vars, {}) : key);
    if (!IDENTIFIER.test(name)) {
      throw new TaskError([{ message: `Invalid variable name in 'set_fact' specified: '${name}'`, origin: ctx.step.task.loc }]);
    }
    facts.set(name, value);
  }
  if (facts.size === 0) {
    return new Map<string, Data>([['failed', true], ['msg', 'No key/value pairs provided, at least one is required for this action to succeed']]);
  }
  return new Map<string, Data>([['ansible_facts', facts], ['_ansible_facts_cacheable', cacheable]]);
};
