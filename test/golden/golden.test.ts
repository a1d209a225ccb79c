// Runs Volant (bin/volant-playbook) on every golden case and compares its normalized stdout,
// stderr and exit code with what ansible-core 2.19 printed (recorded by record.ts).
// GOLDEN_CASES=a,b limits the run to some cases. GOLDEN_ENGINE=ansible runs the reference itself
// through the same comparison (every case must pass: a check of the recordings and normalization).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareCase } from './compare-case.js';
import { listGoldenCases } from './golden-case.js';
import { readPendingList } from './pending-list.js';
import type { Engine } from './run-case.js';

const engine: Engine = process.env['GOLDEN_ENGINE'] === 'ansible' ? 'ansible' : 'volant';
const only = (process.env['GOLDEN_CASES'] ?? '').split(',').filter((s) => s !== '');
// The reference is not pending anything.
const pending = engine === 'volant' ? readPendingList() : new Map<string, string>();

describe('golden cases (recorded from ansible-core 2.19)', () => {
  for (const c of listGoldenCases(only)) {
    const reason = pending.get(c.name);
    const todo = reason === undefined ? undefined : reason === '' ? true : reason;
    it(c.name, { todo, timeout: c.timeoutMs + 5_000 }, async (t) => {
      const problems = await compareCase(c, engine);
      if (problems.length === 0 && todo !== undefined) {
        t.diagnostic(`${c.name} passes now: delete its line from test/golden/pending.txt (or run update-pending.ts)`);
      }
      if (problems.length > 0) assert.fail(`${c.name} differs from ansible-core 2.19:\n${problems.join('\n')}`);
    });
  }
});
