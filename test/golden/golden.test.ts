// Runs Volant (bin/volant-playbook) on every golden case and compares its normalized stdout,
// stderr and exit code with what ansible-core 2.19 printed (recorded by record.ts).
// GOLDEN_CASES=a,b limits the run to some cases. GOLDEN_ENGINE=ansible runs the reference itself
// through the same comparison (every case must pass: a check of the recordings and normalization).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listGoldenCases, type GoldenCase } from './golden-case.js';
import { normalizeOutput } from './normalize.js';
import { readPendingList } from './pending-list.js';
import { readRecording } from './recording.js';
import { runCase, type Engine } from './run-case.js';
import { sortLines } from './sort-lines.js';
import { unifiedDiff } from './unified-diff.js';

const engine: Engine = process.env['GOLDEN_ENGINE'] === 'ansible' ? 'ansible' : 'volant';

async function compareCase(c: GoldenCase): Promise<void> {
  const expected = readRecording(c);
  assert.ok(expected, `${c.name} has no recording: run node --import tsx test/golden/record.ts ${c.name}`);
  const r = await runCase(c, engine);
  assert.ok(!r.timedOut, `${c.name}: ${engine} did not finish within ${c.timeoutMs} ms`);
  const norm = (t: string): string => {
    const n = normalizeOutput(t, { caseDir: c.dir });
    return c.compare === 'sorted' ? sortLines(n) : n;
  };
  const problems: string[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const want = c.compare === 'sorted' ? sortLines(expected[stream]) : expected[stream];
    const diff = unifiedDiff(want, norm(r[stream]), [`expected.${stream}`, `${engine} ${stream}`]);
    if (diff !== '') problems.push(diff);
  }
  if (`${r.rc}\n` !== expected.rc) problems.push(`exit code: expected ${expected.rc.trim()}, ${engine} ${r.rc}`);
  if (problems.length > 0) assert.fail(`${c.name} differs from ansible-core 2.19:\n${problems.join('\n')}`);
}

const only = (process.env['GOLDEN_CASES'] ?? '').split(',').filter((s) => s !== '');
// The reference is not pending anything.
const pending = engine === 'volant' ? readPendingList() : new Map<string, string>();

describe('golden cases (recorded from ansible-core 2.19)', () => {
  for (const c of listGoldenCases(only)) {
    const reason = pending.get(c.name);
    const todo = reason === undefined ? undefined : reason === '' ? true : reason;
    it(c.name, { todo, timeout: c.timeoutMs + 5_000 }, () => compareCase(c));
  }
});
