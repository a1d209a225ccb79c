import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { first_found, loopSubdir } from './first-found.js';
import type { PluginContext } from '../plugin.js';

const FIXTURES = join(fileURLToPath(new URL('.', import.meta.url)), '../../../test/jinja/ansible-fixtures');
const ctx: PluginContext = {
  vars: { get: () => undefined, has: () => false, keys: () => [] },
  lookup: { searchPaths: () => [FIXTURES], baseDir: FIXTURES },
  renderString: (text) => text,
};

// Seen with ansible-core 2.19: `with_first_found: [a.txt]` on a debug task finds files/a.txt and
// on a template task templates/t.j2, while lookup('first_found', 'a.txt') in a template does not.
describe('template/lookups/first-found', () => {
  it('searches only the directories themselves from a template', () => {
    assert.throws(() => first_found(ctx, ['only-in-files.txt'], new Map()), /No file was found when using first_found\./);
  });

  it('searches the action\'s subdirectory in a with_first_found loop', () => {
    const kwargs = new Map([['_subdir', loopSubdir('ansible.builtin.debug')]]);
    assert.deepEqual(first_found(ctx, ['nope', 'only-in-files.txt'], kwargs), [join(FIXTURES, 'files/only-in-files.txt')]);
    assert.deepEqual(first_found(ctx, ['greet.j2'], new Map([['_subdir', loopSubdir('template')]])), [join(FIXTURES, 'templates/greet.j2')]);
  });

  it('picks the subdirectory from the action name as TaskExecutor does', () => {
    assert.equal(loopSubdir('ansible.builtin.template'), 'templates');
    assert.equal(loopSubdir('include_vars'), 'vars');
    assert.equal(loopSubdir('copy'), 'files');
  });
});
