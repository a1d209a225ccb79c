import { isDict, pyStr, truthy, type Data, type DataDict } from '../core/data.js';
import { valueOrigin } from '../core/value-origins.js';
import { parseAddress } from '../inventory/parse-address.js';
import { pyClassRepr } from '../inventory/yaml-inventory.js';
import { ActionFail, TaskError } from '../run/task-error.js';
import type { Action } from '../run/action.js';
import { toBool } from '../run/keyword-values.js';
import { taggedTypeName } from './util.js';

/** Arguments that say which host and groups; every other one is a variable of the host. */
const ADD_HOST_SPECIAL = new Set(['name', 'hostname', 'groupname', 'groups']);

/** add_host: a new inventory host (and groups) for the rest of the playbook, as 2.19 reads its args. */
export const addHost: Action = (ctx) => {
  // NOTE: 2.19 hands the action its args in key order; the port parsed from the name comes after.
  const args: DataDict = new Map([...ctx.args].sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)));
  const raw = args.get('_raw_params') ?? new Map();
  args.delete('_raw_params');
  if (!isDict(raw)) throw new ActionFail(`Invalid raw parameters passed, requires a dictionary/mapping got a  ${pyClassRepr(raw)}`);
  for (const [k, v] of raw) if (!args.has(k)) args.set(k, v);
  const newName = args.get('name') ?? args.get('hostname') ?? args.get('host');
  if (newName === undefined || newName === null) throw new ActionFail('name, host or hostname needs to be provided');
  ctx.display(`creating host via 'add_host': hostname=${pyStr(newName)}`, { verbosity: 2 });
  // NOTE: a name that is not text is passed on as it is (2.19's address parsing fails on it); the
  // inventory refuses it when the result comes back (run/dynamic-host-name.ts).
  let name: Data = newName;
  try {
    if (typeof newName !== 'string') throw new TypeError('not text');
    const parsed = parseAddress(newName);
    name = parsed.host;
    if (parsed.port) args.set('ansible_ssh_port', parsed.port);
  } catch {
    // not a parsable hostname, but usable as it is
  }
  const groups: string[] = [];
  const given = args.get('groupname') ?? args.get('groups') ?? args.get('group') ?? '';
  if (truthy(given)) {
    let list: Data[];
    if (Array.isArray(given)) list = given;
    else if (typeof given === 'string') list = given.split(',');
    else throw new ActionFail('Groups must be specified as a list.', false, valueOrigin(ctx.args, 'groups') ?? valueOrigin(ctx.rawArgs, 'groups'));
    // NOTE: ansible tests for a repeat before it strips the name.
    for (const group of list.map(pyStr)) if (!groups.includes(group)) groups.push(group.trim());
  }
  const hostVars = new Map<string, Data>();
  for (const [k, v] of args) if (!ADD_HOST_SPECIAL.has(String(k))) hostVars.set(String(k), v);
  const addHostInfo = new Map<string, Data>([['host_name', name], ['groups', groups], ['host_vars', hostVars]]);
  return new Map<string, Data>([['changed', true], ['add_host', addHostInfo]]);
};

/** group_by: puts the host into groups named by `key`. */
export const groupBy: Action = (ctx) => {
  const key = ctx.args.get('key');
  // NOTE: a key given as null is there: 2.19 fails on it as it dashes its spaces.
  if (key === undefined) return new Map<string, Data>([['failed', true], ['msg', "the 'key' param is required when using group_by"]]);
  // 2.19 only turns spaces into dashes; the inventory warns of other characters.
  const dashed = (name: Data): string => {
    if (typeof name !== 'string') throw new TaskError([{ message: `'${taggedTypeName(name)}' object has no attribute 'replace'` }]);
    return name.replaceAll(' ', '-');
  };
  const given = ctx.args.has('parents') ? (ctx.args.get('parents') as Data) : ['all'];
  const group = dashed(key);
  const parents = (typeof given === 'string' ? [given] : iterated(given)).map(dashed);
  return new Map<string, Data>([['changed', false], ['add_group', group], ['parent_groups', parents]]);
};

/** What Python's iteration of a value gives (a dict's keys), failing as it does for a scalar. */
function iterated(value: Data): Data[] {
  if (Array.isArray(value)) return value;
  if (isDict(value)) return [...value.keys()];
  throw new TaskError([{ message: `'${taggedTypeName(value)}' object is not iterable` }]);
}

/** set_stats: custom stats shown after the recap (with show_custom_stats). */
export const setStats: Action = (ctx) => {
  const data = ctx.args.get('data') ?? new Map<string, Data>();
  if (!isDict(data)) return new Map<string, Data>([['failed', true], ['msg', "The 'data' option needs to be a dictionary/hash"]]);
  // NOTE: 2.19 reads the two flags as booleans that are never wrong: what is none of them is false.
  const flag = (name: string, dflt: boolean): boolean => {
    const value = ctx.args.get(name);
    return value === undefined || value === null ? dflt : toBool(value) ?? false;
  };
  const stats = new Map<string, Data>([['data', data], ['per_host', flag('per_host', false)], ['aggregate', flag('aggregate', true)]]);
  return new Map<string, Data>([['changed', false], ['ansible_stats', stats]]);
};
