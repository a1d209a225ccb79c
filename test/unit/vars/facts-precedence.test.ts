import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, pyStr } from '../../../src/core/data.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import type { PlayScope } from '../../../src/vars/scopes.js';
import { VariableManager } from '../../../src/vars/variable-manager.js';

// fixtures/facts-precedence/expected.json: what play.yml printed under ansible-core 2.19
// (record.sh). The facts fed below are the values the first message shows setup gathered.
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'facts-precedence');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { messages: Record<string, string>[] };

describe('vars/facts precedence', () => {
  it('ranks gathered facts above inventory host vars and below play vars, across plays', () => {
    const gathered = expected.messages[0] as Record<string, string>;
    const inventory = loadInventory({ sources: [join(dir, 'hosts')], cwd: dir });
    const vm = new VariableManager({ inventory, playbookDir: dir });
    // What setup returns: facts with their ansible_ prefix.
    vm.setFacts('h1', new Map([['ansible_system', gathered.facts_system as string], ['ansible_machine', gathered.facts_machine as string]]));
    const first: PlayScope = { name: 'facts over inventory', hosts: 'h1', roles: [], vars: new Map() };
    const one = vm.taskVars('h1', first, {});
    const facts = one.get('ansible_facts');
    assert.ok(isDict(facts));
    assert.deepEqual(
      { system: pyStr(one.get('ansible_system')), machine: pyStr(one.get('ansible_machine')), facts_system: pyStr(facts.get('system')), facts_machine: pyStr(facts.get('machine')) },
      expected.messages[0],
    );
    const second: PlayScope = { name: 'play vars over facts', hosts: 'h1', roles: [], vars: new Map([['ansible_system', 'play']]) };
    const two = vm.taskVars('h1', second, {});
    assert.deepEqual({ system: pyStr(two.get('ansible_system')), machine: pyStr(two.get('ansible_machine')) }, expected.messages[1]);
  });
});
