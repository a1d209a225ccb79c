import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, type Data } from '../../../src/core/data.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import type { PlayScope, RoleScope } from '../../../src/vars/scopes.js';
import { VariableManager } from '../../../src/vars/variable-manager.js';

// fixtures/magic/expected.json: what play.yml printed under ansible-core 2.19 (record.sh), per
// "task @ host". The scopes and inventory calls below mirror what play.yml does.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'magic');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, unknown>;

function plain(value: Data | undefined): unknown {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return value.split(dir).join('<DIR>');
  if (Array.isArray(value)) return value.map(plain);
  if (isDict(value)) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  return value;
}

function keysOf(value: Data | undefined): string[] {
  assert.ok(isDict(value));
  return [...value.keys()].map(String);
}

function setup(): { vm: VariableManager; play: PlayScope; r1: RoleScope } {
  const inventory = loadInventory({ sources: [join(dir, 'hosts')], cwd: dir });
  const vm = new VariableManager({
    inventory,
    playbookDir: dir,
    configFile: null,
    options: { inventorySources: [join(dir, 'hosts')], forks: 1 },
  });
  const r1: RoleScope = { name: 'r1', path: join(dir, 'roles/r1'), defaults: new Map([['rd', 'default']]), vars: new Map() };
  const play: PlayScope = { name: 'magic play', hosts: 'h1,h2', roles: [r1], vars: new Map([['pv', 'play']]) };
  return { vm, play, r1 };
}

describe('vars/magic variables', () => {
  for (const host of ['h1', 'h2']) {
    it(`lists a role task's variables in ansible's order on ${host}`, () => {
      const { vm, play, r1 } = setup();
      assert.deepEqual(keysOf(vm.taskVars(host, play, { role: r1 }).get('vars')), expected[`r1 : role keys @ ${host}`]);
    });
    it(`lists a play task's variables in ansible's order on ${host}`, () => {
      const { vm, play } = setup();
      const source = vm.taskVars(host, play, { vars: [new Map([['tv', 'task']])] });
      assert.deepEqual(keysOf(source.get('vars')), expected[`task keys @ ${host}`]);
    });
    it(`shows hostvars of another host, of the implicit localhost, and the host list on ${host}`, () => {
      const { vm, play } = setup();
      const hostvars = vm.taskVars(host, play, {}).get('hostvars');
      assert.ok(isDict(hostvars));
      assert.deepEqual(keysOf(hostvars.get('h2')), expected[`hostvars keys @ ${host}`]);
      assert.deepEqual(keysOf(hostvars.get('localhost')), expected[`hostvars of implicit localhost @ ${host}`]);
      assert.deepEqual([...hostvars.keys()], expected[`hostvars iteration @ ${host}`]);
    });
  }

  it('gives inventory_hostname_short, group_names, groups, play hosts and hostvars values', () => {
    const { vm, play } = setup();
    const source = vm.taskVars('h1', play, {});
    const hostvars = source.get('hostvars');
    assert.ok(isDict(hostvars));
    const h2 = hostvars.get('h2');
    const h1 = hostvars.get('h1');
    const local = hostvars.get('localhost');
    assert.ok(isDict(h2) && isDict(h1) && isDict(local));
    const got = {
      inventory_hostname_short: plain(source.get('inventory_hostname_short')),
      group_names: plain(source.get('group_names')),
      groups: plain(source.get('groups')),
      play_hosts_all: plain(source.get('ansible_play_hosts_all')),
      h2_gv: plain(h2.get('gv')),
      h1_gv: plain(h1.get('gv')),
      localhost_in_hostvars: hostvars.has('localhost'),
      local_python: plain(local.get('ansible_python_interpreter')),
      local_connection: plain(local.get('ansible_connection')),
    };
    assert.deepEqual(got, expected['magic values @ h1']);
  });

  it('sees add_host and group_by changes in groups, hostvars and later plays', () => {
    const { vm, play } = setup();
    const inventory = vm.inventory;
    inventory.addHost('new1', ['g2', 'newgroup'], new Map([['nv', 5]]));
    for (const host of ['h1', 'h2']) inventory.addGroup(host, `by_${host}`, ['g1', 'parentgroup']);
    const source = vm.taskVars('h1', play, {});
    const hostvars = source.get('hostvars');
    assert.ok(isDict(hostvars));
    const new1 = hostvars.get('new1');
    const h2 = hostvars.get('h2');
    assert.ok(isDict(new1) && isDict(h2));
    const got = {
      groups: plain(source.get('groups')),
      new1: keysOf(new1),
      new1_nv: plain(new1.get('nv')),
      new1_group_names: plain(new1.get('group_names')),
      h2_group_names: plain(h2.get('group_names')),
      hosts: [...hostvars.keys()],
    };
    assert.deepEqual(got, expected['after changes @ h1']);
    assert.deepEqual(inventory.hostsMatching('g2:&newgroup'), expected['second play hosts @ new1']);
  });
});
