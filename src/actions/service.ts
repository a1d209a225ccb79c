/**
 * service: runs the module of the host's service manager (the service_mgr fact: sysvinit,
 * systemd), or the generic service module when Volant has none for it, as ansible's service
 * action does. The modules answer differently for the same case (a missing service is
 * "…: host" from the generic module, "…: " from sysvinit), so the choice shows in the output.
 */
import type { Data, DataDict } from '../core/data.js';
import { isDict } from '../core/data.js';
import type { Action, ActionContext } from '../run/action.js';
import { pyStr } from './util.js';
import { moduleLoadWarnings } from './module-load-warnings.js';

// The service-manager modules ansible-core ships that Volant has; any other manager (openrc,
// upstart, launchd …) falls back to the generic module, as ansible does without a plugin for it.
const MANAGER_MODULES = new Set(['service', 'systemd', 'systemd_service', 'sysvinit']);

// The manager modules 2.19's service action runs by their ansible.legacy name (systemd_service,
// named only through `use`, runs as written).
const LEGACY_RUN = new Set(['service', 'systemd', 'sysvinit']);

// Options systemd does not take: dropped with a warning (ansible's UNUSED_PARAMS).
const UNUSED_BY: Readonly<Record<string, readonly string[]>> = {
  systemd: ['pattern', 'runlevel', 'sleep', 'arguments', 'args'],
};

function factServiceMgr(ctx: ActionContext): string {
  // A delegated task asks about the delegate's service manager, from its facts, as ansible does.
  const expression = ctx.delegatedTo === undefined ? 'ansible_facts.service_mgr' : `hostvars[${JSON.stringify(ctx.delegatedTo)}]['ansible_facts']['service_mgr']`;
  try {
    const value = ctx.templar.render(`{{ ${expression} }}`, ctx.vars, {});
    return typeof value === 'string' ? value : 'auto';
  } catch {
    // NOTE: no facts gathered: ansible asks the host (below) instead of failing.
    return 'auto';
  }
}

async function askHostServiceMgr(ctx: ActionContext): Promise<string> {
  const facts = await ctx.runModule({ module: 'setup', args: new Map<string, Data>([['gather_subset', '!all'], ['filter', 'ansible_service_mgr']]) });
  const found = facts.get('ansible_facts');
  return isDict(found) ? pyStr(found.get('ansible_service_mgr') ?? '') : '';
}

export const service: Action = async (ctx) => {
  let module = pyStr(ctx.args.get('use') ?? 'auto');
  if (module === 'auto') module = factServiceMgr(ctx);
  if (module === 'auto') module = await askHostServiceMgr(ctx);
  if (!MANAGER_MODULES.has(module)) module = 'service';
  // NOTE: 2.19 looks a manager's module up through the task's collections (each one it cannot
  // import warns); its fallback is ansible.legacy.service, which needs no search.
  else for (const message of moduleLoadWarnings(module, ctx.collections)) ctx.warn({ message });
  const args: DataDict = new Map(ctx.args);
  args.delete('use');
  for (const unused of UNUSED_BY[module] ?? []) {
    if (!args.has(unused)) continue;
    args.delete(unused);
    ctx.warn({ message: `Ignoring "${unused}" as it is not used in "${module}"` });
  }
  // NOTE: 2.19 runs its own manager modules as ansible.legacy.<name>: their messages name them so
  if (LEGACY_RUN.has(module)) args.set('_ansible_module_name', `ansible.legacy.${module}`);
  return ctx.runModule({ module, args });
};
