import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentProcess } from './agent-client.js';
import { BatchLauncher, launcherScript } from './batch-launcher.js';

interface Outcome {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Started {
  process: AgentProcess;
  done: Promise<Outcome>;
  error: Promise<Error>;
}

/** Launches all in one turn; listeners go on in the callback, as the launcher asks. */
function launchAll(launcher: BatchLauncher, programs: [string, string[]][]): Promise<Started[]> {
  return Promise.all(
    programs.map(
      ([file, args]) =>
        new Promise<Started>((resolve) =>
          launcher.launch(file, args, (process) => resolve({ process, done: outcome(process), error: new Promise((r) => process.on('error', r)) })),
        ),
    ),
  );
}

function outcome(p: AgentProcess): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => p.once('close', (code, signal) => resolve({ stdout, stderr, code, signal })));
}

test('processes asked for in one turn each get their own pipes and exit status', async () => {
  const launcher = new BatchLauncher();
  const script = 'read line; echo "out $1 $line"; echo "err $1" >&2; exit $2';
  const started = await launchAll(launcher, [1, 2, 3].map((n) => ['/bin/sh', ['-c', script, 'sh', String(n), String(n + 40)]]));
  started.forEach((s, i) => s.process.stdin.end(`line ${i + 1}\n`));
  assert.deepEqual(await Promise.all(started.map((s) => s.done)), [1, 2, 3].map((n) => ({ stdout: `out ${n} line ${n}\n`, stderr: `err ${n}\n`, code: n + 40, signal: null })));
});

test('one process ending closes its pipes while the others of its batch still run', async () => {
  const launcher = new BatchLauncher();
  const [quick, slow] = (await launchAll(launcher, [
    ['/bin/sh', ['-c', 'echo quick']],
    ['/bin/sh', ['-c', 'cat; echo slow']],
  ])) as [Started, Started];
  assert.deepEqual(await quick.done, { stdout: 'quick\n', stderr: '', code: 0, signal: null });
  assert.equal(slow.process.exitCode, null, 'the second is still waiting for its stdin');
  slow.process.stdin.end('x\n');
  assert.equal((await slow.done).stdout, 'x\nslow\n');
});

test('kill reaches the process and its end names the signal', async () => {
  const launcher = new BatchLauncher();
  const [a, b] = (await launchAll(launcher, [
    ['/bin/sh', ['-c', 'exec sleep 30']],
    ['/bin/sh', ['-c', 'exit 0']],
  ])) as [Started, Started];
  a.process.kill('SIGKILL');
  assert.deepEqual(await a.done, { stdout: '', stderr: '', code: null, signal: 'SIGKILL' });
  assert.equal((await b.done).code, 0);
});

test('a program not on PATH is spawned alone and fails as a spawn does', async () => {
  const launcher = new BatchLauncher();
  const [missing, present] = (await launchAll(launcher, [
    ['volant-no-such-program', []],
    ['/bin/sh', ['-c', 'exit 5']],
  ])) as [Started, Started];
  assert.equal(((await missing.error) as NodeJS.ErrnoException).code, 'ENOENT');
  assert.equal((await present.done).code, 5);
});

test('each subshell keeps only its own descriptors', () => {
  const script = launcherScript([
    { file: 'a', args: ["it's"] },
    { file: 'b', args: [] },
  ]);
  const [first, second, last] = script.split('\n');
  assert.match(first as string, /^\(exec 6>&- 7>&- 8>&-; a 'it'"'"'s' <&3 >&4 2>&5 3>&- 4>&- 5>&- &/);
  assert.match(second as string, /^\(exec 3>&- 4>&- 5>&-; b <&6 >&7 2>&8 6>&- 7>&- 8>&- &/);
  assert.equal(last, 'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&-');
});
