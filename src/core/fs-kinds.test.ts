import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programOnPath } from './fs-kinds.js';

describe('core/fs-kinds programOnPath', () => {
  const root = mkdtempSync(join(tmpdir(), 'volant-path-'));
  const plain = join(root, 'plain');
  const runnable = join(root, 'runnable');
  const dirs = join(root, 'dirs');
  mkdirSync(plain);
  mkdirSync(runnable);
  mkdirSync(join(dirs, 'tool'), { recursive: true });
  writeFileSync(join(plain, 'tool'), '#!/bin/sh\n');
  writeFileSync(join(runnable, 'tool'), '#!/bin/sh\n');
  chmodSync(join(runnable, 'tool'), 0o755);
  chmodSync(join(dirs, 'tool'), 0o755);

  it('finds the first file that may be run, skipping a file without x and a directory of that name', () => {
    assert.equal(programOnPath('tool', [dirs, plain, runnable].join(':')), join(runnable, 'tool'));
  });

  it('ignores relative and empty entries', () => {
    assert.equal(programOnPath('tool', ['', 'runnable', '.'].join(':')), undefined);
  });

  it('finds nothing when no entry holds the program', () => {
    assert.equal(programOnPath('no-such-tool', runnable), undefined);
  });
});
