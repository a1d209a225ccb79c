// Volant's cross-host run-ahead must never change what a play prints: runs golden playbooks with
// Volant twice, as linear and with VOLANT_RUNAHEAD=1, and compares the normalized outputs and
// exit codes. The trace file says how many steps ran ahead, so the comparison is not vacuous.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listGoldenCases, type GoldenCase } from './golden-case.js';
import { normalizeOutput } from './normalize.js';
import { compareView } from './compare-view.js';
import { runCase } from './run-case.js';
import { unifiedDiff } from './unified-diff.js';

// Several hosts or many steps: loops, blocks and rescue, handlers, failures, check/diff, roles.
const CASES = [
  'linear-forks-many-hosts', 'mix-loops-includes', 'mix-check-diff', 'mix-command-forms', 'mix-webapp-role',
  'mix-precedence', 'block-nested', 'block-rescue-always', 'handlers-basic', 'handlers-failed-host',
  'handlers-force', 'until-retries', 'template-undefined-errors', 'color-default-callback', 'with-lookups',
  'modules-file-results', 'serial-failure-stops', 'include-tasks', 'include-tasks-rescue', 'check-mode-task',
  'any-errors-fatal',
];

interface Run {
  readonly text: Record<'stdout' | 'stderr', string>;
  readonly rc: number | null;
}

async function run(c: GoldenCase): Promise<Run> {
  const r = await runCase(c, 'volant');
  const view = (t: string): string => compareView(c.compare, normalizeOutput(t, { caseDir: c.dir }));
  return { text: { stdout: view(r.stdout), stderr: view(r.stderr) }, rc: r.rc };
}

describe('run-ahead prints what linear prints', () => {
  let ranAhead = 0;
  for (const c of listGoldenCases(CASES)) {
    it(c.name, { timeout: 2 * c.timeoutMs + 10_000 }, async () => {
      const linear = await run(c);
      const trace = join(c.scratchDir, 'runahead-trace');
      const ahead = await run({ ...c, env: { ...c.env, VOLANT_RUNAHEAD: '1', VOLANT_RUNAHEAD_TRACE: trace } });
      const count = existsSync(trace) ? Number(/ran ahead: (\d+)/.exec(readFileSync(trace, 'utf8'))?.[1] ?? 0) : 0;
      ranAhead += count;
      for (const stream of ['stdout', 'stderr'] as const) {
        assert.equal(unifiedDiff(linear.text[stream], ahead.text[stream], ['linear', 'run-ahead']), '', `${c.name} ${stream} differs (${count} steps ran ahead)`);
      }
      assert.equal(ahead.rc, linear.rc);
    });
  }
  it('ran steps ahead of their turn', () => {
    assert.ok(ranAhead > 0, 'no step ran ahead: the comparison above proves nothing');
  });
});
