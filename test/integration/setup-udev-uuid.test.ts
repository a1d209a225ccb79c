// setup reads a mount's device UUID from udev's database where `udevadm info --query property
// --name DEV` reads it; on this machine the answer must be what setup took from udevadm's output
// for every block device node, a missing one and a file that is no device.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { runWithSetup } from './setup-python.js';

const SCRIPT = `
import re, stat
import _mountinfo_facts as mi
udevadm = rt.Context('setup', {}).get_bin_path('udevadm')
ctx = rt.Context('setup', {})
names = ['/dev/' + n for n in sorted(os.listdir('/dev')) if stat.S_ISBLK(os.lstat('/dev/' + n).st_mode)]
names += ['/dev/volant-no-such-disk', '/etc/hostname']
rows = []
for name in names:
    derived = mi.udev_fs_uuid(name)
    rc, out, err = ctx.run_command([udevadm, 'info', '--query', 'property', '--name', name])
    m = re.search('ID_FS_UUID=(.*)\\\\n', out) if rc == 0 else None
    rows.append([name, derived, m.group(1) if m else 'N/A'])
print(json.dumps(rows))
`;

describe('setup: device UUIDs from the udev database', () => {
  const udevadm = ['/usr/bin/udevadm', '/bin/udevadm', '/sbin/udevadm'].some((p) => existsSync(p));
  it('answers as udevadm does, or leaves it to udevadm', { skip: udevadm ? false : 'no udevadm here' }, () => {
    const r = runWithSetup(SCRIPT);
    assert.equal(r.status, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as [string, string | null, string][];
    assert.ok(rows.length >= 2);
    for (const [name, derived, fromUdevadm] of rows) {
      if (derived !== null) assert.equal(derived, fromUdevadm, name);
    }
    assert.equal(rows.find((row) => row[0] === '/dev/volant-no-such-disk')?.[1], 'N/A');
  });
});
