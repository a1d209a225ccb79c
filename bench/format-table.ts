/** The results as the Markdown table printed at the end of a run and kept in bench/README.md. */
import { ratioToVolant, type WorkloadResult } from './summarize.js';

const num = (n: number | undefined, digits = 2): string => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

export function formatTable(results: readonly WorkloadResult[]): string {
  const rows = [
    '| workload | engine | runs | median wall s | controller CPU s | (node alone) | sshd-side CPU s | whole-machine CPU s | peak controller RSS MiB | ansible-core / Volant | Mitogen / Volant | recap |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const core = ratioToVolant(r, 'ansible-core');
    const mito = ratioToVolant(r, 'mitogen');
    for (const [i, t] of r.tools.entries()) {
      rows.push(
        `| ${i === 0 ? r.name : ''} | ${t.tool} | ${t.runs} | ${num(t.medianWallSeconds)} | ${num(t.medianControllerCpuSeconds)} | ` +
          `${num(t.medianControllerSelfCpuSeconds)} | ${num(t.medianSshdCpuSeconds)} | ${num(t.medianMachineCpuSeconds)} | ` +
          `${num(t.peakControllerSelfRssMiB ?? t.peakRssMiB, 1)} | ` +
          `${i === 0 && core !== undefined ? `${num(core, 1)}x` : ''} | ${i === 0 && mito !== undefined ? `${num(mito, 1)}x` : ''} | ` +
          `${i === 0 ? (r.recapsAgree ? 'same' : 'DIFFERS') : ''} |`,
      );
    }
  }
  return rows.join('\n');
}
