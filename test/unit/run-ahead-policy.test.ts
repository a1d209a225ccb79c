import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data } from '../../src/core/data.js';
import { taskStep as step } from './task-step-fixture.js';
import type { VarSource } from '../../src/template/api.js';
import { resultLetsHostGoOn, stepMayRunAhead } from '../../src/run/run-ahead-policy.js';

function vars(values: Record<string, Data>): VarSource {
  const map = new Map(Object.entries(values));
  return { get: (n) => map.get(n), has: (n) => map.has(n), keys: () => map.keys() };
}

const ok = new Map<Data, Data>([['changed', false]]);

describe('run/run-ahead-policy', () => {
  it('lets a host run ahead to a step that reads only its own variables', () => {
    assert.equal(stepMayRunAhead(step('debug', { msg: '{{ greeting }} {{ inventory_hostname }}' }), vars({ greeting: 'hi' })), true);
  });

  it('holds a step that reads another host, directly or through a variable', () => {
    assert.equal(stepMayRunAhead(step('debug', { msg: "{{ hostvars['web2'].port }}" }), vars({})), false);
    assert.equal(stepMayRunAhead(step('debug', { msg: '{{ peers }}' }), vars({ peers: '{{ groups.web | join(",") }}' })), false);
    assert.equal(stepMayRunAhead(step('debug', { msg: 'x' }, { when: 'ansible_play_hosts | length > 1' }), vars({})), false);
  });

  it('holds lookups, run_once, delegation, throttle and templated names', () => {
    assert.equal(stepMayRunAhead(step('debug', { msg: "{{ lookup('file', 'x') }}" }), vars({})), false);
    assert.equal(stepMayRunAhead(step('debug', { msg: 'x' }, { run_once: true }), vars({})), false);
    assert.equal(stepMayRunAhead(step('command', { _raw_params: 'true' }, { delegate_to: 'localhost' }), vars({})), false);
    assert.equal(stepMayRunAhead(step('debug', { msg: 'x' }, { throttle: 1 }), vars({})), false);
    assert.equal(stepMayRunAhead(step('debug', { msg: 'x' }, { name: 'for {{ inventory_hostname }}' }), vars({})), false);
    assert.equal(stepMayRunAhead(step('meta', { _raw_params: 'flush_handlers' }), vars({})), false);
  });

  it('lets a host go on only after a result that changes no variable and stops no other host', () => {
    assert.equal(resultLetsHostGoOn(step('command', { _raw_params: 'true' }), ok, false), true);
    assert.equal(resultLetsHostGoOn(step('command', { _raw_params: 'true' }, { register: 'out' }), ok, false), false);
    assert.equal(resultLetsHostGoOn(step('set_fact', { a: 1 }), ok, false), false);
    assert.equal(resultLetsHostGoOn(step('command', { _raw_params: 'true' }), ok, true), false);
    assert.equal(resultLetsHostGoOn(step('command', { _raw_params: 'true' }), new Map<Data, Data>([['failed', true]]), false), false);
    assert.equal(resultLetsHostGoOn(step('command', { _raw_params: 'true' }, { ignore_errors: true }), new Map<Data, Data>([['failed', true]]), false), true);
    assert.equal(resultLetsHostGoOn(step('setup', {}), new Map<Data, Data>([['ansible_facts', new Map()]]), false), false);
  });
});
