// Volant's system modules on an isolated Debian test host, against ansible-core 2.19's results for
// the same steps on a twin host: setup, user, group, apt, package, sysvinit/service, cron,
// hostname, uri, get_url, unarchive, getent, wait_for. Each case resets the host first.
// Needs tools/test-hosts with the host up (VOLANT_MODULES_HOST, default vm02); skipped otherwise.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testHostAddress } from '../test-host-up.js';
import { checkModuleCase, listModuleCases } from './module-case.js';

const host = process.env['VOLANT_MODULES_HOST'] ?? 'vm02';
const skip = (await testHostAddress(host)) !== undefined ? false : `test host ${host} is not up (tools/test-hosts)`;

describe(`agent/modules on test host ${host}`, () => {
  for (const c of listModuleCases().filter((m) => m.target === 'host')) {
    it(`answers the ${c.steps} steps of ${c.name} as ansible-core 2.19 did`, { skip, timeout: 600_000 }, async () => {
      const problems = await checkModuleCase(c.name, host);
      assert.deepEqual(problems, [], `${c.name} differs from the recording:\n${problems.join('\n')}`);
    });
  }
});
