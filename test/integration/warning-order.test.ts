// With one fork, ansible-core 2.19 reads each host's variables as it queues the host's task, so a
// warning those variables raise (a reserved name set in the inventory) comes out before the result
// of the host queued before it. The golden case compares stdout and stderr apart; this test reads
// them as one stream, as a terminal shows them (order seen with the oracle: w2's warning, then w1's
// result).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
const BIN = join(ROOT, 'bin', 'volant-playbook');
const CASE = join(ROOT, 'test', 'golden', 'cases', 'vars-reserved-names-inventory-hosts');

test("a later host's variable warning comes before an earlier host's result", () => {
  const r = spawnSync('/bin/sh', ['-c', `"${BIN}" -i inventory playbook.yml --forks 1 2>&1`], {
    cwd: CASE,
    encoding: 'utf8',
    env: { ...process.env, ANSIBLE_NOCOLOR: '1' },
  });
  assert.equal(r.status, 0, r.stdout);
  const at = (text: string): number => {
    const i = r.stdout.indexOf(text);
    assert.ok(i >= 0, `${text} not in:\n${r.stdout}`);
    return i;
  };
  const banner = at('TASK [first task]');
  const w2Warning = at('inventory:3\n');
  const w1Result = at('ok: [w1]');
  assert.ok(banner < w2Warning && w2Warning < w1Result, r.stdout);
});
