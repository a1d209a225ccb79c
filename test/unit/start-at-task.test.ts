import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { taskStep as step } from './task-step-fixture.js';
import { matchesStartAt } from '../../src/run/start-at-task.js';
import { taskGetName } from '../../src/run/task-get-name.js';

describe('run/start-at-task', () => {
  it('matches a task by its name, exactly or as an fnmatch glob', () => {
    const named = step('debug', { msg: 'x' }, { name: 'install packages' });
    assert.equal(matchesStartAt('install packages', named), true);
    assert.equal(matchesStartAt('install *', named), true);
    assert.equal(matchesStartAt('[hi]nstall?packages', named), true);
    assert.equal(matchesStartAt('[!i]nstall*', named), false);
    assert.equal(matchesStartAt('Install packages', named), false);
  });

  it('matches an unnamed task by its action, and an include_role as include_role : role', () => {
    assert.equal(matchesStartAt('include_tasks', step('include_tasks', { _raw_params: 'x.yml' })), true);
    const include = step('include_role', { name: 'web' });
    assert.equal(taskGetName(include), 'include_role : web');
    assert.equal(matchesStartAt('include_role : web', include), true);
  });
});
