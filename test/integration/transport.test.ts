import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConnectionError } from '../../src/core/errors.js';
import { dictOf, isDict, type Data } from '../../src/core/data.js';
import type { AgentSession, ConnectionSpec, ModuleRequest } from '../../src/run/transport.js';
import { createTransport, VolantTransport } from '../../src/transport/index.js';
import { AgentLostError } from '../../src/transport/transport-errors.js';
import { startSshd, sshdUnavailable, type SshServer } from './sshd.js';

const localSpec: ConnectionSpec = { host: 'local-test', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 };

function moduleRequest(module: string, args: Record<string, Data>, extra: Partial<ModuleRequest> = {}): ModuleRequest {
  return { module, args: dictOf(args), checkMode: false, diff: false, ...extra };
}

function pgrep(pattern: string): string[] {
  const r = spawnSync('pgrep', ['-f', pattern], { encoding: 'utf8' });
  return r.stdout.split('\n').filter((line) => line.trim() !== '' && Number(line) !== process.pid);
}

async function gone(pids: () => string[], ms: number): Promise<string[]> {
  for (let waited = 0; waited < ms && pids().length > 0; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return pids();
}

const alive = (pid: string) => (): string[] => (existsSync(`/proc/${pid}`) ? [pid] : []);

/**
 * Runs finish-child.ts (one agent for `spec`, then finish()) to its exit: what it printed, and
 * whether the processes `lingering` names still ran then (finish did not wait for them).
 */
async function finishInChild(spec: ConnectionSpec, lingering: string): Promise<{ agent: string; controlDir: string | null; lingered: boolean }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'finish-child.ts'), JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lingered = pgrep(lingering).length > 0;
  assert.equal(code, 0);
  return { ...(JSON.parse(out) as { agent: string; controlDir: string | null }), lingered };
}

describe('transport/local', () => {
  it('finish lets the process exit at once, and its agents end with their input', async () => {
    // an interpreter that leaves a process holding the agent's pipes: closeAll would wait for it
    const dir = mkdtempSync(join(tmpdir(), 'volant-finish-'));
    const lingering = `sleep 9.${process.pid}`;
    const interpreter = join(dir, 'python');
    writeFileSync(interpreter, `#!/bin/sh\n${lingering} &\n/usr/bin/python3 "$@"\n`, { mode: 0o755 });
    try {
      const { agent, lingered } = await finishInChild({ ...localSpec, pythonInterpreter: interpreter }, lingering);
      assert.equal(lingered, true);
      assert.deepEqual(await gone(alive(agent), 5000), []);
    } finally {
      spawnSync('pkill', ['-f', lingering]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs ping and returns the module result with its invocation', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const result = await session.runModule(moduleRequest('ping', {}));
      // Recorded from `ansible localhost -m ping -vvv` (2.19): ping, changed, invocation; the
      // controller adds `changed` (TaskExecutor), the module does not.
      assert.equal(result.get('ping'), 'pong');
      assert.equal(result.has('changed'), false);
      const invocation = result.get('invocation');
      assert.ok(isDict(invocation));
      assert.deepEqual([...((invocation.get('module_args') as Map<string, Data>) ?? new Map())], [['data', 'pong']]);
    } finally {
      await transport.closeAll();
    }
  });

  it('reports an exception escaping a module as 2.19 does', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const result = await session.runModule(moduleRequest('ping', { data: 'crash' }));
      // Recorded from 2.19 (`ping: data=crash`, registered): the msg carries the prefix itself.
      assert.equal(result.get('failed'), true);
      assert.equal(result.has('changed'), false);
      assert.equal(result.get('msg'), 'Task failed: Module failed: boom');
      assert.equal(result.get('exception'), '(traceback unavailable)');
    } finally {
      await transport.closeAll();
    }
  });

  it('drops the agents of a host on reset and starts fresh ones after', async () => {
    const transport = createTransport();
    try {
      const before = await transport.session(localSpec);
      await transport.reset(localSpec.host);
      const after = await transport.session(localSpec);
      assert.notEqual(before, after);
      assert.equal((await after.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
      await assert.rejects(before.runModule(moduleRequest('ping', {})), AgentLostError);
    } finally {
      await transport.closeAll();
    }
  });

  it('reuses one agent per host and become user', async () => {
    const transport = createTransport();
    try {
      const a = await transport.session(localSpec);
      const b = await transport.session(localSpec);
      assert.equal(a, b);
    } finally {
      await transport.closeAll();
    }
  });

  it('fails a request at once when its agent is killed mid-request', async () => {
    const transport = new VolantTransport();
    try {
      const session = (await transport.session(localSpec)) as AgentSession & { client: { child: { pid?: number } } };
      const pending = session.runModule(moduleRequest('command', { _raw_params: 'sleep 30' }));
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      process.kill(session.client.child.pid ?? 0, 'SIGKILL');
      await assert.rejects(pending, (error: unknown) => {
        assert.ok(error instanceof AgentLostError);
        assert.match(error.message, /exited unexpectedly \(signal SIGKILL\)/);
        return true;
      });
      assert.ok(Date.now() - started < 2000);
      // The next request gets a fresh agent.
      const again = await transport.session(localSpec);
      assert.notEqual(again, session);
      assert.equal((await again.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
    } finally {
      await transport.closeAll();
    }
  });

  it('honours a module timeout and kills the command it started', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const marker = `sleep 31.${process.pid}`;
      const result = await session.runModule(moduleRequest('command', { _raw_params: marker }, { timeout: 1 }));
      // As 2.19 registers a task that hit `timeout: 1`.
      assert.equal(result.get('failed'), true);
      assert.equal(result.get('msg'), 'Task failed: Timed out after 1 second(s).');
      assert.equal((result.get('timedout') as Map<string, Data>).get('period'), 1);
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(pgrep(marker), []);
      // The agent keeps serving.
      assert.equal((await session.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
    } finally {
      await transport.closeAll();
    }
  });

  it('sends the become password on stdin when sudo asks, never on a command line', async () => {
    const fakeSudo = new URL('./fixtures/fake-sudo', import.meta.url).pathname;
    const transport = new VolantTransport();
    try {
      const spec = { ...localSpec, become: { method: 'sudo', user: 'root', exe: fakeSudo, password: 'secret' } };
      const session = (await transport.session(spec)) as AgentSession & { client: { child: { spawnargs: string[] } } };
      assert.ok(!session.client.child.spawnargs.join(' ').includes('secret'));
      assert.equal((await session.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
      // Ansible's words for the two failures (a failed task, not an unreachable host).
      await assert.rejects(transport.session({ ...localSpec, host: 'b', become: { method: 'sudo', user: 'root', exe: fakeSudo, password: 'wrong' } }), {
        name: 'BecomeError',
        message: 'Incorrect sudo password',
      });
      await assert.rejects(transport.session({ ...localSpec, host: 'c', become: { method: 'sudo', user: 'root', exe: fakeSudo } }), {
        name: 'BecomeError',
        message: 'Missing sudo password',
      });
    } finally {
      await transport.closeAll();
    }
  });

  it('runs async jobs beside other requests and reports them to async_status', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const started = await session.runModule(moduleRequest('command', { _raw_params: 'sleep 1' }, { asyncSeconds: 10 }));
      assert.equal(started.get('started'), true);
      assert.equal(started.get('finished'), false);
      const jid = started.get('ansible_job_id');
      assert.equal(typeof jid, 'string');
      // the agent answers other requests while the job runs
      assert.equal((await session.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
      let status = await session.runModule(moduleRequest('async_status', { jid: jid as string }));
      assert.equal(status.get('finished'), false);
      for (let i = 0; i < 20 && status.get('finished') !== true; i++) {
        await new Promise((r) => setTimeout(r, 200));
        status = await session.runModule(moduleRequest('async_status', { jid: jid as string }));
      }
      assert.equal(status.get('finished'), true);
      assert.equal(status.get('rc'), 0);
      assert.deepEqual(status.get('cmd'), ['sleep', '1']);
    } finally {
      await transport.closeAll();
    }
  });

  it('gives the task environment to the commands a module runs', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const result = await session.runModule(
        moduleRequest('shell', { _raw_params: 'echo "$VOLANT_TEST_VAR"' }, { environment: new Map([['VOLANT_TEST_VAR', 'from task']]) }),
      );
      assert.equal(result.get('stdout'), 'from task');
      // and only to that task
      const next = await session.runModule(moduleRequest('shell', { _raw_params: 'echo "[$VOLANT_TEST_VAR]"' }));
      assert.equal(next.get('stdout'), '[]');
    } finally {
      await transport.closeAll();
    }
  });

  it('lets a fire-and-forget async job outlive the agent, and ends one past its time limit (on async_wrapper\'s 5 s schedule)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'volant-async-'));
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      await session.runModule(moduleRequest('shell', { _raw_params: `sleep 1; touch ${dir}/done` }, { asyncSeconds: 30 }));
      const limited = await session.runModule(moduleRequest('shell', { _raw_params: `sleep 32.${process.pid}; touch ${dir}/late` }, { asyncSeconds: 1 }));
      await transport.closeAll();
      // async_wrapper looks at a job 5 s after it starts, then every 5 s: a 1 s limit ends at ~10 s.
      const resultsFile = String(limited.get('results_file'));
      const expired = (): boolean => existsSync(resultsFile) && readFileSync(resultsFile, 'utf8').includes('Timeout exceeded');
      for (let waited = 0; waited < 15000 && !expired(); waited += 250) await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setTimeout(r, 500)); // the record is written just before the kill
      assert.ok(existsSync(join(dir, 'done')), 'the job finished after the agent was gone');
      // As Ansible's async_wrapper records a job that ran out of time.
      const record = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
      assert.equal(record.msg, 'Timeout exceeded');
      assert.equal(record.failed, true);
      assert.deepEqual(pgrep(`sleep 32.${process.pid}`), []);
      assert.ok(!existsSync(join(dir, 'late')));
    } finally {
      await transport.closeAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs raw commands without the agent', async () => {
    const transport = createTransport();
    try {
      const session = await transport.session(localSpec);
      const result = await session.runRaw('echo hi; echo err >&2');
      // Recorded from a 2.19 raw task over the local connection.
      assert.deepEqual(Object.fromEntries(result), {
        changed: true,
        rc: 0,
        stderr: 'err\n',
        stdout: 'hi\n',
        stdout_lines: ['hi'],
        stderr_lines: ['err'],
      });
      const failed = await session.runRaw('exit 2');
      assert.equal(failed.get('failed'), true);
      assert.equal(failed.get('msg'), 'non-zero return code');
      assert.equal(failed.get('rc'), 2);
    } finally {
      await transport.closeAll();
    }
  });
});

describe('transport/ssh', { skip: sshdUnavailable() }, () => {
  let server: SshServer | undefined;
  before(async () => {
    server = await startSshd();
  });
  after(async () => {
    await server?.stop();
  });

  it('rejects with ConnectionError in Ansible words when nothing listens', async () => {
    const transport = createTransport();
    try {
      const started = Date.now();
      await assert.rejects(transport.session({ ...localSpec, host: 'dead', connection: 'ssh', port: 2, user: 'root' }), (error: unknown) => {
        assert.ok(error instanceof ConnectionError);
        // Recorded from 2.19: "Failed to connect to the host via ssh: ssh: connect to host 127.0.0.1 port 2: Connection refused"
        assert.equal(error.message, 'Failed to connect to the host via ssh: ssh: connect to host 127.0.0.1 port 2: Connection refused');
        return true;
      });
      assert.ok(Date.now() - started < 5000);
    } finally {
      await transport.closeAll();
    }
  });

  it('words an authentication failure as 2.19 does', async () => {
    assert.ok(server);
    const transport = createTransport();
    try {
      // the host key is a valid private key that is not authorized
      const spec = server.spec('badkey', { privateKeyFile: `${server.dir}/host_key` });
      await assert.rejects(transport.session(spec), (error: unknown) => {
        assert.ok(error instanceof ConnectionError);
        // Recorded from 2.19 with an unauthorized key against 127.0.0.1.
        assert.equal(error.message, 'Failed to connect to the host via ssh: root@127.0.0.1: Permission denied (publickey).');
        return true;
      });
    } finally {
      await transport.closeAll();
    }
  });

  it('runs modules over ssh through one master and closeAll leaves no process behind', async () => {
    assert.ok(server);
    const transport = new VolantTransport();
    const session = await transport.session(server.spec());
    assert.equal((await session.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
    const raw = await session.runRaw('echo hi; echo err >&2');
    // Recorded from 2.19's raw over ssh: a tty merges stderr into stdout with \r\n.
    assert.equal(raw.get('stdout'), 'hi\r\nerr\r\n');
    assert.equal(raw.get('stderr'), 'Shared connection to 127.0.0.1 closed.\r\n');
    // 2.19 gives raw's command to the login shell (root's is bash here), or to `executable -c`.
    const loginShell = (await session.runRaw('echo $0')).get('stdout');
    assert.equal(loginShell, `${(spawnSync('getent', ['passwd', 'root'], { encoding: 'utf8' }).stdout.trim().split(':')[6] ?? '').split('/').pop()}\r\n`);
    assert.equal((await session.runRaw('echo $0', { executable: '/bin/bash' })).get('stdout'), '/bin/bash\r\n');
    const controlDir = transport.controlDirectory;
    assert.ok(controlDir);
    assert.notDeepEqual(pgrep(controlDir), []);
    await transport.closeAll();
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(pgrep(controlDir), []);
  });

  it('finish lets the process exit, and the agent, its ssh and master end with their input', async () => {
    assert.ok(server);
    const { agent, controlDir } = await finishInChild(server.spec(), 'no such process');
    assert.ok(controlDir);
    assert.equal(existsSync(controlDir), false);
    assert.deepEqual(await gone(() => pgrep(controlDir), 5000), []);
    assert.deepEqual(await gone(alive(agent), 5000), []);
  });

  it('starts a second agent for a become user over the same master', async () => {
    assert.ok(server);
    const transport = createTransport();
    try {
      const plain = await transport.session(server.spec());
      // su (this machine has no sudo); nobody's login shell is nologin, hence -s.
      const become = await transport.session(server.spec('sshd-test', { become: { method: 'su', user: 'nobody', flags: '-s /bin/sh' } }));
      assert.notEqual(plain, become);
      const who = await become.runModule(moduleRequest('command', { _raw_params: 'id -un' }));
      assert.equal(who.get('stdout'), 'nobody');
      const me = await plain.runModule(moduleRequest('command', { _raw_params: 'id -un' }));
      assert.equal(me.get('stdout'), 'root');
    } finally {
      await transport.closeAll();
    }
  });

  it('fails each module as 2.19 reads the tty of an agent that did not start (become program or interpreter missing)', async () => {
    assert.ok(server);
    const transport = createTransport();
    try {
      const become = await transport.session(server.spec('no-become', { become: { method: 'sudo', user: 'nobody', exe: '/nonexistent' } }));
      const result = await become.runModule(moduleRequest('ping', {}));
      // Recorded from 2.19 over ssh (become_exe: /nonexistent, become_user: nobody).
      assert.equal(result.get('msg'), 'Module result deserialization failed: No start of json char found');
      assert.equal(result.get('module_stdout'), '/bin/sh: 1: /nonexistent: not found\r\n');
      assert.equal(result.get('module_stderr'), 'Shared connection to 127.0.0.1 closed.\r\n');
      assert.equal(result.get('rc'), 127);
      const python = await transport.session(server.spec('no-python', { pythonInterpreter: '/nonexistent/python' }));
      const missing = await python.runModule(moduleRequest('ping', {}));
      // Recorded from 2.19 over ssh (ansible_python_interpreter: /nonexistent/python).
      assert.equal(missing.get('msg'), "The module interpreter '/nonexistent/python' was not found.");
      assert.equal(missing.get('module_stdout'), '/bin/sh: 1: /nonexistent/python: not found\r\n');
      // raw needs no agent: it still runs
      assert.equal((await python.runRaw('echo hi')).get('stdout'), 'hi\r\n');
    } finally {
      await transport.closeAll();
    }
  });

  it('keeps the other aliases of a server working when one host is reset', async () => {
    assert.ok(server);
    const transport = new VolantTransport();
    try {
      const a = await transport.session(server.spec('alias-a'));
      const b = await transport.session(server.spec('alias-b'));
      await transport.reset('alias-a');
      assert.equal((await b.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
      const again = await transport.session(server.spec('alias-a'));
      assert.notEqual(again, a);
      assert.equal((await again.runModule(moduleRequest('ping', {}))).get('ping'), 'pong');
      const controlDir = transport.controlDirectory ?? '';
      await transport.closeAll();
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual(pgrep(controlDir), []);
    } finally {
      await transport.closeAll();
    }
  });

  it('rejects in-flight requests when the ssh connection dies', async () => {
    assert.ok(server);
    const transport = new VolantTransport();
    try {
      const session = (await transport.session(server.spec())) as AgentSession & { client: { child: { pid?: number } } };
      const pending = session.runModule(moduleRequest('command', { _raw_params: 'sleep 30' }));
      await new Promise((r) => setTimeout(r, 300));
      process.kill(session.client.child.pid ?? 0, 'SIGKILL');
      await assert.rejects(pending, AgentLostError);
    } finally {
      await transport.closeAll();
    }
  });
});
