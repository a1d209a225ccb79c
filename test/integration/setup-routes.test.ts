// setup asks the kernel over rtnetlink for what it used to read from `ip route get` and
// `ip route show table local`: on this machine, the network facts must be the same either way
// (the other way is the ip commands, as setup runs them where ip is not iproute2's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { runWithSetup } from './setup-python.js';

const SCRIPT = `
import _network_facts as net
ctx = rt.Context('setup', {})
asked = mod.collect_network(ctx, {}, {})
net._is_iproute2 = lambda path: False
ran = mod.collect_network(ctx, {}, {})
print(json.dumps({'asked': asked, 'ran': ran}))
`;

describe('setup: routes from rtnetlink', () => {
  const ip = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip'].find((p) => existsSync(p));
  it('gives the network facts the ip commands give', { skip: ip ? false : 'no ip here' }, () => {
    const r = runWithSetup(SCRIPT);
    assert.equal(r.status, 0, r.stderr);
    const { asked, ran } = JSON.parse(r.stdout) as { asked: Record<string, unknown>; ran: Record<string, unknown> };
    assert.ok(Object.keys(ran).length > 0, 'no network facts');
    assert.deepEqual(asked, ran);
    // key order too: facts print in it
    assert.deepEqual(JSON.stringify(asked.default_ipv4), JSON.stringify(ran.default_ipv4));
    assert.deepEqual(Object.keys(asked), Object.keys(ran));
  });
});
