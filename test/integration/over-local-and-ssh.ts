// The shape most integration tests share: the same checks over `local`, then over a private sshd
// started for the suite (skipped with a reason when sshd is not installed).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionSpec } from '../../src/run/transport.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

export const LOCAL_SPEC: ConnectionSpec = { host: 'local-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 };

export function overLocalAndSsh(title: string, localTitle: string, run: (spec: ConnectionSpec) => Promise<void>): void {
  describe(title, () => {
    it(localTitle, async () => {
      await run(LOCAL_SPEC);
    });

    describe('over ssh', { skip: sshdUnavailable() }, () => {
      let server: SshServer | undefined;
      before(async () => {
        server = await startSshd();
      });
      after(async () => {
        await server?.stop();
      });
      it('match over ssh', async () => {
        assert.ok(server);
        await run(server.spec());
      });
    });
  });
}
