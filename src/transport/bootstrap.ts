/**
 * The few lines of Python that start an agent: `python3 -c '<bootstrap>'` reads one
 * `VOLANT <length>\n` header and a JSON payload {agent, runtime} from stdin, then execs the agent.
 * Lines before the header are skipped (a sudo password line sudo did not need ends up here).
 *
 * NOTE: the bootstrap reads stdin through Python's buffered reader, so the controller sends
 * nothing after the payload until the agent's hello frame: the agent then owns the stream.
 */
import type { AgentSources } from './agent-sources.js';
import { shellQuote } from './shell-quote.js';

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
export function bootstrapPayload(sources: AgentSources, modules: ReadonlyMap<string, string> = new Map()): Buffer {
  const body = Buffer.from(JSON.stringify({ agent: sources.agent, runtime: sources.runtime, modules: Object.fromEntries(modules) }), 'utf8');
  return Buffer.concat([Buffer.from(`VOLANT ${body.length}\n`, 'ascii'), body]);
}


/**
 * The shell command line that starts an agent. Without an interpreter set, the first of
 * /usr/bin/python3 and python3 on PATH (NOTE: /usr/bin/python3 first, as Ansible's discovery
 * prefers the platform python; a PATH python3 may be a slow pyenv shim).
 */
export function agentCommand(python: string | undefined): string {
  const boot = shellQuote(BOOTSTRAP);
  // NOTE: -S skips site at start; the agent turns it on at the first import only site-packages has.
  if (python !== undefined) return `exec ${shellQuote(python)} -S -c ${boot}`;
  return `if [ -x /usr/bin/python3 ]; then exec /usr/bin/python3 -S -c ${boot}; else exec python3 -S -c ${boot}; fi`;
}
