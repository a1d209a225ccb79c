import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ParseError } from '../core/errors.js';
import { loadRole } from './load-role.js';
import { loadRoleTasks } from './load-role-tasks.js';
import { parseErrorExitCode } from './parse-error-exit-code.js';

// p1…p4.yml beside the roles were run with ansible-core 2.19.11; their stderr and exit codes
// are recorded next to them.
const dir = fileURLToPath(new URL('./fixtures/role-errors/', import.meta.url));
const searchPaths = [`${dir}roles`, dir];
const recorded = (name: string) => ({
  stderr: readFileSync(`${dir}${name}.stderr`, 'utf8'),
  rc: Number(readFileSync(`${dir}${name}.rc`, 'utf8').trim()),
});

function expectError(run: () => unknown, name: string): void {
  const { stderr, rc } = recorded(name);
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ParseError);
    assert.equal(`[ERROR]: ${error.message}\n`, stderr);
    assert.equal(parseErrorExitCode(error), rc);
    return true;
  });
}

describe('playbook/load-role', () => {
  it('fails on a tasks_from file missing from tasks/ (p1)', () => {
    expectError(() => loadRoleTasks(loadRole('r1', { searchPaths }), 'nothere'), 'p1');
  });
  it('fails on role vars that are not a mapping (p2)', () => {
    expectError(() => loadRole('r2', { searchPaths }), 'p2');
  });
  it('runs nothing for tasks_from on a role without tasks/ (p3)', () => {
    assert.equal(recorded('p3').rc, 0);
    assert.deepEqual(loadRoleTasks(loadRole('r3', { searchPaths }), 'nothere'), []);
  });
  it('ignores vars_from on a role without vars/ (p4)', () => {
    assert.equal(recorded('p4').rc, 0);
    assert.deepEqual(loadRole('r1', { searchPaths, from: { vars: 'nothere' } }).vars, new Map());
  });
  it('finds a role by path, named after its directory', () => {
    const role = loadRole(`${dir}roles/r1`, { searchPaths: [] });
    assert.equal(role.name, 'r1');
    assert.equal(loadRoleTasks(role).length, 1);
  });
});
