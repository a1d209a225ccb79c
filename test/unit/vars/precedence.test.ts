import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, type Data, type DataDict } from '../../../src/core/data.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import { loadYamlData } from '../../../src/inventory/load-yaml-data.js';
import { parseExtraVars } from '../../../src/vars/parse-extra-vars.js';
import type { PlayScope, RoleScope } from '../../../src/vars/scopes.js';
import { VariableManager } from '../../../src/vars/variable-manager.js';

// fixtures/precedence defines pNN at every level 1..NN (play.yml) and qNN across roles and their
// dependency (roles.yml); expected.json holds what ansible-core 2.19 printed (record.sh).
// The scopes below mirror those two playbooks, as the compile stage would describe them.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'precedence');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, unknown>;

function yaml(path: string): DataDict {
  const data = loadYamlData(readFileSync(join(dir, path), 'utf8'), path);
  assert.ok(isDict(data));
  return data;
}

function flow(names: string[], value: string): DataDict {
  return new Map(names.map((n) => [n, value]));
}

function range(prefix: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i <= to; i++) out.push(`${prefix}${String(i).padStart(2, '0')}`);
  return out;
}

/** Data as the plain JSON a debug task prints, with the fixture directory hidden. */
function plain(value: Data | undefined): unknown {
  if (value === undefined) return '<undefined>';
  if (typeof value === 'string') return value.split(dir).join('<DIR>');
  if (Array.isArray(value)) return value.map(plain);
  if (isDict(value)) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  return value;
}

function manager(): VariableManager {
  const inventory = loadInventory({ sources: [join(dir, 'inventory/hosts')], cwd: dir });
  return new VariableManager({ inventory, playbookDir: dir, extraVars: parseExtraVars(['@extra.yml'], dir) });
}

describe('vars/precedence', () => {
  it('orders every level of a play as ansible-core does', () => {
    const vm = manager();
    const r: RoleScope = { name: 'r', path: join(dir, 'roles/r'), defaults: yaml('roles/r/defaults/main.yml'), vars: yaml('roles/r/vars/main.yml') };
    const play: PlayScope = {
      name: 'precedence',
      hosts: 'all',
      roles: [r],
      vars: flow(range('p', 11, 19), 'play_vars'),
      varsFiles: [yaml('vars/files.yml')],
    };
    for (const [k, v] of yaml('vars/include.yml')) vm.setHostVariable('h1', String(k), v);
    vm.setNonPersistentFacts('h1', flow(range('p', 17, 19), 'set_fact'));
    const includeVars = flow(['p18', 'p19'], 'include_params');
    const source = vm.taskVars('h1', play, {
      vars: [includeVars, flow(range('p', 14, 19), 'block_vars'), flow(range('p', 15, 19), 'task_vars')],
      includeParams: includeVars,
    });
    const got = Object.fromEntries(range('p', 1, 19).map((n) => [n, plain(source.get(n))]));
    assert.deepEqual(got, expected['play.yml: show']);
  });

  const r3: RoleScope = {
    name: 'r3',
    path: join(dir, 'roles/r3'),
    defaults: yaml('roles/r3/defaults/main.yml'),
    vars: yaml('roles/r3/vars/main.yml'),
    params: flow(['q09', 'q10'], 'r3_params'),
  };
  const r2: RoleScope = {
    name: 'r2',
    path: join(dir, 'roles/r2'),
    defaults: yaml('roles/r2/defaults/main.yml'),
    vars: yaml('roles/r2/vars/main.yml'),
    entryVars: flow(['q06', 'q07', 'q08'], 'r2_entry_vars'),
    params: flow(['q10', 'q11'], 'r2_params'),
    dependencies: [r3],
  };
  const rolesPlay: PlayScope = { name: 'roles play', hosts: 'all', roles: [r2], vars: flow(range('q', 3, 11), 'play_vars') };
  const shown = [
    ...range('q', 1, 11),
    'role_name', 'role_path', 'ansible_role_name', 'ansible_play_role_names', 'ansible_dependent_role_names', 'role_names',
    'ansible_play_name', 'group_names', 'groups', 'ansible_play_hosts_all', 'ansible_play_batch', 'inventory_hostname_short',
    'inventory_dir',
  ];

  it("gives a role's task its defaults, vars, entry vars and params in ansible's order", () => {
    const source = manager().taskVars('h1', rolesPlay, { role: r2, vars: [flow(['q07', 'q08'], 'r2_task_vars')] });
    assert.deepEqual(Object.fromEntries(shown.map((n) => [n, plain(source.get(n))])), expected['roles.yml: r2 : r2 show']);
  });

  it("lets a dependency's own defaults and vars beat the role that pulled it in", () => {
    const source = manager().taskVars('h1', rolesPlay, { role: r3, depChain: [r2], vars: [flow(['q08'], 'r3_task_vars')] });
    assert.deepEqual(Object.fromEntries(shown.map((n) => [n, plain(source.get(n))])), expected['roles.yml: r3 : r3 show']);
  });
});

describe('vars/precedence with hash_behaviour=merge', () => {
  const d = (entries: [string, Data][]): DataDict => new Map(entries);
  const inventory = loadInventory({ sources: ['h1,'], cwd: dir });

  it('merges a dict with the dicts below it, down to the first value that is no dict', () => {
    const vm = new VariableManager({ inventory, playbookDir: dir, hashBehaviour: 'merge', extraVars: new Map([['x', d([['extra', 1]])]]) });
    const play: PlayScope = { name: 'p', hosts: 'all', roles: [], vars: new Map([['x', 'not a dict']]), varsFiles: [new Map([['x', d([['file', 1], ['n', d([['a', 1]])]])]])] };
    vm.setIncludeVars('h1', new Map([['x', d([['n', d([['b', 1]])]])]]));
    const x = vm.taskVars('h1', play, { vars: [] }).get('x');
    assert.deepEqual(plain(x), { file: 1, n: { a: 1, b: 1 }, extra: 1 });
  });

  it("lets task vars replace their block's dict before merging with the rest (2.19's `|=`)", () => {
    const vm = new VariableManager({ inventory, playbookDir: dir, hashBehaviour: 'merge' });
    const play: PlayScope = { name: 'p', hosts: 'all', roles: [], vars: new Map([['x', d([['play', 1]])]]) };
    const x = vm.taskVars('h1', play, { vars: [new Map([['x', d([['block', 1]])]]), new Map([['x', d([['task', 1]])]])] }).get('x');
    assert.deepEqual(plain(x), { play: 1, task: 1 });
  });

  it('keeps replacing dicts by default', () => {
    const vm = new VariableManager({ inventory, playbookDir: dir });
    const play: PlayScope = { name: 'p', hosts: 'all', roles: [], vars: new Map([['x', d([['play', 1]])]]) };
    assert.deepEqual(plain(vm.taskVars('h1', play, { vars: [new Map([['x', d([['task', 1]])]])] }).get('x')), { task: 1 });
  });
});
