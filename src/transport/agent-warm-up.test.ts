import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Data, DataDict } from '../core/data.js';
import type { ConnectionSpec } from '../run/transport.js';
import { VolantTransport } from './volant-transport.js';
import { runProbe } from './agent-probe-fixture.js';
import type { VolantAgentSession } from './agent-session.js';
import { loadFrame } from './load-frames.js';

const localSpec: ConnectionSpec = { host: 'warm-up-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 };

// What the agent has imported, asked through a throwaway module.
const PROBE = `
import sys
import volant_runtime
ARGUMENT_SPEC = {'names': {'type': 'list'}, 'sources': {'type': 'list', 'default': []}}
def run(params, ctx):
    return {'changed': False, 'loaded': [name for name in params['names'] if name in sys.modules],
            'sources': [name for name in params['sources'] if volant_runtime.load_module(name) is not None]}
`;

// A module the play will use later: two standard-library imports at its top, one inside a
// function (needed only if that runs), and a shipped helper and a package the host may lack.
const LATER = `
import colorsys
import site
import json, sched  # several on a line
from _warm_helper import thing
import volant_no_such_package
def run(params, ctx):
    import wave
`;

async function probe(session: VolantAgentSession, names: string[], first: boolean, sources: string[] = []): Promise<DataDict> {
  return runProbe(session, 'warm_probe', new Map<string, Data>([['names', names], ['sources', sources]]), first ? PROBE : undefined);
}

async function loaded(session: VolantAgentSession, names: string[], first: boolean): Promise<Data> {
  return (await probe(session, names, first)).get('loaded') as Data;
}

/** What the agent has imported, once at least `count` of the names are there (or after 5 s). */
async function loadedOnceAtLeast(session: VolantAgentSession, names: string[], count: number): Promise<Data> {
  let seen: Data = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    seen = await loaded(session, names, false);
    if (Array.isArray(seen) && seen.length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return seen;
}

describe('agent: the warm-up', () => {
  it('imports, while no request runs, the standard-library modules a loaded module imports at its top', async (t) => {
    const transport = new VolantTransport();
    try {
      const session = (await transport.session(localSpec)) as VolantAgentSession;
      const names = ['colorsys', 'sched', 'wave', '_warm_helper', 'site'];
      assert.deepEqual(await loaded(session, names, true), []);
      const version = session.client.info?.get('python');
      if (Array.isArray(version) && Number(version[1]) < 10) {
        t.skip('Python < 3.10 has no stdlib_module_names: no warm-up');
        return;
      }
      session.client.send(loadFrame([['later', LATER], ['_warm_helper', 'print("a helper ran")\nthing = 1\n']]));
      const seen = await loadedOnceAtLeast(session, names, 2);
      // not the helper (its top runs only when a module imports it), nor site (turned on by the
      // first import only site-packages has), nor what a function imports
      assert.deepEqual(seen, ['colorsys', 'sched']);
    } finally {
      await transport.closeAll();
    }
  });

  it('executes a module that says LOAD_EARLY ahead of its first request, and its WARM_UP', async (t) => {
    const transport = new VolantTransport();
    try {
      const session = (await transport.session(localSpec)) as VolantAgentSession;
      const names = ['volant_test_early', 'volant_test_warmed', 'volant_test_late'];
      assert.deepEqual(await loaded(session, names, true), []);
      const version = session.client.info?.get('python');
      if (Array.isArray(version) && Number(version[1]) < 10) {
        t.skip('Python < 3.10 has no stdlib_module_names: no warm-up');
        return;
      }
      const marks = (name: string): string => `import sys, types\nsys.modules['${name}'] = types.ModuleType('${name}')\n`;
      const early = `${marks('volant_test_early')}LOAD_EARLY = True\ndef WARM_UP():\n    ${marks('volant_test_warmed').trimEnd().split('\n').join('\n    ')}\n`;
      session.client.send(loadFrame([['early_one', early], ['late_one', marks('volant_test_late')]]));
      const seen = await loadedOnceAtLeast(session, names, 2);
      // the other module runs only at its first request
      assert.deepEqual(seen, ['volant_test_early', 'volant_test_warmed']);
    } finally {
      await transport.closeAll();
    }
  });

  it("sends the play's modules with the first one an agent needs (template's is copy, shell's command)", async () => {
    const transport = new VolantTransport();
    try {
      transport.expectActions(['ping', 'template', 'debug', 'shell']);
      const session = (await transport.session(localSpec)) as VolantAgentSession;
      const pong = await session.runModule({ module: 'ping', args: new Map(), checkMode: false, diff: false });
      assert.equal(pong.get('ping'), 'pong');
      const result = await probe(session, [], true, ['copy', 'command', 'debug', 'file']);
      assert.deepEqual(result.get('sources'), ['copy', 'command']);
    } finally {
      await transport.closeAll();
    }
  });
});
