import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDict, pyStr } from '../../../src/core/data.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';
import { VariableManager } from '../../../src/vars/variable-manager.js';

// fixtures/refresh/expected.json: what play.yml printed under ansible-core 2.19 (record.sh).
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'refresh');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { messages: unknown[] };

describe('inventory/refresh', () => {
  it('re-reads the sources and replays add_host and group_by', () => {
    const inventory = loadInventory({ sources: [join(dir, 'hosts')], cwd: dir });
    const vm = new VariableManager({ inventory, playbookDir: dir });
    inventory.addHost('new1', ['g', 'fresh'], new Map([['v', 1]]));
    inventory.addGroup('h1', 'by_h1', ['g']);
    inventory.refresh();
    const groups = vm.taskVars('h1').get('groups');
    assert.ok(isDict(groups));
    assert.deepEqual(Object.fromEntries(groups), expected.messages[0]);
    const new1 = vm.hostVarsSource('new1');
    const h1 = vm.hostVarsSource('h1');
    assert.equal(`${pyStr(new1.get('v'))} ${pyStr(h1.get('group_names'))}`, expected.messages[1]);
  });
});
