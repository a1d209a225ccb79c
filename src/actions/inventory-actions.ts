import { isDict, pyStr, type Data } from '../core/data.js';
import type { Action } from '../run/action.js';
import { asStringList } from './util.js';

/** add_host: a new inventory host (and groups) for the rest of the playbook. */
export const addHost: Action = (ctx) => {
  const args = ctx.args;
  const name = args.get('name') ?? args.get('host') ?? args.get('hostname');
  if (name === undefined || name === null) return new Map<string, Data>([['failed', true], ['msg', 'name or hostname arg needs to be provided']]);
  const groups = asStringList(args.get('groups') ?? args.get('group') ?? args.get('groupname'));
  const hostVars = new Map<string, Data>();
  for (const [k, v] of args) {
    if (['name', 'host', 'hostname', 'groups', 'group', 'groupname'].includes(String(k))) continue;
    hostVars.set(String(k), v);
  }
  const addHostInfo = new Map<string, Data>([['host_name', pyStr(name)], ['groups', groups], ['host_vars', hostVars]]);
  return new Map<string, Data>([['changed', true], ['add_host', addHostInfo]]);
};

/** group_by: puts the host into groups named by `key`. */
export const groupBy: Action = (ctx) => {
  const key = ctx.args.get('key');
  if (key === undefined || key === null) return new Map<string, Data>([['failed', true], ['msg', "the 'key' param is required when using group_by"]]);
  const group = pyStr(key).replace(/[^A-Za-z0-9_]/g, '_');
  const parents = asStringList(ctx.args.get('parents') ?? 'all');
  return new Map<string, Data>([['changed', false], ['add_group', group], ['parent_groups', parents]]);
};

/** set_stats: custom stats shown after the recap (with show_custom_stats). */
export const setStats: Action = (ctx) => {
  const data = ctx.args.get('data');
  if (!isDict(data)) return new Map<string, Data>([['failed', true], ['msg', "The 'data' option needs to be a dictionary/hash"]]);
  const stats = new Map<string, Data>([
    ['data', data],
    ['per_host', ctx.args.has('per_host') ? (ctx.args.get('per_host') as Data) : false],
    ['aggregate', ctx.args.has('aggregate') ? (ctx.args.get('aggregate') as Data) : true],
  ]);
  return new Map<string, Data>([['changed', false], ['ansible_stats', stats]]);
};
