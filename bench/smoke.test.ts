/**
 * Keeps the local benchmark workloads working: one Volant run each of local1 and parse, checking
 * the exit code and the recap only (benchmarks are never timed tests). The expected recaps were
 * recorded from ansible-core 2.19 on the same playbooks (bench/workloads, oracle run).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBundle } from './build-bundle.js';
import { normalizedRecap } from './recap.js';
import { WORKLOADS_DIR, writeWorkloads } from './workloads/generate.js';

const WRITE_ROOT = '/tmp/volant-bench/l01';

function runVolant(bundle: string, workload: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bundle, ...args], {
    cwd: join(WORKLOADS_DIR, workload),
    env: { ...process.env, ANSIBLE_NOCOLOR: '1', ANSIBLE_HOST_KEY_CHECKING: 'False', LC_ALL: 'C.UTF-8' },
    encoding: 'utf8',
  });
}

describe('bench/smoke', () => {
  let dir = '';
  let bundle = '';
  before(async () => {
    writeWorkloads();
    dir = mkdtempSync(join(tmpdir(), 'volant-bench-smoke-'));
    bundle = join(dir, 'volant.cjs');
    await buildBundle(bundle);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(WRITE_ROOT, { recursive: true, force: true });
  });

  it('runs local1 (30 tasks over local) to the recap ansible-core prints', () => {
    rmSync(WRITE_ROOT, { recursive: true, force: true });
    const r = runVolant(bundle, 'local1', ['-i', 'inventory', 'playbook.yml']);
    assert.equal(r.status, 0, r.stderr);
    // Recorded: ansible-core 2.19.11 on bench/workloads/local1 from an empty /tmp/volant-bench.
    assert.equal(normalizedRecap(r.stdout), 'l01 : ok=30 changed=21 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0');
  });

  it('syntax-checks the 5,000-task parse workload as ansible-core does', () => {
    const r = runVolant(bundle, 'parse', ['-i', 'inventory', 'playbook.yml', '--syntax-check']);
    assert.equal(r.status, 0, r.stderr);
    // Recorded: ansible-core 2.19.11 prints only this line (after a blank one) for a clean check.
    assert.equal(r.stdout, '\nplaybook: playbook.yml\n');
  });
});
