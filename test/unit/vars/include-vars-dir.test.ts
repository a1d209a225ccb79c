import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataDict } from '../../../src/core/data.js';
import { readVarsDir, varsDirOptions, varsDirPath } from '../../../src/vars/include-vars-dir.js';

/** A vars dir: top files, a subdir and a sibling whose name sorts between them as text. */
function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'volant-ivd-'));
  mkdirSync(join(dir, 'sub'));
  mkdirSync(join(dir, 'a-b'));
  writeFileSync(join(dir, '2.yml'), 'two: 2\n');
  writeFileSync(join(dir, '1.json'), '{"one": 1}\n');
  writeFileSync(join(dir, 'sub', 's.yaml'), 'sub: 1\n');
  writeFileSync(join(dir, 'a-b', 'x.yml'), 'ab: 1\n');
  return dir;
}

const read = (path: string): DataDict => new Map([[path.split('/').pop() as string, 1]]);
const names = (files: string[], dir: string): string[] => files.map((f) => f.slice(dir.length + 1));

describe('include_vars dir', () => {
  it('reads each directory sorted, then its subdirectories in path order', () => {
    const dir = tree();
    const result = readVarsDir(dir, varsDirOptions(new Map()), read);
    assert.deepEqual(names(result.files, dir), ['1.json', '2.yml', 'a-b/x.yml', 'sub/s.yaml']);
    assert.equal(result.error, undefined);
  });

  it('stops at a file without a valid extension, keeping earlier directories only', () => {
    const dir = tree();
    writeFileSync(join(dir, 'sub', 'noext'), 'x: 1\n');
    const result = readVarsDir(dir, varsDirOptions(new Map()), read);
    assert.match(result.error ?? '', /sub\/noext does not have a valid extension: yaml, yml, json$/);
    assert.deepEqual([...result.facts.keys()], ['1.json', '2.yml', 'x.yml']);
  });

  it('honours depth, files_matching, ignore_files and a string of extensions', () => {
    const dir = tree();
    const options = varsDirOptions(new Map<string, string | number>([['depth', 1], ['files_matching', '^[0-9]'], ['ignore_files', '2\\.yml'], ['extensions', 'jsno']]));
    assert.deepEqual(options.extensions, ['j', 's', 'n', 'o']);
    const result = readVarsDir(dir, { ...options, extensions: ['json', 'yml'] }, read);
    assert.deepEqual(names(result.files, dir), ['1.json']);
  });

  it('finds the directory in the role vars/ or beside the task file', () => {
    assert.equal(varsDirPath('d', undefined, '/pb/tasks'), '/pb/tasks/d');
    assert.equal(varsDirPath('d', '/roles/r', '/roles/r/tasks'), '/roles/r/vars/d');
  });
});
