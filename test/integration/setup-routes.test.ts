// setup asks the kernel over rtnetlink for what it used to read from `ip route get` and
// `ip route show table local`: on this machine, the network facts must be the same either way
// (the other way is the ip commands, as setup runs them where ip is not iproute2's).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SETUP = fileURLToPath(new URL('../../src/agent/modules/setup.py', import.meta.url));

const SCRIPT = `
import json, os, sys, types
modules = os.path.dirname(sys.argv[1])
sys.path.insert(0, modules)
rt = types.ModuleType('volant_runtime')
sys.modules['volant_runtime'] = rt
exec(compile(open(os.path.join(modules, '..', 'runtime.py')).read(), 'runtime.py', 'exec'), rt.__dict__)
mod = types.ModuleType('setup_under_test')
exec(compile(open(sys.argv[1]).read(), 'setup.py', 'exec'), mod.__dict__)
ctx = rt.Context('setup', {})
asked = mod.collect_network(ctx, {}, {})
mod._is_iproute2 = lambda path: False
ran = mod.collect_network(ctx, {}, {})
print(json.dumps({'asked': asked, 'ran': ran}))
`;

describe('setup: routes from rtnetlink', () => {
  const ip = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip'].find((p) => existsSync(p));
  it('gives the network facts the ip commands give', { skip: ip ? false : 'no ip here' }, () => {
    const r = spawnSync('python3', ['-c', SCRIPT, SETUP], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { asked, ran } = JSON.parse(r.stdout) as { asked: Record<string, unknown>; ran: Record<string, unknown> };
    assert.ok(Object.keys(ran).length > 0, 'no network facts');
    assert.deepEqual(asked, ran);
    // key order too: facts print in it
    assert.deepEqual(JSON.stringify(asked.default_ipv4), JSON.stringify(ran.default_ipv4));
    assert.deepEqual(Object.keys(asked), Object.keys(ran));
  });
});
