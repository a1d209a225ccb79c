// setup reads /proc/self/mountinfo where it ran findmnt and `stat -f`: bind mounts (a ']' in
// findmnt's SOURCE column: SOURCE[fsroot]) and the type of the filesystem on '/' (is_chroot looks
// for btrfs or xfs in stat's name for it). On this machine both must be what the programs say.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { runWithSetup } from './setup-python.js';

const SCRIPT = `
import re
ctx = rt.Context('setup', {})
rc, out, err = ctx.run_command([ctx.get_bin_path('findmnt'), '--list', '--noheadings', '--notruncate'])
ran = sorted(set(l.split()[0] for l in out.splitlines() if len(l.split()) >= 2 and re.match(r'.*\\]', l.split()[1])))
import _mountinfo_facts as mi
read = mi.findmnt_bind_mounts()
print(json.dumps({'rc': rc, 'ran': ran, 'read': None if read is None else sorted(read)}))
`;

const ROOT_TYPE = `
ctx = rt.Context('setup', {})
rc, out, err = ctx.run_command([ctx.get_bin_path('stat'), '-f', '--format=%T', '/'])
read = mod.root_fs_type()
print(json.dumps({'stat': out.strip(), 'read': read}))
`;

describe('setup: mounts from mountinfo', () => {
  const findmnt = ['/usr/bin/findmnt', '/bin/findmnt'].some((p) => existsSync(p));
  it('finds the mounts findmnt shows with a filesystem root', { skip: findmnt ? false : 'no findmnt here' }, () => {
    const r = runWithSetup(SCRIPT);
    assert.equal(r.status, 0, r.stderr);
    const { rc, ran, read } = JSON.parse(r.stdout) as { rc: number; ran: string[]; read: string[] | null };
    assert.equal(rc, 0);
    assert.notEqual(read, null, 'mountinfo holds text findmnt would escape: not compared here');
    assert.deepEqual(read, ran);
  });

  it("names the root filesystem as stat -f does, for what setup looks for", () => {
    const r = runWithSetup(ROOT_TYPE);
    assert.equal(r.status, 0, r.stderr);
    const { stat, read } = JSON.parse(r.stdout) as { stat: string; read: string | null };
    if (read === null) return; // mountinfo shows no single mount on '/' here: stat runs
    for (const name of ['btrfs', 'xfs']) assert.equal(read.includes(name), stat.includes(name), `${name}: ${read} / ${stat}`);
  });
});
