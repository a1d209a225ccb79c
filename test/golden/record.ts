// Records golden cases from the reference ansible-core 2.19:
//   node --import tsx test/golden/record.ts [--verify] [case…]
// Without names it records every case. --verify runs the reference again and reports cases whose
// normalized output differs from what is recorded (a normalization gap), writing nothing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listGoldenCases, type GoldenCase } from './golden-case.js';
import { normalizeOutput } from './normalize.js';
import { readRecording, type Recording } from './recording.js';
import { compareView } from './compare-view.js';
import { runCase } from './run-case.js';
import { unifiedDiff } from './unified-diff.js';

// NOTE: ansible-core needs ~0.5 s per task here, several times that when the machine is shared:
// the reference gets four times the limit Volant is held to.
const REFERENCE_SLACK = 4;

async function recordOne(c: GoldenCase): Promise<Recording> {
  const limit = REFERENCE_SLACK * c.timeoutMs;
  const r = await runCase(c, 'ansible', limit);
  if (r.timedOut) throw new Error(`${c.name}: the reference run timed out after ${limit} ms`);
  // The oracle's own failures (no chroot, no sudo) are not ansible-core's output: never record them.
  if (/^oracle-exec: /m.test(r.stderr)) throw new Error(`${c.name}: the oracle did not run: ${r.stderr.trim()}`);
  return {
    stdout: normalizeOutput(r.stdout, { caseDir: c.dir }),
    stderr: normalizeOutput(r.stderr, { caseDir: c.dir }),
    rc: `${r.rc}\n`,
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const verify = argv.includes('--verify');
  const names = argv.filter((a) => !a.startsWith('--'));
  let problems = 0;
  for (const c of listGoldenCases(names)) {
    let got: Recording;
    try {
      got = await recordOne(c);
    } catch (e) {
      problems++;
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      continue;
    }
    const summary = `rc=${got.rc.trim()} stdout=${got.stdout.split('\n').length - 1} lines stderr=${got.stderr.split('\n').length - 1} lines`;
    if (verify) {
      const had = readRecording(c);
      if (had === undefined) {
        problems++;
        process.stdout.write(`${c.name}: not recorded yet\n`);
        continue;
      }
      const view = (t: string): string => compareView(c.compare, t);
      const diffs = (['stdout', 'stderr', 'rc'] as const)
        .map((k) => unifiedDiff(view(had[k]), view(got[k]), [`expected.${k}`, `rerun.${k}`]))
        .filter((d) => d !== '');
      if (diffs.length > 0) {
        problems++;
        process.stdout.write(`${c.name}: differs from its recording\n${diffs.join('\n')}\n`);
      } else {
        process.stdout.write(`${c.name}: stable (${summary})\n`);
      }
      continue;
    }
    writeFileSync(join(c.dir, 'expected.stdout'), got.stdout);
    writeFileSync(join(c.dir, 'expected.stderr'), got.stderr);
    writeFileSync(join(c.dir, 'expected.rc'), got.rc);
    process.stdout.write(`${c.name}: ${summary}\n`);
  }
  return problems === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(2);
    },
  );
}
