// setup finds bind mounts (a ']' in findmnt's SOURCE column: SOURCE[fsroot]) in
// /proc/self/mountinfo instead of running findmnt; on this machine the set must be what setup
// took from `findmnt --list --noheadings --notruncate`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { runWithSetup } from './setup-python.js';

const SCRIPT = `
import re
ctx = rt.Context('setup', {})
rc, out, err = ctx.run_command([ctx.get_bin_path('findmnt'), '--list', '--noheadings', '--notruncate'])
ran = sorted(set(l.split()[0] for l in out.splitlines() if len(l.split()) >= 2 and re.match(r'.*\\]', l.split()[1])))
read = mod._findmnt_bind_mounts()
print(json.dumps({'rc': rc, 'ran': ran, 'read': None if read is None else sorted(read)}))
`;

describe('setup: bind mounts from mountinfo', () => {
  const findmnt = ['/usr/bin/findmnt', '/bin/findmnt'].some((p) => existsSync(p));
  it('finds the mounts findmnt shows with a filesystem root', { skip: findmnt ? false : 'no findmnt here' }, () => {
    const r = runWithSetup(SCRIPT);
    assert.equal(r.status, 0, r.stderr);
    const { rc, ran, read } = JSON.parse(r.stdout) as { rc: number; ran: string[]; read: string[] | null };
    assert.equal(rc, 0);
    assert.notEqual(read, null, 'mountinfo holds text findmnt would escape: not compared here');
    assert.deepEqual(read, ran);
  });
});
