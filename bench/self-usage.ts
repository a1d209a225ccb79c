/**
 * The controller process's own CPU and peak RSS, apart from its children (ssh clients, local
 * agents): a preload that Volant's node runs with (`--require FILE`) writes
 * process.resourceUsage() to the file named by VOLANT_BENCH_SELF_USAGE as the process exits.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SELF_USAGE_ENV = 'VOLANT_BENCH_SELF_USAGE';

const PRELOAD = `'use strict';
const out = process.env.${SELF_USAGE_ENV};
if (out) {
  delete process.env.${SELF_USAGE_ENV};
  process.on('exit', () => {
    const u = process.resourceUsage();
    require('node:fs').writeFileSync(out, JSON.stringify({ user: u.userCPUTime, system: u.systemCPUTime, maxRssKiB: u.maxRSS }));
  });
}
`;

export interface SelfUsage {
  cpuSeconds: number;
  peakRssMiB: number;
}

/** Writes the preload into `dir` and returns its path. */
export function writeSelfUsagePreload(dir: string): string {
  const path = join(dir, 'self-usage-preload.cjs');
  writeFileSync(path, PRELOAD);
  return path;
}

export function readSelfUsage(path: string): SelfUsage | undefined {
  if (!existsSync(path)) return undefined;
  const u = JSON.parse(readFileSync(path, 'utf8')) as { user: number; system: number; maxRssKiB: number };
  return { cpuSeconds: (u.user + u.system) / 1e6, peakRssMiB: u.maxRssKiB / 1024 };
}
