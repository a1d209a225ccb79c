import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFailure } from './start-failure.js';

const exit = (stderr: string, code = 1) => ({ code, signal: null, stderr, stdout: '' });
const CHOWN_FAILED =
  'Failed to change ownership of the temporary files Ansible (via chmod nor setfacl) needs to create despite connecting as a privileged user. Unprivileged become user would be unable to read the file.';

describe('transport/start-failure', () => {
  it('words a become user that does not exist as 2.19 does from a root login (sudo and su)', () => {
    const sudo = 'sudo: unknown user alice\nsudo: error initializing audit plugin sudoers_audit\n';
    assert.equal(startFailure(exit(sudo), 'ssh', 'root').message, CHOWN_FAILED);
    const su = 'su: user alice does not exist or the user entry does not contain all the required fields\n';
    assert.equal(startFailure(exit(su), undefined, 'root').message, CHOWN_FAILED);
  });

  it("keeps sudo's own words when the login is not privileged", () => {
    const message = startFailure(exit('sudo: unknown user alice\n'), 'ssh', 'deploy').message;
    assert.equal(message, 'MODULE FAILURE: the agent did not start (rc=1): sudo: unknown user alice');
  });
});
