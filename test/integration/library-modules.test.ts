/**
 * Library modules (a playbook's library/ and module_utils/) through the real transport and agent:
 * the module's first request carries its wrapper and the ansible.module_utils shims, once per
 * agent; its own module_utils ride inside the wrapper; an async job runs it too.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dictOf, type Data } from '../../src/core/data.js';
import { libraryModules } from '../../src/core/library-modules.js';
import type { ConnectionSpec, ModuleResult } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import type { VolantAgentSession } from '../../src/transport/agent-session.js';
import { recordLoads } from './shipments.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';

const GREET = `from ansible.module_utils.basic import AnsibleModule
from ansible.module_utils.volant_test_words import greeting

module = AnsibleModule(argument_spec={'name': {'type': 'str', 'required': True}}, supports_check_mode=True)
module.exit_json(changed=True, msg=greeting(module.params['name']))
`;
const COUNT = `from ansible.module_utils.basic import AnsibleModule
module = AnsibleModule(argument_spec={'n': {'type': 'int', 'default': 1}})
module.exit_json(n=module.params['n'] + 1)
`;

async function run(session: VolantAgentSession, module: string, args: Record<string, Data>, asyncSeconds?: number): Promise<ModuleResult> {
  return session.runModule({ module, args: dictOf(args), checkMode: false, diff: false, ...(asyncSeconds === undefined ? {} : { asyncSeconds }) });
}

const root = mkdtempSync(join(tmpdir(), 'volant-library-'));
mkdirSync(join(root, 'library'));
mkdirSync(join(root, 'module_utils'));
writeFileSync(join(root, 'library', 'volant_test_greet.py'), GREET);
writeFileSync(join(root, 'library', 'volant_test_count.py'), COUNT);
writeFileSync(join(root, 'module_utils', 'volant_test_words.py'), "def greeting(name):\n    return 'hello %s' % name\n");
libraryModules.addDirectory(join(root, 'library'));
libraryModules.addModuleUtilsDirectory(join(root, 'module_utils'));

overLocalAndSsh('transport/library modules', 'runs a library module with its module_utils, shipping the shims once per agent', async (spec: ConnectionSpec) => {
  const transport = createTransport();
  try {
    const session = (await transport.session(spec)) as VolantAgentSession;
    const shipments = recordLoads(session);
    const greeted = await run(session, 'volant_test_greet', { name: 'ssh' });
    assert.equal(greeted.get('msg'), 'hello ssh', String(greeted.get('msg')));
    assert.equal(greeted.get('changed'), true);
    const counted = await run(session, 'volant_test_count', { n: 2 });
    assert.equal(counted.get('n'), 3, String(counted.get('msg')));
    const job = await run(session, 'volant_test_count', { n: 5 }, 30);
    // NOTE: a started job's result says failed: false, as 2.19's async_wrapper's does.
    assert.equal(job.get('failed'), false, String(job.get('msg')));
    let status: ModuleResult;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await run(session, 'async_status', { jid: String(job.get('ansible_job_id')) });
    } while (status.get('finished') !== true && status.get('failed') !== true);
    assert.equal(status.get('n'), 6, String(status.get('msg')));
    assert.deepEqual(shipments, [
      ['volant_test_greet', '_ansible_basic', '_ansible_six', '_ansible_text', '_ansible_validation'],
      ['volant_test_count'],
      ['async_status'],
    ]);
  } finally {
    await transport.closeAll();
  }
});

process.on('exit', () => rmSync(root, { recursive: true, force: true }));
