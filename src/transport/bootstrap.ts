/**
 * The few lines of Python that start an agent: `python3 -c '<bootstrap>'` reads one
 * `VOLANT <length>\n` header and a JSON payload {agent, runtime} from stdin, then execs the agent.
 * Lines before the header are skipped (a sudo password line sudo did not need ends up here).
 *
 * NOTE: the bootstrap reads stdin through Python's buffered reader, so the controller sends
 * nothing after the payload until the agent's hello frame: the agent then owns the stream.
 */
import type { AgentSources } from './agent-sources.js';

export const BOOTSTRAP = [
  'import sys,json',
  'r=sys.stdin.buffer',
  'l=b""',
  'while not l.startswith(b"VOLANT "):',
  ' l=r.readline()',
  ' if not l:sys.exit(3)',
  'p=json.loads(r.read(int(l[7:])))',
  'exec(compile(p["agent"],"<volant-agent>","exec"),{"__name__":"__volant__","PAYLOAD":p})',
].join('\n');

/** The bytes written to a new agent's stdin. */
export function bootstrapPayload(sources: AgentSources): Buffer {
  const body = Buffer.from(JSON.stringify({ agent: sources.agent, runtime: sources.runtime, modules: {} }), 'utf8');
  return Buffer.concat([Buffer.from(`VOLANT ${body.length}\n`, 'ascii'), body]);
}

/** `python -c '<bootstrap>'` as argv (for a local spawn). */
export function bootstrapArgv(python: string): string[] {
  return [python, '-c', BOOTSTRAP];
}
