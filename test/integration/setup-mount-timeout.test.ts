// setup's mount facts honour gather_timeout as ansible's do: each mount's sizes and UUID are found
// in a thread of their own, and a mount that does not answer in time (a hung network filesystem)
// gets a warning and a note instead of holding the whole gather. Simulated here with a mount_size
// that hangs for '/'.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { runWithSetup } from './setup-python.js';

const SCRIPT = `
import _hardware_facts as hw
real = hw.mount_size
def slow_root(path):
    if path == '/':
        time.sleep(30)
    return real(path)
hw.mount_size = slow_root
ctx = rt.Context('setup', {})
started = time.monotonic()
mounts = hw._mount_facts(ctx, 1)['mounts']
print(json.dumps({'mounts': mounts, 'warnings': ctx.warnings, 'seconds': time.monotonic() - started}))
`;

function rootIsListed(): boolean {
  const mtab = existsSync('/etc/mtab') ? '/etc/mtab' : '/proc/mounts';
  return readFileSync(mtab, 'utf8').split('\n').some((l) => {
    const f = l.split(/\s+/);
    const device = f[0] ?? '';
    return f[1] === '/' && (device.startsWith('/') || device.includes(':/')) && f[2] !== 'none';
  });
}

describe('setup: gather_timeout for mount facts', () => {
  it('notes a mount that does not answer in time and goes on', { skip: rootIsListed() ? false : 'no device mounted on / here' }, () => {
    const r = runWithSetup(SCRIPT, { timeout: 20_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { mounts: Record<string, unknown>[]; warnings: string[]; seconds: number };
    const root = out.mounts.find((m) => m.mount === '/');
    assert.ok(root, 'no / mount');
    assert.equal(root.note, 'Could not get extra information due to timeout');
    assert.equal(root.uuid, undefined);
    assert.equal(root.size_total, undefined);
    assert.deepEqual(out.warnings, ['Timeout exceeded when getting mount info for /']);
    assert.ok(out.seconds < 5, `took ${out.seconds} s`);
    for (const m of out.mounts.filter((x) => x.mount !== '/')) assert.equal(typeof m.uuid, 'string');
  });
});
