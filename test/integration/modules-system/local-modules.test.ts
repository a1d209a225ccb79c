// Volant's system modules on this machine, against what ansible-core 2.19 answered here for the
// same steps (recorded over the oracle's ssh to this machine): getent, wait_for, uri and get_url
// against a loopback HTTP fixture, unarchive into a scratch directory, async_status, setup, and
// subversion against a file:// repository (a case's `needs` names the programs it runs here).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { checkModuleCase, listModuleCases } from './module-case.js';

// NOTE: the recordings hold this machine's /usr/bin/python3 facts; elsewhere they cannot match.
const skip = existsSync('/usr/bin/python3') ? false : 'needs /usr/bin/python3';

function onPath(program: string): boolean {
  return (process.env['PATH'] ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, program)));
}

describe('agent/modules on this machine', () => {
  for (const c of listModuleCases().filter((m) => m.target === 'local')) {
    const missing = c.needs.filter((program) => !onPath(program));
    const skipCase = skip || (missing.length > 0 ? `needs ${missing.join(', ')}` : false);
    it(`answers the ${c.steps} steps of ${c.name} as ansible-core 2.19 did`, { skip: skipCase, timeout: 120_000 }, async () => {
      const problems = await checkModuleCase(c.name);
      assert.deepEqual(problems, [], `${c.name} differs from the recording:\n${problems.join('\n')}`);
    });
  }
});
