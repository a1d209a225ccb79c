import { textWidth } from './text-width.js';

/**
 * A banner line as ansible's `Display.banner` builds it: the message, a space, and stars up to
 * `columns` (at least 3). The leading blank line is part of the banner.
 */
export function formatBanner(message: string, columns: number): string {
  const msg = message.trim();
  let stars = columns - textWidth(msg);
  if (stars <= 3) stars = 3;
  return `\n${msg} ${'*'.repeat(stars)}`;
}

/** ansible's column count: the terminal width less one, never under 79 (79 when not a tty). */
export function displayColumns(terminalWidth: number | undefined): number {
  return Math.max(79, (terminalWidth ?? 0) - 1);
}
