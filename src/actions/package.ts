/**
 * package: 2.19's action names the backend module (the `use` option, else the
 * ansible_package_use variable, else the pkg_mgr fact, else a setup call for it), fails itself
 * when that names no module, and runs the module it names with the task's arguments less `use`.
 * The host's package managers (apt, dnf, dnf5) run through the agent's package module, which also
 * finds the host's manager itself when nothing on the controller names one (the setup call 2.19
 * makes for it, without its round trip).
 */
import type { Data, DataDict } from '../core/data.js';
import { isDict } from '../core/data.js';
import { missingCollectionWarning } from '../core/missing-collection-warning.js';
import { BUILTIN_MODULES } from '../playbook/builtin-actions.js';
import type { Action, ActionContext } from '../run/action.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import { moduleLoadWarnings } from './module-load-warnings.js';
import { pyStr } from './util.js';

/** The backends 2.19 runs as ansible.legacy.<name> (its pkg_mgr table's builtin modules). */
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(['apt', 'dnf', 'dnf5']);

/** ansible.builtin's modules that are documentation only: their action plugin does the work. */
const DOCUMENTATION_ONLY: ReadonlySet<string> = new Set([
  'add_host', 'assert', 'debug', 'fail', 'fetch', 'gather_facts', 'group_by', 'import_playbook', 'import_role',
  'import_tasks', 'include_role', 'include_tasks', 'include_vars', 'meta', 'package', 'pause', 'raw', 'reboot',
  'script', 'set_fact', 'set_stats', 'shell', 'template', 'validate_argument_spec', 'wait_for_connection',
]);

function renderedVar(ctx: ActionContext, expression: string): Data | undefined {
  try {
    return ctx.templar.render(`{{ ${expression} | default(none) }}`, ctx.vars, {});
  } catch {
    return undefined;
  }
}

/** What names the backend on the controller: `use`, ansible_package_use, the pkg_mgr fact (undefined: none does). */
function namedBackend(ctx: ActionContext): string | undefined {
  // NOTE: a `use` of null or '' is no 'auto': 2.19 then looks nowhere else and cannot tell
  const use = ctx.args.has('use') ? ctx.args.get('use') : 'auto';
  if (use !== 'auto') return use === null || use === undefined ? '' : pyStr(use);
  const configured = renderedVar(ctx, 'ansible_package_use');
  if (typeof configured === 'string' && configured !== '') return configured;
  const fact = renderedVar(ctx, 'ansible_facts.pkg_mgr');
  if (typeof fact === 'string' && fact !== '') return fact;
  return undefined;
}

async function askedBackend(ctx: ActionContext): Promise<string> {
  const facts = await ctx.runModule({ module: 'setup', args: new Map<string, Data>([['gather_subset', '!all'], ['filter', 'ansible_pkg_mgr']]) });
  const found = facts.get('ansible_facts');
  return isDict(found) ? pyStr(found.get('ansible_pkg_mgr') ?? 'auto') : 'auto';
}

/** The short name of the builtin module `written` names (has_plugin: yum's redirect does not count). */
function builtinModule(written: string): string | undefined {
  const name = written.replace(/^ansible\.(builtin|legacy)\./, '');
  return BUILTIN_MODULES.has(name) ? name : undefined;
}

export const packageAction: Action = async (ctx) => {
  let backend = namedBackend(ctx);
  if (ctx.collections !== undefined && moduleLoadWarnings('package', ctx.collections).length > 0) {
    // 2.19 looks the backend up through the task's collections, which warns of each it cannot import
    backend ??= await askedBackend(ctx);
    for (const message of moduleLoadWarnings(backend, ctx.collections)) ctx.warn({ message });
  }
  if (backend === undefined) return ctx.runModule({ module: 'package', args: ctx.args });
  if (backend === '' || backend === 'auto') throw new ActionFail('Could not detect which package manager to use. Try gathering facts or setting the "use" option.');
  const warning = missingCollectionWarning(backend);
  if (warning !== undefined) ctx.warn({ message: warning });
  const module = builtinModule(backend);
  if (module === undefined) throw new ActionFail(`Could not find a matching action for the "${backend}" package manager.`);
  if (PACKAGE_MANAGERS.has(module)) {
    const args: DataDict = new Map(ctx.args);
    args.set('use', backend);
    return ctx.runModule({ module: 'package', args });
  }
  if (DOCUMENTATION_ONLY.has(module)) throw new TaskError([{ message: `module (${backend}) is missing interpreter line` }]);
  const args: DataDict = new Map(ctx.args);
  args.delete('use');
  if (backend !== module) args.set('_ansible_module_name', backend);
  return ctx.runModule({ module, args });
};
