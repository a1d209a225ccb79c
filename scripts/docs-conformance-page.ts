/**
 * The Test status page, written at build time from test/golden/cases/ and test/golden/pending.txt:
 * every case recorded from ansible-core 2.19, and whether Volant is expected to match it today.
 * Not committed: pending.txt shrinks with every fix, and a page built from it cannot be stale.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readPendingList } from '../test/golden/pending-list.js';
import { cell, code, generatedHeader, table } from './docs-markdown.js';

function pendingCases(root: string): Map<string, string> {
  return readPendingList(join(root, 'test/golden/pending.txt'));
}

/** The area of a case is the first word of its folder name (`block-nested` → `block`). */
function areaOf(name: string): string {
  return name.split('-')[0] as string;
}

export function conformancePage(root: string): string {
  const dir = join(root, 'test/golden/cases');
  const cases = existsSync(dir) ? readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()).sort() : [];
  const pending = pendingCases(root);
  const failing = cases.filter((c) => pending.has(c));
  const areas = new Map<string, string[]>();
  for (const c of cases) {
    const a = areaOf(c);
    areas.set(a, [...(areas.get(a) ?? []), c]);
  }
  const out: string[] = [
    generatedHeader('Test status', 'The cases recorded from ansible-core 2.19 and which of them Volant matches today.', [
      'test/golden/cases/',
      'test/golden/pending.txt',
    ]),
    'Each case in `test/golden/cases/` is a small playbook run whose output, stderr and exit code were',
    'recorded from the real ansible-core 2.19. `test/golden/golden.test.ts` runs Volant on it and compares',
    'the whole output after normalising timings and paths. A case listed in `test/golden/pending.txt` still',
    'runs, as a `todo`; every other case must match or the test suite fails.',
    '',
    `As of this build: **${cases.length - failing.length} of ${cases.length}** cases are expected to match;`,
    `${failing.length} are pending.`,
    '',
    '## By area',
    '',
    table(
      ['Area', 'Cases', 'Pending'],
      [...areas].map(([area, list]) => [code(area), String(list.length), list.filter((c) => pending.has(c)).map(code).join(', ')]),
    ),
    '## Pending cases',
    '',
    failing.length === 0
      ? 'None.\n'
      : table(['Case', 'Note'], failing.map((c) => [code(c), cell(pending.get(c) ?? '')])),
    '## Differences from ansible-core 2.19.11',
    '',
    '- Every pending case above is a known gap: Volant does not yet print exactly what ansible-core 2.19',
    '  printed for that playbook. The other pages of this site name the gaps in their own areas.',
    '',
  ];
  return out.join('\n');
}
