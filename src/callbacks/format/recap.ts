import type { HostCounts } from '../../run/events.js';
import type { ColorRole } from './colors.js';

type Colorize = (text: string, color: ColorRole) => string;

/** Python's `%-Ns`: pads to N code points (JS's padEnd counts UTF-16 units). */
function ljust(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? text : text + ' '.repeat(width - length);
}

/** `lead=N` padded to 4, coloured only when non-zero (ansible's colorize). */
function field(lead: string, n: number, color: ColorRole, paint: Colorize | undefined): string {
  const text = `${lead}=${String(n).padEnd(4)}`;
  return n !== 0 && paint ? paint(text, color) : text;
}

/**
 * One PLAY RECAP line. The host is padded to 26 columns; with colour it is padded to 37
 * characters including its escape codes, which is the same width on screen.
 */
export function formatRecapLine(host: string, t: HostCounts, paint?: Colorize): string {
  let name: string;
  if (paint) {
    const color: ColorRole = t.failures !== 0 || t.unreachable !== 0 ? 'error' : t.changed !== 0 ? 'changed' : 'ok';
    name = ljust(paint(host, color), 37);
  } else {
    name = ljust(host, 26);
  }
  return [
    `${name} :`,
    field('ok', t.ok, 'ok', paint),
    field('changed', t.changed, 'changed', paint),
    field('unreachable', t.unreachable, 'unreachable', paint),
    field('failed', t.failures, 'error', paint),
    field('skipped', t.skipped, 'skip', paint),
    field('rescued', t.rescued, 'ok', paint),
    field('ignored', t.ignored, 'warn', paint),
  ].join(' ');
}
