// Checks the case folders themselves: recorded, loadable, listed correctly, and writing only
// where the harness cleans up.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CASES_ROOT, listGoldenCases } from './golden-case.js';
import { readPendingList } from './pending-list.js';
import { readRecording } from './recording.js';

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'out' || name.startsWith('expected.')) continue;
    const path = join(dir, name);
    const stat = lstatSync(path);
    // A case's symlinks (copy of a tree with links) are data, some dangling on purpose.
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

describe('golden/cases', () => {
  const cases = listGoldenCases();

  it('has a recording for every case', () => {
    const missing = cases.filter((c) => readRecording(c) === undefined).map((c) => c.name);
    assert.deepEqual(missing, []);
  });

  it('records an exit code as one number', () => {
    const bad = cases.filter((c) => !/^\d+\n$/.test(readRecording(c)?.rc ?? '')).map((c) => c.name);
    assert.deepEqual(bad, []);
  });

  it('lists only existing cases in pending.txt', () => {
    const names = new Set(cases.map((c) => c.name));
    assert.deepEqual([...readPendingList().keys()].filter((n) => !names.has(n)), []);
  });

  it('names case folders <area>-<what> in kebab-case', () => {
    assert.deepEqual(
      cases.map((c) => c.name).filter((n) => !/^[a-z0-9]+(-[a-z0-9]+)+$/.test(n)),
      [],
    );
  });

  it('writes under /tmp only in the case\'s own scratch dir', () => {
    const offenders: string[] = [];
    for (const c of cases) {
      for (const file of filesUnder(c.dir)) {
        const text = readFileSync(file, 'utf8');
        // /tmp at the start of a path (not ~/.ansible/tmp/…, which is the host's own temp dir)
        for (const m of text.matchAll(/(?<![\w.\-/])\/tmp\/[^\s'"]*/g)) {
          if (!m[0].startsWith(`/tmp/volant-golden/${c.name}`)) offenders.push(`${relative(CASES_ROOT, file)}: ${m[0]}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
  });
});
