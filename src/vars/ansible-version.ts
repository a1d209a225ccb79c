import type { DataDict } from '../core/data.js';

/** The ansible-core release whose behaviour Volant follows. */
export const ANSIBLE_VERSION = '2.19.11';

/** The `ansible_version` magic variable, as ansible-core builds it (string, full, major, minor, revision). */
export function ansibleVersionDict(version = ANSIBLE_VERSION): DataDict {
  const parts = version.split(' ')[0]?.split('.') ?? [];
  const num = (i: number): number | string => {
    const p = parts[i];
    if (p === undefined || p === '') return 0;
    const n = Number.parseInt(p, 10);
    return Number.isNaN(n) || String(n) !== p ? p : n;
  };
  return new Map<string, number | string>([
    ['string', version.trim()],
    ['full', version.split(' ')[0] ?? version],
    ['major', num(0)],
    ['minor', num(1)],
    ['revision', num(2)],
  ]);
}
