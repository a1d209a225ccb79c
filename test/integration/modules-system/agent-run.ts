// Runs modules through the real transport and agent (ssh to a test host, or local), for checking
// that the modules behave inside the agent as they do under harness.py.
//   npx tsx test/integration/modules-system/agent-run.ts HOST MODULE 'JSON ARGS' [--check] [--diff] [--repeat N]
// HOST is a test-hosts name (ssh) or `local`. With --repeat, the module runs N times in the same
// agent and each run's wall time goes to stderr (the first includes shipping the module).
import { createTransport } from '../../../src/transport/index.js';
import type { ConnectionSpec } from '../../../src/run/transport.js';
import { dumpJson, parseJson } from '../../../src/core/json.js';
import { isDict } from '../../../src/core/data.js';

async function main(): Promise<void> {
  const [host = 'local', module = 'ping', args = '{}'] = process.argv.slice(2);
  const spec: ConnectionSpec = host === 'local'
    ? { host, connection: 'local', address: 'localhost', hostKeyChecking: false, timeout: 10 }
    : {
        host, connection: 'ssh', address: host, user: 'root', hostKeyChecking: false, timeout: 10,
        privateKeyFile: '/opt/test-hosts/keys/id_ed25519', sshArgs: '-F /opt/test-hosts/ssh_config',
      };
  const transport = createTransport();
  try {
    const session = await transport.session(spec);
    const parsed = parseJson(args);
    if (!isDict(parsed)) throw new Error('ARGS must be a JSON object');
    const repeatAt = process.argv.indexOf('--repeat');
    const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1] ?? '1') : 1;
    let result = await session.runModule({ module: 'ping', args: new Map(), checkMode: false, diff: false });
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      result = await session.runModule({
        module, args: parsed, checkMode: process.argv.includes('--check'), diff: process.argv.includes('--diff'),
      });
      if (repeatAt > 0) process.stderr.write(`${module} run ${i + 1}: ${(performance.now() - started).toFixed(1)} ms\n`);
    }
    process.stdout.write(dumpJson(result, { sortKeys: true, indent: 1 }) + '\n');
  } finally {
    await transport.closeAll();
  }
}

void main();
