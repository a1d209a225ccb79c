/** Actions that need the controller's files or the agent: gather_facts/setup and include_vars. */
import { isDict, pyStr, type Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import { loadYamlFile } from '../yaml/load-yaml-file.js';
import { toData } from '../yaml/to-data.js';

/** gather_facts / setup: the setup module in the agent; facts land in ansible_facts. */
export const gatherFactsAction: Action = async (ctx) => {
  const result = await ctx.runModule({ module: 'setup', args: ctx.args });
  if (ctx.action === 'gather_facts') result.set('_ansible_verbose_override', true);
  return result;
};

/** include_vars: a YAML/JSON file of variables, with include_vars precedence. */
export const includeVarsAction: Action = (ctx) => {
  const name = ctx.args.get('file') ?? ctx.args.get('_raw_params');
  if (name === undefined || name === null) return new Map<string, Data>([['failed', true], ['msg', 'No file was specified']]);
  const path = ctx.findFile(pyStr(name), 'vars');
  if (!path) {
    return new Map<string, Data>([['failed', true], ['msg', `Could not find or access '${pyStr(name)}'\nSearched in:\n\t${pyStr(name)}`], ['ansible_facts', new Map()], ['ansible_included_var_files', []]]);
  }
  const loaded = loadYamlFile(path);
  const first = loaded.documents[0];
  const data = first ? toData(first) : new Map<string, Data>();
  const facts = isDict(data) ? data : new Map<string, Data>();
  const into = ctx.args.get('name');
  const out = into !== undefined && into !== null ? new Map<string, Data>([[pyStr(into), facts]]) : facts;
  return new Map<string, Data>([['ansible_facts', out], ['ansible_included_var_files', [path]], ['changed', false]]);
};
