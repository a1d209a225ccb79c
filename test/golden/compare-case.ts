// Runs one golden case under an engine and lists how its normalized output differs from the
// recording: unified diffs per stream and the exit code. An empty list means the case passes.
import type { GoldenCase } from './golden-case.js';
import { normalizeOutput } from './normalize.js';
import { readRecording } from './recording.js';
import { compareView } from './compare-view.js';
import { runCase, type Engine } from './run-case.js';
import { unifiedDiff } from './unified-diff.js';

export async function compareCase(c: GoldenCase, engine: Engine): Promise<string[]> {
  const expected = readRecording(c);
  if (expected === undefined) return [`${c.name} has no recording: run node --import tsx test/golden/record.ts ${c.name}`];
  const r = await runCase(c, engine);
  if (r.timedOut) return [`${engine} did not finish within ${c.timeoutMs} ms`];
  const view = (t: string): string => compareView(c.compare, t);
  const problems: string[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const got = view(normalizeOutput(r[stream], { caseDir: c.dir }));
    const diff = unifiedDiff(view(expected[stream]), got, [`expected.${stream}`, `${engine} ${stream}`]);
    if (diff !== '') problems.push(diff);
  }
  if (`${r.rc}\n` !== expected.rc) problems.push(`exit code: expected ${expected.rc.trim()}, ${engine} ${r.rc}`);
  return problems;
}
