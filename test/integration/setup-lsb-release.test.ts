// setup answers `lsb_release -a` itself when the program is Debian's minimal shell script (known by
// its hash): the answer must be what the script prints for the same os-release. The script reads
// the file LSB_OS_RELEASE names, so each fixture runs through the real script and the emulation.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MODULES = fileURLToPath(new URL('../../src/agent/modules/', import.meta.url));

const FIXTURES: Record<string, string> = {
  debian: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n',
  ubuntu: 'NAME="Ubuntu"\nVERSION="24.04 LTS (Noble Numbat)"\nID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_ID="24.04"\nVERSION_CODENAME=noble\nUBUNTU_CODENAME=noble\n',
  suse: "NAME='openSUSE Leap'\nID=opensuse-leap\n# a comment\n\n  VERSION_ID='15.5'\nPRETTY_NAME=\"openSUSE Leap 15.5\"\n",
  sid: 'PRETTY_NAME="Debian GNU/Linux trixie/sid"\nNAME="Debian GNU/Linux"\nVERSION_CODENAME=trixie\nID=debian\n',
  nameIsX: 'NAME=x\nID=x\nVERSION_ID=\n',
  nameEmpty: 'NAME=""\nID=\n',
  empty: '',
};
// os-release text the emulation must leave to the program (the shell would expand or split it)
const NOT_PLAIN = ['NAME="a $HOME"\nID=a\n', 'NAME=two words\nID=a\n', 'NAME="caf\u00e9"\nID=a\n', 'ID=a\r\n'];

const SCRIPT = `
import json, os, sys
sys.path.insert(0, sys.argv[1])
from _lsb_facts import minimal_lsb_release_all
env = dict(os.environ)
env.pop('LSB_OS_RELEASE', None)
print(json.dumps(minimal_lsb_release_all('/usr/bin/lsb_release', env, (sys.argv[2],))))
`;

function emulated(file: string): string | null {
  const r = spawnSync('python3', ['-c', SCRIPT, MODULES, file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as string | null;
}

describe('setup: lsb_release -a answered without the minimal script', () => {
  const known = spawnSync('python3', ['-c', `
import hashlib, sys
sys.path.insert(0, sys.argv[1])
from _lsb_facts import MINIMAL_SCRIPTS
print(hashlib.sha256(open('/usr/bin/lsb_release', 'rb').read()).hexdigest() in MINIMAL_SCRIPTS)`, MODULES], { encoding: 'utf8' });
  const skip = known.stdout.trim() === 'True' ? false : '/usr/bin/lsb_release is not a known minimal script here';

  it('prints what the script prints for each os-release', { skip }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-lsb-'));
    try {
      for (const [name, text] of Object.entries(FIXTURES)) {
        const file = join(dir, name);
        writeFileSync(file, text);
        const real = spawnSync('/usr/bin/lsb_release', ['-a'], { encoding: 'utf8', env: { ...process.env, LSB_OS_RELEASE: file } });
        assert.equal(real.status, 0, real.stderr);
        assert.equal(emulated(file), real.stdout, name);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves os-release text that is not plain assignments to the program', { skip }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-lsb-'));
    try {
      NOT_PLAIN.forEach((text, i) => {
        const file = join(dir, `bad${i}`);
        writeFileSync(file, text);
        assert.equal(emulated(file), null, JSON.stringify(text));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
