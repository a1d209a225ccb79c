// Lists which golden cases Volant passes now, ignoring test/golden/pending.txt, so the pending
// list can be kept honest: `node --import tsx scripts/golden-status.ts [case…]`.
import { listGoldenCases } from '../test/golden/golden-case.js';
import { normalizeOutput } from '../test/golden/normalize.js';
import { readRecording } from '../test/golden/recording.js';
import { runCase } from '../test/golden/run-case.js';
import { sortLines } from '../test/golden/sort-lines.js';

const cases = listGoldenCases(process.argv.slice(2));
const pass: string[] = [];
const fail: string[] = [];
let next = 0;
async function worker(): Promise<void> {
  while (next < cases.length) {
    const c = cases[next++];
    if (!c) break;
    const expected = readRecording(c);
    if (!expected) continue;
    const r = await runCase(c, 'volant');
    const norm = (t: string): string => {
      const n = normalizeOutput(t, { caseDir: c.dir });
      return c.compare === 'sorted' ? sortLines(n) : n;
    };
    const wantOut = c.compare === 'sorted' ? sortLines(expected.stdout) : expected.stdout;
    const wantErr = c.compare === 'sorted' ? sortLines(expected.stderr) : expected.stderr;
    const ok = norm(r.stdout) === wantOut && norm(r.stderr) === wantErr && `${r.rc}\n` === expected.rc;
    (ok ? pass : fail).push(c.name);
  }
}
await Promise.all([worker(), worker()]);
process.stdout.write(`PASS ${pass.length}\n${pass.sort().join('\n')}\nFAIL ${fail.length}\n${fail.sort().join('\n')}\n`);
