import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DataDict } from '../core/data.js';
import type { ConnectionSpec } from '../run/transport.js';
import { VolantTransport } from './volant-transport.js';
import { runProbe } from './agent-probe-fixture.js';
import type { VolantAgentSession } from './agent-session.js';

const localSpec: ConnectionSpec = { host: 'site-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 };

// A throwaway module (the protocol carries any module's source with its first request).
const PROBE = `
import sys
ARGUMENT_SPEC = {'imp': {'type': 'str'}}
def run(params, ctx):
    result = {'changed': False, 'site_before': 'site' in sys.modules}
    if params.get('imp'):
        try:
            __import__(params['imp'])
            result['imported'] = True
        except ImportError:
            result['imported'] = False
    result['site_after'] = 'site' in sys.modules
    return result
`;

async function probe(session: VolantAgentSession, imp: string | undefined, first: boolean): Promise<DataDict> {
  return runProbe(session, 'site_probe', new Map<string, Data>(imp === undefined ? [] : [['imp', imp]]), first ? PROBE : undefined);
}

describe('agent: python -S with site on demand', () => {
  it('starts without site, and turns it on at the first import only site-packages could satisfy', async (t) => {
    const transport = new VolantTransport();
    try {
      const session = (await transport.session(localSpec)) as VolantAgentSession;
      const start = await probe(session, undefined, true);
      const version = session.client.info?.get('python');
      if (Array.isArray(version) && Number(version[1]) < 10) {
        t.skip('Python < 3.10 has no stdlib_module_names; site is on from the first failed import');
        return;
      }
      // subprocess's msvcrt probe at start is no reason for site
      assert.equal(start.get('site_before'), false);
      const stdlib = await probe(session, 'json', false);
      assert.equal(stdlib.get('site_after'), false);
      const missing = await probe(session, 'volant_no_such_module', false);
      assert.equal(missing.get('imported'), false);
      assert.equal(missing.get('site_after'), true);
    } finally {
      await transport.closeAll();
    }
  });
});
