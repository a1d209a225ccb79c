// bin/volant-playbook starts node without NODE_EXTRA_CA_CERTS (node 20 parses the file it names
// at start) and the run puts it back: the processes Volant starts see the environment it got.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'volant-playbook');
const CASE = join(ROOT, 'test', 'integration', 'fixtures', 'cli-wrapper');

test('NODE_EXTRA_CA_CERTS skips node and reaches the tasks', () => {
  const r = spawnSync(BIN, ['-i', 'localhost,', '-c', 'local', 'playbook.yml'], {
    cwd: CASE,
    encoding: 'utf8',
    env: { ...process.env, ANSIBLE_NOCOLOR: '1', NODE_EXTRA_CA_CERTS: '/nonexistent/volant-test-ca.pem' },
  });
  assert.equal(r.status, 0, r.stderr);
  // node warns of an extra CA file it cannot read when it sees the variable at its start
  assert.doesNotMatch(r.stderr, /extra certs/i);
  assert.match(r.stdout, /"seen\.stdout": "extra=\/nonexistent\/volant-test-ca\.pem inner=unset"/);
});
