// Keeps test/golden/pending.txt honest: runs Volant on the pending cases (or the named ones) and
// deletes the lines of those that pass now. It never adds a line: a case that stops passing is a
// regression and must fail the suite, not turn into a todo.
//   node --import tsx test/golden/update-pending.ts [--dry-run] [case…]
import { readFileSync, writeFileSync } from 'node:fs';
import { compareCase } from './compare-case.js';
import { listGoldenCases } from './golden-case.js';
import { PENDING_FILE, readPendingList } from './pending-list.js';

const WORKERS = 2;

async function main(argv: readonly string[]): Promise<void> {
  const dryRun = argv.includes('--dry-run');
  const names = argv.filter((a) => !a.startsWith('--'));
  const pending = readPendingList();
  const cases = listGoldenCases(names).filter((c) => pending.has(c.name));
  const passing = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let c = cases[next++]; c !== undefined; c = cases[next++]) {
      if ((await compareCase(c, 'volant')).length === 0) passing.add(c.name);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const kept = readFileSync(PENDING_FILE, 'utf8')
    .split('\n')
    .filter((line) => !passing.has(line.split('#')[0]!.trim()));
  if (!dryRun) writeFileSync(PENDING_FILE, kept.join('\n'));
  const list = [...passing].sort();
  process.stdout.write(`${list.length} of ${cases.length} pending cases pass now${dryRun ? '' : ' (removed)'}\n${list.join('\n')}\n`);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
