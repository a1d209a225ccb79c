/**
 * For transport.test.ts: a process that starts one agent (the spec is argv[2], JSON), prints the
 * agent's pid and the transport's ssh control folder, calls finish() and does nothing more, as
 * the CLI ends a run. It should exit at once, leaving the agent to end with its input.
 */
import type { ConnectionSpec } from '../../src/run/transport.js';
import { VolantTransport } from '../../src/transport/index.js';

const spec = JSON.parse(process.argv[2] ?? '{}') as ConnectionSpec;
const transport = new VolantTransport();
const session = await transport.session(spec);
// the agent runs the module's command: its parent is the agent
const result = await session.runModule({ module: 'command', args: new Map([['_raw_params', 'sh -c "echo $PPID"']]), checkMode: false, diff: false });
process.stdout.write(`${JSON.stringify({ agent: String(result.get('stdout')), controlDir: transport.controlDirectory ?? null })}\n`);
await transport.finish();
