/**
 * Transport measurements (not a test): agent start, per-request round trips, and module sources
 * sent up front vs with their first request, over `local` and over the harness's ssh.
 *
 *   node --import tsx test/integration/measure-transport.ts
 */
import { performance } from 'node:perf_hooks';
import { dictOf, type Data } from '../../src/core/data.js';
import type { AgentSession, ConnectionSpec } from '../../src/run/transport.js';
import { VolantTransport, type TransportOptions } from '../../src/transport/index.js';
import { startSshd } from './sshd.js';

const MODULES = ['ping', 'command', 'file', 'copy', 'stat', 'lineinfile', 'blockinfile', 'replace', 'find', 'slurp'];
const argsFor: Record<string, Record<string, Data>> = {
  ping: {},
  command: { _raw_params: 'true' },
  file: { path: '/tmp', state: 'directory' },
  copy: { dest: '/tmp/volant-measure.txt', content: 'x\n' },
  stat: { path: '/tmp' },
  lineinfile: { path: '/tmp/volant-measure.txt', line: 'x' },
  blockinfile: { path: '/tmp/volant-measure.txt', block: '' },
  replace: { path: '/tmp/volant-measure.txt', regexp: 'nomatch' },
  find: { paths: '/tmp/volant-measure-none' },
  slurp: { src: '/tmp/volant-measure.txt' },
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number): string => `${x.toFixed(1)} ms`;

async function run(session: AgentSession, module: string): Promise<void> {
  await session.runModule({ module, args: dictOf(argsFor[module] ?? {}), checkMode: false, diff: false });
}

async function measure(label: string, spec: ConnectionSpec): Promise<void> {
  // start: a fresh transport each time (for ssh: a new master connection too)
  const starts: number[] = [];
  const firstUse: Record<string, number[]> = { lazy: [], preload: [] };
  for (let i = 0; i < 5; i++) {
    for (const mode of ['lazy', 'preload'] as const) {
      const options: TransportOptions = mode === 'preload' ? { preloadModules: MODULES } : {};
      const transport = new VolantTransport(options);
      const t0 = performance.now();
      const session = await transport.session(spec);
      const t1 = performance.now();
      for (const m of MODULES) await run(session, m);
      const t2 = performance.now();
      if (mode === 'lazy') starts.push(t1 - t0);
      firstUse[mode]?.push(t2 - t0);
      await transport.closeAll();
    }
  }
  const transport = new VolantTransport();
  const session = await transport.session(spec);
  const warmStart = performance.now();
  const become = await transport.session({ ...spec, host: spec.host, become: { method: 'su', user: 'nobody', flags: '-s /bin/sh' } });
  const becomeStart = performance.now() - warmStart;
  void become;
  for (const m of MODULES) await run(session, m);
  const rounds: Record<string, number[]> = { ping: [], command: [], stat: [], raw: [] };
  for (let i = 0; i < 100; i++) {
    for (const m of ['ping', 'command', 'stat']) {
      const t = performance.now();
      await run(session, m);
      rounds[m]?.push(performance.now() - t);
    }
    if (i < 30) {
      const t = performance.now();
      await session.runRaw('true');
      rounds.raw?.push(performance.now() - t);
    }
  }
  const t = performance.now();
  await Promise.all(Array.from({ length: 50 }, () => run(session, 'ping')));
  const parallel = performance.now() - t;
  await transport.closeAll();
  console.log(`${label}:`);
  console.log(`  agent start (new connection), median of 5: ${ms(median(starts))}`);
  console.log(`  second agent (become, same master):        ${ms(becomeStart)}`);
  console.log(`  start + first use of 10 modules: lazy ${ms(median(firstUse.lazy ?? []))}, preloaded ${ms(median(firstUse.preload ?? []))}`);
  for (const [k, v] of Object.entries(rounds)) console.log(`  ${k} round trip, median of ${v.length}: ${ms(median(v))}`);
  console.log(`  50 pings in flight at once: ${ms(parallel)}`);
}

await measure('local', { host: 'local', connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 });
/** 20 hosts (aliases of one server) × 30 `command: true` tasks, hosts in parallel, tasks in order. */
async function fleet(spec: (i: number) => ConnectionSpec, label: string): Promise<void> {
  const transport = new VolantTransport();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const session = await transport.session(spec(i));
      for (let k = 0; k < 30; k++) await run(session, 'command');
    }),
  );
  console.log(`${label}: 20 hosts x 30 command tasks (agent start included): ${ms(performance.now() - t0)}`);
  await transport.closeAll();
}

await fleet((i) => ({ host: `l${i}`, connection: 'local', address: '127.0.0.1', hostKeyChecking: false, timeout: 10 }), 'local');
const server = await startSshd();
if (server) {
  try {
    await fleet((i) => server.spec(`h${i}`), 'ssh');
    await measure('ssh (loopback sshd)', server.spec());
  } finally {
    await server.stop();
  }
} else {
  console.log('ssh: skipped (no sshd)');
}
