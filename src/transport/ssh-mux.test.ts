import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { controlPathOf, terminateMaster } from './ssh-mux.js';

describe('transport/ssh-mux', () => {
  it('finds the ControlPath ssh would use (the first given), without quotes', () => {
    assert.equal(controlPathOf(['-C', '-o', 'ControlMaster=auto', '-o', 'ControlPath="/tmp/a/%C"']), '/tmp/a/%C');
    assert.equal(controlPathOf(['-o', 'controlpath /tmp/b', '-o', 'ControlPath=/tmp/c']), '/tmp/b');
    assert.equal(controlPathOf(['-oControlPath=/tmp/d']), '/tmp/d');
    assert.equal(controlPathOf(['-S', '/tmp/e', '-o', 'ControlPath=/tmp/f']), '/tmp/e');
    assert.equal(controlPathOf(['-o', 'ControlPersist=60s']), undefined);
  });

  it('answers false when no master listens', async () => {
    assert.equal(await terminateMaster('/nonexistent/volant-mux-socket'), false);
  });
});
