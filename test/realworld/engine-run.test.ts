import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeRun } from './engine-run.js';

describe('realworld/engine-run normalizeRun', () => {
  const host = { name: 'rwh01', address: '10.213.0.11' };

  it("hides logrotate -d's own pid and minutes, not the rest of its lines", () => {
    const printed =
      'switching euid from 0 to 0 and egid from 0 to 4 (pid 865)\\n  Now: 2026-12-03 19:01\\n  Last rotated at 2026-12-03 18:00\\n  rotate 14 (pid 3)';
    assert.equal(
      normalizeRun(printed, '/tmp/none', [host]),
      'switching euid from 0 to 0 and egid from 0 to 4 (pid <PID>)\\n  Now: <MINUTE>\\n  Last rotated at <MINUTE>\\n  rotate 14 (pid 3)',
    );
  });
});
