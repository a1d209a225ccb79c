import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ParseError, VolantError, YamlError } from '../core/errors.js';
import { loadYaml } from '../yaml/load-yaml.js';
import { errorBlock } from '../yaml/testing/error-block.js';
import { loadRole } from './load-role.js';
import { parseErrorExitCode } from './parse-error-exit-code.js';
import { parsePlaybook } from './parse-playbook.js';
import { postValidatePlay } from '../run/play-post-validate.js';

const fixtures = fileURLToPath(new URL('./fixtures/parse-errors/', import.meta.url));
// Recorded with ansible-core 2.19.11 (`ansible-playbook -i inv FILE`, run from this folder in /work/main).
const recordedDir = '/work/main/src/playbook/fixtures/parse-errors';

/** What ansible-playbook does up to the first task: load, parse, find the roles. */
function load(text: string, file: string): void {
  const playbook = parsePlaybook(loadYaml(text, file, { single: true }).documents, file);
  const searchPaths = [`${recordedDir}/roles`, '/root/.ansible/roles', '/usr/share/ansible/roles', '/etc/ansible/roles', recordedDir];
  for (const entry of playbook.entries) {
    if (entry.kind !== 'play') continue;
    for (const role of entry.roles) loadRole(String(role.name.value), { searchPaths, loc: role.loc });
  }
  // the plays before a broken entry load (and run) first
  if (playbook.loadError !== undefined) throw playbook.loadError;
  // each play's keywords are checked as it is about to run
  for (const entry of playbook.entries) if (entry.kind === 'play') postValidatePlay(entry, (value) => value);
}

describe('playbook/parse-playbook errors as ansible-core 2.19 reports them', () => {
  for (const name of readdirSync(fixtures).filter((n) => n.endsWith('.yml'))) {
    const base = name.slice(0, -4);
    const rc = Number(readFileSync(`${fixtures}${base}.rc`, 'utf8').trim());
    if (rc === 0) continue;
    it(`rejects ${name} with the recorded words, origin and exit code ${rc}`, () => {
      const text = readFileSync(`${fixtures}${name}`, 'utf8');
      const expected = readFileSync(`${fixtures}${base}.stderr`, 'utf8');
      let caught: unknown;
      try {
        load(text, `${recordedDir}/${name}`);
      } catch (error) {
        caught = error;
      }
      assert.ok(caught instanceof VolantError, `an error is raised (got ${String(caught)})`);
      const exit = caught instanceof YamlError ? 4 : caught instanceof ParseError ? parseErrorExitCode(caught) : -1;
      assert.equal(exit, rc);
      if (caught.location === undefined && expected.includes('Origin: <unknown>')) {
        // NOTE: ansible prints the repr of the value instead of a code frame here.
        assert.ok(expected.startsWith(`[ERROR]: ${caught.message}\nOrigin: <unknown>\n`));
        return;
      }
      const block = errorBlock('ERROR', caught.message, caught.location, caught.hint, text);
      // Deprecations printed before the error are checked in their own test below.
      if (expected.startsWith('[WARNING]: Deprecation warnings')) assert.ok(expected.endsWith(`\n${block}`), block);
      else assert.equal(block, expected);
    });
  }
});

describe('playbook/parse-playbook deprecations', () => {
  it('records the legacy-form deprecations 2.19 prints, with origin and help text', () => {
    const dir = fileURLToPath(new URL('./fixtures/deprecations/', import.meta.url));
    const file = '/work/main/src/playbook/fixtures/deprecations/legacy-args.yml';
    const text = readFileSync(`${dir}legacy-args.yml`, 'utf8');
    const expected = readFileSync(`${dir}legacy-args.stderr`, 'utf8');
    const playbook = parsePlaybook(loadYaml(text, file, { single: true }).documents, file);
    const play = playbook.entries[0];
    assert.ok(play?.kind === 'play');
    let printed = '[WARNING]: Deprecation warnings can be disabled by setting `deprecation_warnings=False` in ansible.cfg.\n';
    for (const task of play.tasks) {
      assert.ok(task.kind === 'task');
      for (const d of task.deprecations ?? []) printed += errorBlock('DEPRECATION WARNING', d.message, d.location, d.hint, text);
    }
    assert.equal(printed, expected);
  });
});
