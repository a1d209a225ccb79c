import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pythonCollectionFile, pythonCollectionRoots } from './python-site-collections.js';

const TIMER = join('plugins', 'callback', 'timer.py');

/** A virtualenv holding ansible-playbook (its #! line `shebang`) and ansible.posix's timer callback. */
function venv(shebang: (dir: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'volant-venv-'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'python3'), '');
  chmodSync(join(dir, 'bin', 'python3'), 0o755);
  writeFileSync(join(dir, 'bin', 'ansible-playbook'), `${shebang(dir)}\nimport sys\n`);
  chmodSync(join(dir, 'bin', 'ansible-playbook'), 0o755);
  const posix = join(dir, 'lib', 'python3.12', 'site-packages', 'ansible_collections', 'ansible', 'posix');
  mkdirSync(join(posix, 'plugins', 'callback'), { recursive: true });
  writeFileSync(join(posix, TIMER), '');
  return dir;
}

describe('core/python-site-collections', () => {
  it("finds a collection in the site packages of the interpreter ansible-playbook's #! line names", () => {
    for (const shebang of [(d: string) => `#!${d}/bin/python3`, () => '#!/usr/bin/env python3']) {
      const dir = venv(shebang);
      try {
        const env = { PATH: `${join(dir, 'bin')}:/usr/bin:/bin` };
        assert.ok(pythonCollectionRoots(env).includes(join(dir, 'lib', 'python3.12', 'site-packages', 'ansible_collections')));
        assert.equal(pythonCollectionFile('ansible.posix', TIMER, env), true);
        assert.equal(pythonCollectionFile('ansible.posix', join('plugins', 'callback', 'nope.py'), env), false);
        assert.equal(pythonCollectionFile('community.general', TIMER, env), false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('finds none through an ansible-playbook that is not on PATH', () => {
    const dir = venv((d) => `#!${d}/bin/python3`);
    try {
      assert.equal(pythonCollectionFile('ansible.posix', TIMER, { PATH: '/nonexistent' }), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
