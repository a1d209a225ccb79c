// Volant's system modules on an isolated Debian test host, against ansible-core 2.19's results for
// the same steps on a twin host: setup, user, group, apt, package, sysvinit/service, cron,
// hostname, uri, get_url, unarchive, getent, wait_for. Each case resets the host first.
// Needs tools/test-hosts with the host up (VOLANT_MODULES_HOST, default vm02); skipped otherwise.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { checkModuleCase, listModuleCases } from './module-case.js';

const host = process.env['VOLANT_MODULES_HOST'] ?? 'vm02';
const inventory = '/opt/test-hosts/inventory.ini';

/** The host's address when the inventory lists it and its sshd answers (a listed host may be down). */
async function hostIsUp(): Promise<boolean> {
  if (!existsSync(inventory)) return false;
  const line = readFileSync(inventory, 'utf8').split('\n').find((l) => l.startsWith(`${host} `));
  const address = line ? /ansible_host=(\S+)/.exec(line)?.[1] : undefined;
  if (!address) return false;
  return new Promise((resolve) => {
    const socket = connect({ host: address, port: 22, timeout: 1000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const skip = (await hostIsUp()) ? false : `test host ${host} is not up (tools/test-hosts)`;

describe(`agent/modules on test host ${host}`, () => {
  for (const c of listModuleCases().filter((m) => m.target === 'host')) {
    it(`answers the ${c.steps} steps of ${c.name} as ansible-core 2.19 did`, { skip, timeout: 600_000 }, async () => {
      const problems = await checkModuleCase(c.name, host);
      assert.deepEqual(problems, [], `${c.name} differs from the recording:\n${problems.join('\n')}`);
    });
  }
});
