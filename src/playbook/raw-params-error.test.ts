import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadYaml } from '../yaml/load-yaml.js';
import { parseTask } from './parse-task.js';
import { rawParamsError } from './raw-params-error.js';

function task(text: string) {
  const doc = loadYaml(text, 't.yml').documents[0];
  assert.ok(doc?.kind === 'map');
  return parseTask(doc, false);
}

describe('playbook/raw-params-error', () => {
  it('refuses free-form words for an action without raw params (golden parse-freeform-raw-params)', () => {
    // Recorded: "Action 'ansible.builtin.debug' does not support raw params." for `debug: msg=two words`.
    assert.equal(rawParamsError(task('debug: msg=two words\n')), "Action 'ansible.builtin.debug' does not support raw params.");
  });
  it('lets free-form modules, includes and whole templates through', () => {
    assert.equal(rawParamsError(task('command: echo hi\n')), undefined);
    assert.equal(rawParamsError(task('include_tasks: x.yml\n')), undefined);
    assert.equal(rawParamsError(task('ansible.builtin.set_fact: a=1\n')), undefined);
    assert.equal(rawParamsError(task('debug: "{{ x }}"\n')), undefined);
  });
});
