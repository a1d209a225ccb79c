// A later play's other ansible_python_interpreter (as another ansible_user or port would) reaches
// the host through a new connection and agent, as 2.19 connects with each task's variables;
// Volant kept the host's first agent (found by an ops playbook switching ansible_user).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const PYTHON3 = '/usr/bin/python3';
const other = existsSync(PYTHON3) ? realpathSync(PYTHON3) : PYTHON3;

test('a later play with another interpreter gets an agent of its own', { skip: other === PYTHON3 ? 'python3 is no link to a versioned python here' : false }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'volant-identity-'));
  try {
    const play = (vars: string): string =>
      ['- hosts: localhost', '  gather_facts: false', `  vars: {${vars}}`, '  tasks:', "    - setup: {gather_subset: ['!all', 'python'], filter: ansible_python}", '    - debug: msg="python={{ ansible_python.executable }}"'].join('\n');
    writeFileSync(join(dir, 'p.yml'), `${play(`ansible_python_interpreter: ${PYTHON3}`)}\n${play(`ansible_python_interpreter: ${other}`)}\n`);
    const r = spawnSync(join(ROOT, 'bin', 'volant-playbook'), ['p.yml'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ANSIBLE_NOCOLOR: '1' } });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const seen = [...r.stdout.matchAll(/"msg": "python=(.*)"/g)].map((m) => m[1]);
    assert.deepEqual(seen, [PYTHON3, other]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
