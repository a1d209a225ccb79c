/**
 * package: the agent's package module picks the host's package manager module and runs it. Under
 * a `collections:` list, 2.19's action names that backend first (the `use` option, the
 * ansible_package_use variable, the pkg_mgr fact, or a setup call for it) and looks it up through
 * the list, which warns of each collection it cannot import (module-load-warnings.ts).
 */
import type { Data } from '../core/data.js';
import { isDict } from '../core/data.js';
import type { Action, ActionContext } from '../run/action.js';
import { moduleLoadWarnings } from './module-load-warnings.js';
import { pyStr } from './util.js';

function renderedVar(ctx: ActionContext, expression: string): Data | undefined {
  try {
    return ctx.templar.render(`{{ ${expression} | default(none) }}`, ctx.vars, {});
  } catch {
    return undefined;
  }
}

async function backendOf(ctx: ActionContext): Promise<string> {
  const use = pyStr(ctx.args.get('use') ?? 'auto');
  if (use !== 'auto') return use;
  const configured = renderedVar(ctx, 'ansible_package_use');
  if (typeof configured === 'string' && configured !== '') return configured;
  const fact = renderedVar(ctx, 'ansible_facts.pkg_mgr');
  if (typeof fact === 'string' && fact !== '') return fact;
  const facts = await ctx.runModule({ module: 'setup', args: new Map<string, Data>([['gather_subset', '!all'], ['filter', 'ansible_pkg_mgr']]) });
  const found = facts.get('ansible_facts');
  return isDict(found) ? pyStr(found.get('ansible_pkg_mgr') ?? 'auto') : 'auto';
}

export const packageAction: Action = async (ctx) => {
  if (ctx.collections !== undefined && moduleLoadWarnings('package', ctx.collections).length > 0) {
    const backend = await backendOf(ctx);
    for (const message of moduleLoadWarnings(backend, ctx.collections)) ctx.warn({ message });
  }
  return ctx.runModule({ module: 'package', args: ctx.args });
};
