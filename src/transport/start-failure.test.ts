import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { localBecomeFailure, startFailure } from './start-failure.js';

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

  it('reports a local become that ended early with what it printed, as the local plugin of 2.19.11', () => {
    const missing = { code: 127, signal: null, stdout: '', stderr: '/bin/sh: 1: sudo: not found\n', becomePending: true };
    assert.equal(localBecomeFailure(missing, false, 'root').message, 'Premature end of stream waiting for become success.\n>>> Standard Error\n/bin/sh: 1: sudo: not found');
    const both = { code: 1, signal: null, stdout: 'hi\n', stderr: 'ho\n', becomePending: true };
    assert.equal(
      localBecomeFailure(both, true, 'root').message,
      'Premature end of stream waiting for become success or become password prompt.\n>>> Standard Output\nhi\n\n>>> Standard Error\nho',
    );
    assert.equal(localBecomeFailure(exit('su: user alice does not exist\n'), false, 'root').message, CHOWN_FAILED);
  });
});
