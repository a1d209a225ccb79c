import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InventoryError } from '../../../src/core/errors.js';
import { hostList } from '../../../src/inventory/host-list.js';
import { loadInventory } from '../../../src/inventory/load-inventory.js';

// Expected host lists were recorded from ansible-core 2.19 by fixtures/patterns/record.sh
// (`ansible -i hosts.ini PATTERN --list-hosts`).
const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'patterns');
interface Recorded {
  hosts: string[];
  stderr: string;
  rc: number;
}
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
  patterns: Record<string, Recorded>;
  limits: Record<string, Recorded>;
};

/**
 * Runs what `ansible PATTERN --list-hosts [-l LIMIT]` runs (ad-hoc turns a failure without
 * --limit into a warning); returns hosts, stderr and rc as ansible would.
 */
function listHosts(pattern: string, limit?: string): Recorded {
  const inventory = loadInventory({ sources: [join(dir, 'hosts.ini')], cwd: dir });
  let hosts: string[] = [];
  let rc = 0;
  let error = '';
  try {
    hosts = hostList(inventory, limit, pattern);
  } catch (e) {
    if (!(e instanceof InventoryError)) throw e;
    if (limit !== undefined) {
      error = `[ERROR]: ${e.message}\n`;
      rc = 1;
    } else inventory.warn('No hosts matched, nothing to do');
  }
  const stderr = inventory.warnings.map((w) => `[WARNING]: ${w}\n`).join('') + error;
  return { hosts, stderr, rc };
}

describe('inventory/host patterns', () => {
  for (const [pattern, want] of Object.entries(expected.patterns)) {
    it(`selects ${JSON.stringify(pattern)} as ansible does`, () => {
      assert.deepEqual(listHosts(pattern), want);
    });
  }
});

describe('inventory/--limit', () => {
  for (const [limit, want] of Object.entries(expected.limits)) {
    it(`limits all to ${JSON.stringify(limit)} as ansible does`, () => {
      const cwd = process.cwd();
      process.chdir(dir);
      try {
        assert.deepEqual(listHosts('all', limit), want);
      } finally {
        process.chdir(cwd);
      }
    });
  }
});
