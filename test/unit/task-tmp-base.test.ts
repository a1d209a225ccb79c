// A become task's temp folder is the LOGIN user's remote_tmp (its files show in results: copy's
// src). The agent then runs as the become user, so the controller names the login user and the
// host expands `~user` itself: that user's home need not be /home/<user>.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { taskTmpBase } from '../../src/run/task-tmp-base.js';
import type { ConnectionSpec } from '../../src/run/transport.js';

const AGENT = join(import.meta.dirname, '../../src/agent');
const SCRIPT = `
import sys
sys.path.insert(0, sys.argv[1])
import runtime
runtime._task_tmp.base = sys.argv[2]
print(runtime.task_tmp_base())
`;

function spec(fields: Partial<ConnectionSpec>): ConnectionSpec {
  return { connection: 'ssh', ...fields } as ConnectionSpec;
}

describe('run/task-tmp-base', () => {
  it('leaves a remote login user for the host to expand', () => {
    assert.equal(taskTmpBase(spec({ user: 'deploy', become: { user: 'root' } as ConnectionSpec['become'] }), true), '~deploy/.ansible/tmp');
  });

  it('uses /var/tmp when the task becomes an unprivileged user', () => {
    assert.equal(taskTmpBase(spec({ user: 'deploy', become: { user: 'app' } as ConnectionSpec['become'] }), true), '/var/tmp');
  });

  it('knows a local login user\'s home itself', () => {
    assert.equal(taskTmpBase(spec({ connection: 'local', become: { user: 'root' } as ConnectionSpec['become'] }), true), `${homedir()}/.ansible/tmp`);
  });

  it('is expanded on the host through that user\'s passwd entry', (t) => {
    const me = userInfo();
    const r = spawnSync('python3', ['-c', SCRIPT, AGENT, `~${me.username}/.ansible/tmp`], { encoding: 'utf8', env: { ...process.env, HOME: '/nonexistent' } });
    if (r.error !== undefined) return t.skip('python3 is not available');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), `${me.homedir}/.ansible/tmp`);
  });
});
