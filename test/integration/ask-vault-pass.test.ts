// --ask-vault-pass without a terminal: getpass's fallback reads the password from standard input,
// and an empty input fails as ansible's prompt does (the words recorded from ansible-core 2.19).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'volant-playbook');
const CASE = join(ROOT, 'test', 'integration', 'fixtures', 'ask-vault');

function run(input: string) {
  return spawnSync(BIN, ['--ask-vault-pass', 'playbook.yml'], {
    cwd: CASE,
    input,
    encoding: 'utf8',
    env: { ...process.env, ANSIBLE_NOCOLOR: '1' },
  });
}

test('the password read from stdin opens the vaulted variable', () => {
  const r = run('secret\n');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /"x": "hidden"/);
  assert.ok(r.stderr.startsWith('Warning: Password input may be echoed.\nVault password: \n'), r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /secret/);
});

test('no input: the prompt fails with EOFError and exit 1, before anything runs', () => {
  const r = run('');
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /Vault password: \[WARNING\]: Error in vault password prompt \(default\): EOFError \(ctrl-d\) on prompt for \(default\)\n\[ERROR\]: EOFError \(ctrl-d\) on prompt for \(default\)\n$/);
});
