/**
 * Where a Volant run's controller time went: reads a V8 .cpuprofile (`node --cpu-prof`) of the
 * bundled CLI and sums self time by source file (esbuild marks each module in the bundle with a
 * `// path` comment) and by function, plus the idle time (waiting on agents, ssh, children).
 *
 *   node --import tsx bench/profile-summary.ts PROFILE.cpuprofile BUNDLE.cjs [top]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  gcMs: number;
  programMs: number;
  byFile: [string, number][];
  byFunction: [string, number][];
}

/** The source file of each line of an esbuild bundle, from its `// src/…` module comments. */
function moduleOfLine(bundleText: string): (line: number) => string {
  const starts: [number, string][] = [];
  const lines = bundleText.split('\n');
  for (const [i, l] of lines.entries()) {
    const m = /^\/\/ (?:\.\.\/)*((?:src|node_modules)\/\S+)$/.exec(l);
    if (m) starts.push([i, (m[1] as string).replace(/^node_modules\/([^/]+)\/.*/, 'node_modules/$1')]);
  }
  return (line: number): string => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '(bundle prelude)';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = starts[mid] as [number, string];
      if (s[0] <= line) {
        found = s[1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

export function summarizeProfile(profile: CpuProfile, bundleText: string, bundleUrlPart = 'volant'): ProfileSummary {
  const where = moduleOfLine(bundleText);
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleMs = 0;
  let gcMs = 0;
  let programMs = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idleMs += ms;
    else if (functionName === '(garbage collector)') gcMs += ms;
    else if (functionName === '(program)') programMs += ms;
    const file = url.includes(bundleUrlPart) ? where(lineNumber) : url === '' ? functionName : url.replace(/^node:/, 'node:');
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${file}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>): [string, number][] => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { totalMs: (profile.endTime - profile.startTime) / 1000, idleMs, gcMs, programMs, byFile: sorted(byFile), byFunction: sorted(byFunction) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [profilePath, bundlePath, topText] = process.argv.slice(2);
  if (profilePath === undefined || bundlePath === undefined) {
    process.stderr.write('usage: profile-summary.ts PROFILE.cpuprofile BUNDLE.cjs [top]\n');
    process.exit(2);
  }
  const top = Number(topText ?? 15);
  const s = summarizeProfile(JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile, readFileSync(bundlePath, 'utf8'));
  const pct = (ms: number): string => `${ms.toFixed(0).padStart(7)} ms ${((ms / s.totalMs) * 100).toFixed(1).padStart(5)}%`;
  console.log(`profile ${s.totalMs.toFixed(0)} ms: idle ${pct(s.idleMs)}, gc ${pct(s.gcMs)}, program ${pct(s.programMs)}`);
  console.log('\nself time by file:');
  for (const [f, ms] of s.byFile.slice(0, top)) console.log(`${pct(ms)}  ${f}`);
  console.log('\nself time by function:');
  for (const [f, ms] of s.byFunction.slice(0, top)) console.log(`${pct(ms)}  ${f}`);
}
