/**
 * The few lines of Python that start an agent: `python3 -c '<bootstrap>'` reads one
 * `VOLANT <length>\n` header and a zlib-compressed JSON payload {agent, runtime} from stdin, then
 * execs the agent.
 * Lines before the header are skipped (a sudo password line sudo did not need ends up here).
 *
 * NOTE: the bootstrap reads stdin through Python's buffered reader, so the controller sends
 * nothing after the payload until the agent's hello frame: the agent then owns the stream.
 */
import { deflateSync } from 'node:zlib';
import type { AgentSources } from './agent-sources.js';
import { shellQuote } from './shell-quote.js';

export const BOOTSTRAP = [
  'import sys,json,zlib',
  'r=sys.stdin.buffer',
  'l=b""',
  'while not l.startswith(b"VOLANT "):',
  ' l=r.readline()',
  ' if not l:sys.exit(3)',
  'p=json.loads(zlib.decompress(r.read(int(l[7:]))))',
  // C(source, name): compile, through the host's code cache when the payload names one.
  'def C(s,n,d=p.get("cache")):',
  ' if not d or not sys.implementation.cache_tag:return compile(s,n,"exec")',
  ' import os,marshal',
  ' d=os.path.expanduser(d)',
  ' try:',
  '  t=os.stat(d)',
  // NOTE: marshal.load runs what it reads, so only a folder of our own nobody else may write.
  '  if t.st_uid!=os.geteuid() or t.st_mode&0o22:return compile(s,n,"exec")',
  ' except OSError:',
  // NOTE: a become user's agent never makes that user a ~/.ansible (2.19 leaves none when its
  // modules run from /var/tmp): without one it compiles, and leaves no trace.
  '  if not p.get("private") and p["cache"].startswith("~/.ansible/") and not os.path.isdir(os.path.expanduser("~/.ansible")):return compile(s,n,"exec")',
  // NOTE: the login user's ~/.ansible and ~/.ansible/tmp are private (0700), as 2.19 makes them
  // (mkdir -p under umask 77); a become user's are left as its modules would make them.
  '  m=os.umask(63) if p.get("private") else None',
  '  try:',
  '   os.makedirs(d,0o700)',
  '   if m is not None:os.makedirs(os.path.expanduser("~/.ansible/tmp"),exist_ok=True)',
  '  except OSError:return compile(s,n,"exec")',
  '  finally:',
  '   if m is not None:os.umask(m)',
  ' b=(n+"\\0"+s).encode("utf-8","surrogatepass")',
  ' f="%s/%08x%08x%x.%s"%(d,zlib.crc32(b),zlib.adler32(b),len(b),sys.implementation.cache_tag)',
  ' try:',
  '  with open(f,"rb") as h:return marshal.load(h)',
  ' except Exception:pass',
  ' c=compile(s,n,"exec")',
  ' try:',
  '  w="%s.%d"%(f,os.getpid())',
  '  with open(w,"wb") as h:marshal.dump(c,h)',
  '  os.replace(w,f)',
  ' except Exception:pass',
  ' return c',
  'exec(C(p["agent"],"<volant-agent>"),{"__name__":"__volant__","PAYLOAD":p,"COMPILE":C})',
].join('\n');

/**
 * Where agents keep compiled code on a host between runs (the bootstrap's `C`): compiling the
 * agent, its runtime and the modules is ~17 ms of CPU per agent start, loading them ~0.3 ms.
 * Files are named by checksums of name and source and by the Python's cache tag, written
 * atomically, and used only from a folder the agent's user owns and no one else may write.
 */
export const AGENT_CODE_CACHE = '~/.ansible/volant/code';

interface BuiltPayload {
  readonly sources: AgentSources;
  readonly modules: readonly (readonly [string, string])[];
  readonly bytes: Buffer;
}

// NOTE: every host of a run gets the same payload (~90 KB of JSON, ~23 KB deflated); encoding and
// compressing it once instead of per host saves that work per agent start on the controller's one
// thread (ssh's own `-C` did it again for every host; Volant's default ssh_args leave it out).
const built = new Map<string, BuiltPayload>();

/** The bytes written to a new agent's stdin. */
export function bootstrapPayload(
  sources: AgentSources,
  modules: ReadonlyMap<string, string> = new Map(),
  codeCache: string | null = AGENT_CODE_CACHE,
  /** The agent runs as the login user: the folders it makes for its cache are private. */
  loginUser = false,
): Buffer {
  const key = `${codeCache ?? ''}\0${loginUser ? 'private' : ''}\0${[...modules.keys()].join('\0')}`;
  const previous = built.get(key);
  if (previous !== undefined && previous.sources === sources && previous.modules.every(([name, text]) => modules.get(name) === text)) return previous.bytes;
  const json = Buffer.from(JSON.stringify({ agent: sources.agent, runtime: sources.runtime, modules: Object.fromEntries(modules), cache: codeCache, ...(loginUser ? { private: true } : {}) }), 'utf8');
  const body = deflateSync(json, { level: 1 });
  const bytes = Buffer.concat([Buffer.from(`VOLANT ${body.length}\n`, 'ascii'), body]);
  built.set(key, { sources, modules: [...modules], bytes });
  return bytes;
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
