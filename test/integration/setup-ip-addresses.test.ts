// setup's one `ip addr show` is split per interface into the lines `ip addr show primary dev X` and
// `ip addr show secondary dev X` would print (the facts parser reads only inet/inet6 lines).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runWithSetup } from './setup-python.js';

// Recorded from `ip addr show` (iproute2 6.1) in a network namespace with a primary, a secondary, a
// labelled secondary and a second-subnet address on one veth; the `temporary` IPv6 line is added by
// hand in iproute2's format (userspace cannot set that kernel flag).
const SHOWN = `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00
    inet 127.0.0.1/8 scope host lo
       valid_lft forever preferred_lft forever
    inet6 ::1/128 scope host 
       valid_lft forever preferred_lft forever
3: v0@v1: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc noqueue state UP group default qlen 1000
    link/ether 76:0f:80:61:d1:26 brd ff:ff:ff:ff:ff:ff
    inet 10.9.0.1/24 scope global v0
       valid_lft forever preferred_lft forever
    inet 10.8.0.1/16 brd 10.8.255.255 scope global v0
       valid_lft forever preferred_lft forever
    inet 10.9.0.2/24 scope global secondary v0
       valid_lft forever preferred_lft forever
    inet 10.9.0.3/24 scope global secondary v0:1
       valid_lft forever preferred_lft forever
    inet6 fd01::7/64 scope global temporary dynamic 
       valid_lft 86000sec preferred_lft 14000sec
    inet6 fd01::5/64 scope global nodad 
       valid_lft forever preferred_lft forever
`;

const SCRIPT = `
class Ctx(object):
    def run_command(self, argv):
        return 0, sys.stdin.read(), ''
import _network_facts as net
split = net._addresses_by_ifindex(Ctx(), '/usr/sbin/ip')
print(json.dumps(dict((k, [[l.split()[1] for l in text.splitlines() if l.split()[0] in ('inet', 'inet6')] for text in v]) for k, v in split.items())))
`;

describe('setup: interface addresses from one ip addr show', () => {
  it('splits each interface into primary and secondary addresses as the ip filters would', (t) => {
    const r = runWithSetup(SCRIPT, { input: SHOWN });
    if (r.error) {
      t.skip('python3 is not available');
      return;
    }
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      '1': [['127.0.0.1/8', '::1/128'], []],
      '3': [['10.9.0.1/24', '10.8.0.1/16', 'fd01::5/64'], ['10.9.0.2/24', '10.9.0.3/24', 'fd01::7/64']],
    });
  });
});
