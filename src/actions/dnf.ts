/**
 * dnf (and yum, which 2.19 redirects to it): picks the backend module from `use`/`use_backend`,
 * else the host's package manager (its pkg_mgr fact, asked from the host when that is no dnf), as
 * ansible's dnf action does. On a host without dnf (Debian's apt) that fails with 2.19's words.
 */
import { isDict, markTuple, type Data, type DataDict } from '../core/data.js';
import type { Action, ActionContext } from '../run/action.js';
import { ActionFail } from '../run/task-error.js';
import { pyStr } from './util.js';

const BACKENDS = new Set(['yum', 'yum4', 'dnf', 'dnf4', 'dnf5']);

function factPkgMgr(ctx: ActionContext): string | undefined {
  const expression = ctx.delegatedTo === undefined ? 'ansible_facts.pkg_mgr' : `hostvars[${JSON.stringify(ctx.delegatedTo)}]['ansible_facts']['pkg_mgr']`;
  try {
    const value = ctx.templar.render(`{{ ${expression} }}`, ctx.vars, {});
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

export const dnf: Action = async (ctx) => {
  if (ctx.args.has('use') && ctx.args.has('use_backend')) {
    throw new ActionFail("parameters are mutually exclusive: ('use', 'use_backend')");
  }
  const result: DataDict = new Map();
  let backend = pyStr(ctx.args.get('use') ?? ctx.args.get('use_backend') ?? 'auto');
  if (backend === 'yum' || backend === 'auto') backend = factPkgMgr(ctx) ?? backend;
  if (!BACKENDS.has(backend)) {
    const facts = await ctx.runModule({ module: 'setup', args: new Map<string, Data>([['filter', 'ansible_pkg_mgr'], ['gather_subset', '!all']]) });
    if (facts.get('failed') === true) {
      const failed: DataDict = new Map(facts);
      failed.set('msg', `Failed to fetch ansible_pkg_mgr to determine the dnf action backend: ${pyStr(facts.get('msg') ?? null)}`);
      return failed;
    }
    const found = facts.get('ansible_facts');
    backend = isDict(found) ? pyStr(found.get('ansible_pkg_mgr') ?? 'auto') : 'auto';
    if (ctx.delegatedTo === undefined && backend !== 'auto') result.set('ansible_facts', new Map<string, Data>([['pkg_mgr', backend]]));
  }
  if (!BACKENDS.has(backend)) {
    result.set('failed', true);
    result.set(
      'msg',
      markTuple([
        'Could not detect which major revision of dnf is in use, which is required to determine module backend.',
        'You should manually specify use_backend to tell the module whether to use the dnf4 or dnf5 backend})',
      ]),
    );
    return result;
  }
  const args: DataDict = new Map(ctx.args);
  args.delete('use');
  args.delete('use_backend');
  const module = backend === 'yum4' || backend === 'dnf4' || backend === 'yum' ? 'dnf' : backend;
  // NOTE: 2.19 runs the backend as ansible.legacy.<name>: its argument errors name it so
  args.set('_ansible_module_name', `ansible.legacy.${module}`);
  const answer = await ctx.runModule({ module, args });
  // NOTE: the module's own result (its failure is the module's, not the action's), the action's
  // keys first as 2.19's result.update() leaves them
  const merged = new Map([...result, ...answer]);
  answer.clear();
  for (const [key, value] of merged) answer.set(key, value);
  return answer;
};
