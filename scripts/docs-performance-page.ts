/**
 * The Performance page, written at build time from bench/README.md (its tables, when the benchmark
 * has been written up) and bench/workload-specs.ts (the workloads and how to run them). Not committed:
 * the numbers change with every measurement, and a page built from them cannot be stale.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { code, generatedHeader, table } from './docs-markdown.js';

/** The Markdown tables of a README (runs of lines starting with `|`), each with the heading above it. */
export function readmeTables(text: string): { heading: string; table: string }[] {
  const out: { heading: string; table: string }[] = [];
  let heading = '';
  let current: string[] = [];
  const flush = (): void => {
    if (current.length >= 2) out.push({ heading, table: `${current.join('\n')}\n` });
    current = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('|')) {
      current.push(line);
      continue;
    }
    flush();
    const h = /^#{1,6}\s+(.*)$/.exec(line);
    if (h) heading = (h[1] as string).trim();
  }
  flush();
  return out;
}

interface Workload {
  readonly name: string;
  readonly ssh: boolean;
  readonly hosts: number;
}

function workloads(root: string): Workload[] {
  const path = join(root, 'bench/workload-specs.ts');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/spec\('([\w-]+)', '[\w-]+', (true|false), (\d+)/g)].map((m) => ({
    name: m[1] as string,
    ssh: m[2] === 'true',
    hosts: Number(m[3]),
  }));
}

export function performancePage(root: string): string {
  const readmePath = join(root, 'bench/README.md');
  const tables = existsSync(readmePath) ? readmeTables(readFileSync(readmePath, 'utf8')) : [];
  const out: string[] = [
    generatedHeader('Performance', 'Volant side by side with ansible-core 2.19 and Mitogen, and how to measure it yourself.', [
      'bench/README.md',
      'bench/workload-specs.ts',
    ]),
    'Speed is measured in `bench/`, never in a timed test: the same workload runs under Volant,',
    'ansible-core 2.19 and ansible-core with Mitogen, alternating between them so that a change in the',
    'machine\'s load hits all three alike. Every run must exit 0 and end with the same `PLAY RECAP` as',
    'Volant\'s, so a faster run that did less work does not count.',
    '',
    '## Latest measurements',
    '',
  ];
  if (tables.length === 0) {
    out.push(
      'Measurements are pending: the benchmark write-up (`bench/README.md`) has not been published yet.',
      'This page includes its tables as soon as it exists; until then, run the benchmark yourself as',
      'below. No speed-up is claimed here without a measurement behind it.',
      '',
    );
  } else {
    out.push('From `bench/README.md` in the repository, as of this build:', '');
    for (const t of tables) {
      if (t.heading) out.push(`### ${t.heading}`, '');
      out.push(t.table);
    }
  }
  const list = workloads(root);
  out.push('## Reproduce', '', 'From a checkout, after `npm ci`:', '', '```sh', 'npm run bench -- [workload…] [--runs N] [--oracle default|all|none]', '```', '');
  if (list.length > 0) {
    out.push(
      'The workloads:',
      '',
      table(['Workload', 'Hosts', 'Connection'], list.map((w) => [code(w.name), String(w.hosts), w.ssh ? 'ssh (a loopback sshd)' : 'local'])),
    );
  }
  out.push(
    'ansible-core and Mitogen are run only where the ansible-core oracle is installed; without it the table',
    'has Volant\'s column alone. Results are written to `bench/results/<date>.json` with a description of',
    'the machine.',
    '',
    '## Differences from ansible-core 2.19.11',
    '',
    '- Volant compiles each play once and keeps one agent per host for the run; ansible-core walks the',
    '  play per task and starts Python on the host for every task. That is the design\'s reason to expect',
    '  a difference in time; the tables above (when present) are what was measured.',
    '- Start-up is Node.js loading one bundled file (`dist/volant.cjs`) instead of importing ansible-core\'s',
    '  Python packages.',
    '',
  );
  return out.join('\n');
}
