import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dictOf } from '../../src/core/data.js';
import type { ConnectionSpec } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';

const localSpec: ConnectionSpec = { host: 'local-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 };
const hasAptBindings = existsSync('/usr/bin/apt-get') && existsSync('/usr/lib/python3/dist-packages/apt');

describe('transport/package', () => {
  // package runs the host's package manager module inside the agent, so that module's source has
  // to reach the agent with package's own (the real-world check found it missing: every role
  // installing with `package` failed on Debian).
  it('runs apt through the real agent on a Debian host', { skip: !hasAptBindings && 'no python3-apt on this machine' }, async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const result = await session.runModule({
        module: 'package',
        args: dictOf({ name: 'python3', state: 'present' }),
        checkMode: true,
        diff: false,
      });
      assert.equal(result.get('failed'), undefined, String(result.get('msg')));
      assert.equal(result.get('changed'), false);
    } finally {
      await transport.closeAll();
    }
  });

  // 2.19's package action checks only `use`: apt gets update_cache and the missing state (present)
  // as its own (robertdebock.bootstrap; Volant refused both as package's).
  it("hands the backend arguments package has no option for", { skip: !hasAptBindings && 'no python3-apt on this machine' }, async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const run = (args: Record<string, unknown>) =>
        session.runModule({ module: 'package', args: dictOf(args as never), checkMode: true, diff: false });
      const passed = await run({ name: 'python3', update_cache: false });
      assert.equal(passed.get('failed'), undefined, String(passed.get('msg')));
      assert.equal(passed.get('changed'), false);
      const refused = await run({ name: 'python3', no_such_option: true });
      assert.match(String(refused.get('msg')), /^Unsupported parameters for \(ansible\.legacy\.apt\) module: no_such_option\./);
    } finally {
      await transport.closeAll();
    }
  });
});
