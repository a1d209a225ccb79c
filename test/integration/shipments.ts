/** What the load frames written to an agent carried: each first module's name, then its helpers. */
import { inflateSync } from 'node:zlib';
import type { VolantAgentSession } from '../../src/transport/agent-session.js';

export function recordLoads(session: VolantAgentSession): string[][] {
  const loads: string[][] = [];
  const send = session.client.send.bind(session.client);
  session.client.send = (frame: Buffer): void => {
    const length = frame.readUInt32BE(0);
    const body = length & 0x80000000 ? inflateSync(frame.subarray(4)) : frame.subarray(4);
    const parsed = JSON.parse(body.toString('utf8')) as { op: string; modules: Record<string, string> };
    if (parsed.op === 'load') {
      const [module, ...helpers] = Object.keys(parsed.modules);
      loads.push([String(module), ...helpers.sort()]);
    }
    send(frame);
  };
  return loads;
}
