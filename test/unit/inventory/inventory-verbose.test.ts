import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadInventory } from '../../../src/inventory/load-inventory.js';

// The lines below are what ansible-core 2.19 printed at -vvvv for `-i hosts -i h5,` (checked with the oracle).
describe('inventory/verbose lines', () => {
  it('says at -vvvv that it sets up the plugins for each source, the builtin collection once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-inv-verbose-'));
    writeFileSync(join(dir, 'hosts'), '[g]\nh1\n');
    const inventory = loadInventory({ sources: [join(dir, 'hosts'), 'h5,'], cwd: dir });
    const lines = inventory.warningDetails.map((d) => `${d.verbosity ?? 'warning'} ${d.message.split(dir).join('<DIR>')}`);
    assert.deepEqual(lines, [
      '4 setting up inventory plugins',
      '4 Loading collection ansible.builtin from ',
      '3 host_list declined parsing <DIR>/hosts as it did not pass its verify_file() method',
      '3 script declined parsing <DIR>/hosts as it did not pass its verify_file() method',
      '3 auto declined parsing <DIR>/hosts as it did not pass its verify_file() method',
      '3 Parsed <DIR>/hosts inventory source with ini plugin',
      '4 setting up inventory plugins',
      '3 Parsed h5, inventory source with host_list plugin',
    ]);
    assert.deepEqual(inventory.warnings, []);
  });

  it('names at -vvvv each invalid group name it meets and the localhost it takes', () => {
    // 2.19 (-vvvv, inventory '[my-group]\nlocalhost\n[a.b]\nlocalhost\n[my-group:vars]\nx=1'): the section
    // header and the new group each check the name.
    const dir = mkdtempSync(join(tmpdir(), 'volant-inv-verbose-'));
    writeFileSync(join(dir, 'hosts'), '[my-group]\nlocalhost\n[a.b]\nlocalhost\n[my-group:vars]\nx=1\n');
    const inventory = loadInventory({ sources: [join(dir, 'hosts')], cwd: dir });
    const lines = inventory.warningDetails.filter((d) => d.verbosity !== 3).map((d) => `${d.verbosity ?? 'warning'} ${d.message}`);
    assert.deepEqual(lines.slice(2), [
      `4 Not replacing invalid character(s) "{'-'}" in group name (my-group)`,
      'warning Invalid characters were found in group names but not replaced, use -vvvv to see details',
      `4 Not replacing invalid character(s) "{'-'}" in group name (my-group)`,
      '4 Set default localhost to localhost',
      `4 Not replacing invalid character(s) "{'.'}" in group name (a.b)`,
      `4 Not replacing invalid character(s) "{'.'}" in group name (a.b)`,
      `4 Not replacing invalid character(s) "{'-'}" in group name (my-group)`,
    ]);
  });
});
