/**
 * Helper modules (src/agent/modules/_name.py) through the real transport and agent: a module's
 * first request carries the helpers it imports that the agent does not have yet, and the agent
 * keeps them, so the next module importing the same helper (get_url after uri, both on
 * _http_client) and a module another one ran (apt after package) go without them.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictOf, type Data } from '../../src/core/data.js';
import type { ConnectionSpec, ModuleResult } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import type { VolantAgentSession } from '../../src/transport/agent-session.js';
import { recordLoads } from './shipments.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';

const hasAptBindings = existsSync('/usr/bin/apt-get') && existsSync('/usr/lib/python3/dist-packages/apt');

/** What a module's first request shipped ahead of it: its own source, and which helpers. */
interface Shipment {
  readonly module: string;
  readonly source: boolean;
  readonly helpers: string[];
}

function shipmentsOf(loads: string[][]): Shipment[] {
  return loads.map(([module, ...helpers]) => ({ module: String(module), source: true, helpers }));
}

function serveHello(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '6' });
    res.end('hello\n');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function finishedJob(session: VolantAgentSession, jid: string): Promise<ModuleResult> {
  for (;;) {
    const status = await run(session, 'async_status', { jid });
    if (status.get('finished') === true || status.get('failed') === true) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function run(session: VolantAgentSession, module: string, args: Record<string, Data>, checkMode = false): Promise<ModuleResult> {
  return session.runModule({ module, args: dictOf(args), checkMode, diff: false });
}

overLocalAndSsh('transport/helper modules', 'ships a helper with the first module importing it, once per agent', async (spec: ConnectionSpec) => {
  const server = await serveHello();
  const dir = mkdtempSync(join(tmpdir(), 'volant-helpers-'));
  const transport = createTransport();
  try {
    const address = server.address();
    assert.ok(address !== null && typeof address === 'object');
    const url = `http://127.0.0.1:${address.port}/hello.txt`;
    const session = (await transport.session(spec)) as VolantAgentSession;
    const loads = recordLoads(session);

    const fetched = await run(session, 'uri', { url, return_content: true });
    assert.equal(fetched.get('failed'), undefined, String(fetched.get('msg')));
    assert.equal(fetched.get('content'), 'hello\n');
    const downloaded = await run(session, 'get_url', { url, dest: join(dir, 'hello.txt') });
    assert.equal(downloaded.get('failed'), undefined, String(downloaded.get('msg')));
    assert.equal(downloaded.get('changed'), true);
    assert.equal(readFileSync(join(dir, 'hello.txt'), 'utf8'), 'hello\n');
    // An async job runs in its own process, which gets every source the agent holds.
    const job = await session.runModule({ module: 'uri', args: dictOf({ url, return_content: true }), checkMode: false, diff: false, asyncSeconds: 30 });
    // NOTE: a started job's result says failed: false, as 2.19's async_wrapper's does.
    assert.equal(job.get('failed'), false, String(job.get('msg')));
    assert.equal((await finishedJob(session, String(job.get('ansible_job_id')))).get('content'), 'hello\n');
    const expected: Shipment[] = [
      { module: 'uri', source: true, helpers: ['_http_client'] },
      { module: 'get_url', source: true, helpers: [] },
      { module: 'async_status', source: true, helpers: [] },
    ];

    if (hasAptBindings) {
      // package runs the host's backend in the agent: every backend it may pick (apt, dnf, dnf5)
      // and the helpers they import come with package, so apt itself then carries no source at all.
      const viaPackage = await run(session, 'package', { name: 'python3', state: 'present' }, true);
      assert.equal(viaPackage.get('failed'), undefined, String(viaPackage.get('msg')));
      const direct = await run(session, 'apt', { name: 'python3', state: 'present' }, true);
      assert.equal(direct.get('failed'), undefined, String(direct.get('msg')));
      expected.push({ module: 'package', source: true, helpers: ['_apt_common', '_yumdnf', 'apt', 'dnf', 'dnf5'] });
    }
    assert.deepEqual(shipmentsOf(loads), expected);

    // A module sent up front with the agent (preloadModules) brings its helpers along.
    const preloading = createTransport({ preloadModules: ['uri'] });
    try {
      const preloaded = (await preloading.session(spec)) as VolantAgentSession;
      const carried = recordLoads(preloaded);
      const answer = await run(preloaded, 'uri', { url, return_content: true });
      assert.equal(answer.get('content'), 'hello\n', String(answer.get('msg')));
      assert.deepEqual(carried, []);
    } finally {
      await preloading.closeAll();
    }
  } finally {
    await transport.closeAll();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
