/** Medians of one engine's runs of one workload, and the ratios between engines. */
import type { RunMeasurement } from './measure-run.js';
import type { SelfUsage } from './self-usage.js';
import type { ToolName } from './tools.js';

export interface ToolSummary {
  tool: ToolName;
  runs: number;
  wallSeconds: number[];
  medianWallSeconds: number;
  medianControllerCpuSeconds: number;
  medianMachineCpuSeconds: number;
  medianSshdCpuSeconds: number | undefined;
  peakRssMiB: number;
  /** Volant's node process alone: its CPU (median) and peak RSS, children excluded. */
  medianControllerSelfCpuSeconds: number | undefined;
  peakControllerSelfRssMiB: number | undefined;
  exitCodes: number[];
}

export interface WorkloadResult {
  name: string;
  hosts: number;
  recap: string;
  recapsAgree: boolean;
  problems: string[];
  tools: ToolSummary[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export function summarize(tool: ToolName, runs: readonly RunMeasurement[]): ToolSummary {
  const sshd = runs.map((r) => r.sshdCpuSeconds).filter((v): v is number => v !== undefined);
  const self = runs.map((r) => r.controllerSelf).filter((u): u is SelfUsage => u !== undefined);
  return {
    tool,
    runs: runs.length,
    wallSeconds: runs.map((r) => round3(r.wallSeconds)),
    medianWallSeconds: round3(median(runs.map((r) => r.wallSeconds))),
    medianControllerCpuSeconds: round3(median(runs.map((r) => r.controllerCpuSeconds))),
    medianMachineCpuSeconds: round3(median(runs.map((r) => r.machineCpuSeconds))),
    medianSshdCpuSeconds: sshd.length === 0 ? undefined : round3(median(sshd)),
    peakRssMiB: round3(Math.max(...runs.map((r) => r.peakRssMiB))),
    medianControllerSelfCpuSeconds: self.length === 0 ? undefined : round3(median(self.map((u) => u.cpuSeconds))),
    peakControllerSelfRssMiB: self.length === 0 ? undefined : round3(Math.max(...self.map((u) => u.peakRssMiB))),
    exitCodes: runs.map((r) => r.exitCode),
  };
}

/** How many times longer `tool` took than Volant (median wall time), when both ran. */
export function ratioToVolant(result: WorkloadResult, tool: ToolName): number | undefined {
  const v = result.tools.find((t) => t.tool === 'volant');
  const o = result.tools.find((t) => t.tool === tool);
  if (!v || !o || !(v.medianWallSeconds > 0)) return undefined;
  return o.medianWallSeconds / v.medianWallSeconds;
}
