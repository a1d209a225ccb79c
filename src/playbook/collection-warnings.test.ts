import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { roleTaskListWarnings } from './collection-warnings.js';
import { loadRole } from './load-role.js';
import { loadRoleTasks } from './load-role-tasks.js';

// roles/lr lists collections that are not installed in its meta/main.yml; ansible-core 2.19.11
// printed these load warnings for `roles: [lr]` (before its run-time one for the role's end).
const dir = fileURLToPath(new URL('./fixtures/role-collections/', import.meta.url));

describe('playbook/collection-warnings', () => {
  it("warns for a role's short action names searched through its meta collections", () => {
    const role = loadRole('lr', { searchPaths: [`${dir}roles`] });
    assert.deepEqual(role.collections, ['nope.missing', 'other.gone', 'ansible.legacy']);
    assert.deepEqual(roleTaskListWarnings(loadRoleTasks(role), role.collections), [
      "Error loading plugin 'ping': No module named 'ansible_collections.nope'",
      "Error loading plugin 'ping': No module named 'ansible_collections.other'",
      "Error loading plugin 'debug': No module named 'ansible_collections.nope'",
      "Error loading plugin 'debug': No module named 'ansible_collections.other'",
      "Error loading plugin 'ping': No module named 'ansible_collections.x'",
    ]);
  });
  it("has only its tasks' own collections' warnings for a role without collections", () => {
    assert.deepEqual(roleTaskListWarnings(loadRoleTasks(loadRole('lr', { searchPaths: [`${dir}roles`] })), []), [
      "Error loading plugin 'ping': No module named 'ansible_collections.x'",
    ]);
  });
});
