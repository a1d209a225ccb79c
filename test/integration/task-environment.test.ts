import assert from 'node:assert/strict';
import { dictOf, isDict, type Data } from '../../src/core/data.js';
import type { AgentSession, ModuleResult } from '../../src/run/transport.js';
import { createTransport } from '../../src/transport/index.js';
import { overLocalAndSsh } from './over-local-and-ssh.js';

/** The variables the setup module saw (its env facts read the module's own os.environ). */
function envFacts(result: ModuleResult): Map<string, Data> {
  const facts = result.get('ansible_facts');
  const env = isDict(facts) ? facts.get('ansible_env') : undefined;
  assert.ok(isDict(env), `no ansible_env in ${JSON.stringify([...result.keys()])}`);
  return env as Map<string, Data>;
}

function setup(session: AgentSession, environment?: ReadonlyMap<string, string>): Promise<ModuleResult> {
  return session.runModule({
    module: 'setup',
    args: dictOf({ gather_subset: ['!all', '!min', 'env'] }),
    checkMode: false,
    diff: false,
    ...(environment ? { environment } : {}),
  });
}

overLocalAndSsh('agent/task environment in module code', 'is seen by each request alone, with requests in flight together', async (spec) => {
  const transport = createTransport();
  try {
    const session = await transport.session(spec);
    const [a, b, plain] = await Promise.all([
      setup(session, new Map([['VOLANT_ENV_A', 'a']])),
      setup(session, new Map([['VOLANT_ENV_B', 'b'], ['HOME', '/volant-home']])),
      setup(session),
    ]);
    const envA = envFacts(a);
    const envB = envFacts(b);
    const envPlain = envFacts(plain);
    assert.equal(envA.get('VOLANT_ENV_A'), 'a');
    assert.equal(envA.has('VOLANT_ENV_B'), false);
    assert.equal(envB.get('VOLANT_ENV_B'), 'b');
    assert.equal(envB.get('HOME'), '/volant-home');
    assert.equal(envB.has('VOLANT_ENV_A'), false);
    assert.equal(envPlain.has('VOLANT_ENV_A') || envPlain.has('VOLANT_ENV_B'), false);
    assert.notEqual(envPlain.get('HOME'), '/volant-home');
    // A process a module starts itself (not through run_command) inherits the request's variables.
    const shell = await session.runModule({
      module: 'command',
      args: dictOf({ _raw_params: 'echo "$VOLANT_ENV_C"', _uses_shell: true }),
      checkMode: false,
      diff: false,
      environment: new Map([['VOLANT_ENV_C', 'c']]),
    });
    assert.equal(shell.get('stdout'), 'c');
    // An async job runs in its own process with the task's environment.
    const job = await session.runModule({
      module: 'setup',
      args: dictOf({ gather_subset: ['!all', '!min', 'env'] }),
      checkMode: false,
      diff: false,
      environment: new Map([['VOLANT_ENV_D', 'd']]),
      asyncSeconds: 20,
    });
    const jid = job.get('ansible_job_id');
    assert.equal(typeof jid, "string", JSON.stringify([...job]));
    let status: ModuleResult = new Map();
    for (let i = 0; i < 100 && status.get('finished') !== true; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await session.runModule({ module: 'async_status', args: dictOf({ jid: jid as string }), checkMode: false, diff: false });
    }
    assert.equal(envFacts(status).get('VOLANT_ENV_D'), 'd');
  } finally {
    await transport.closeAll();
  }
});
