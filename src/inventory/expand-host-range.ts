import { strRepr } from '../core/data.js';
import { InventoryError } from '../core/errors.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A bad bound or step. `whileHandling`: ansible's int() failed in the `except ValueError` that
 * follows the letter range's attempt, so the error shows as its own cause under "Failed to parse
 * inventory." instead of joined to it.
 */
export class HostRangeError extends InventoryError {
  constructor(
    message: string,
    readonly whileHandling = false,
  ) {
    super('host-range', message);
  }
}

/** Python's int(text) for a range bound: blanks around, a sign, digits with single '_' between. */
function pyInt(text: string): number {
  const m = /^\s*([+-]?)(\d+(?:_\d+)*)\s*$/.exec(text);
  if (!m) throw new HostRangeError(`invalid literal for int() with base 10: ${strRepr(text)}`, true);
  const value = Number((m[2] as string).replaceAll('_', ''));
  return m[1] === '-' ? -value : value;
}

/** Python's s[start:stop:step] over the letters, for 0 <= start <= stop (step already an int). */
function sliceLetters(start: number, stop: number, step: number): string[] {
  const out: string[] = [];
  const end = Math.min(stop, LETTERS.length);
  // NOTE: a negative step walks down from start towards stop, which is above it: nothing.
  if (step > 0) for (let i = start; i < end; i += step) out.push(LETTERS[i] as string);
  return out;
}

/**
 * Expands inventory host ranges as ansible's expand_hostname_range: `web[01:03]` → web01 web02
 * web03, `db-[a:c]`, `[1:10:2]` (a step), several ranges in one name. A zero-padded start fixes
 * the width.
 */
export function expandHostRange(line: string): string[] {
  if (!line.includes('[')) return [line];
  // NOTE: ansible replaces the first '[' and the first ']' wherever they are, then splits on '|'
  // and unpacks `head, range, tail`, so Python's unpacking error shows.
  const parts = line.replace('[', '|').replace(']', '|').split('|');
  if (parts.length < 3) throw new HostRangeError(`not enough values to unpack (expected 3, got ${parts.length})`);
  if (parts.length > 3) throw new HostRangeError('too many values to unpack (expected 3)');
  const [head, range, tail] = parts as [string, string, string];
  const bounds = range.split(':');
  if (bounds.length !== 2 && bounds.length !== 3) throw new HostRangeError('host range must be begin:end or begin:end:step');
  const end = bounds[1] as string;
  const beg = bounds[0] || '0';
  const stepText = bounds.length === 3 ? (bounds[2] as string) : '1';
  if (!end) throw new HostRangeError('host range must specify end value');
  let fill = (x: number | string): string => String(x);
  if (beg[0] === '0' && beg.length > 1) {
    const width = beg.length;
    if (width !== end.length) throw new HostRangeError('host range must specify equal-length begin and end formats');
    // Python's str.zfill: the sign stays in front of the zeros.
    fill = (x) => {
      const s = String(x);
      return s.startsWith('-') ? '-' + s.slice(1).padStart(width - 1, '0') : s.padStart(width, '0');
    };
  }
  const hosts: string[] = [];
  for (const part of rangeItems(beg, end, stepText)) hosts.push(...expandHostRange(head + fill(part) + tail));
  return hosts;
}

/**
 * The letters or numbers a range names. NOTE: ansible finds the bounds with str.index, so any
 * run of letters (`ab`) is a bound at its first letter; a ValueError there (no such letters, a
 * step that is no int or zero) falls back to int() of the bounds and the step.
 */
function rangeItems(beg: string, end: string, stepText: string): (string | number)[] {
  const iBeg = LETTERS.indexOf(beg);
  const iEnd = LETTERS.indexOf(end);
  if (iBeg >= 0 && iEnd >= 0) {
    if (iBeg > iEnd) throw new HostRangeError('host range must have begin <= end');
    const step = /^\s*[+-]?\d+(?:_\d+)*\s*$/.test(stepText) ? pyInt(stepText) : undefined;
    if (step !== undefined && step !== 0) return sliceLetters(iBeg, iEnd + 1, step);
  }
  const from = pyInt(beg);
  const to = pyInt(end) + 1;
  const step = pyInt(stepText);
  if (step === 0) throw new HostRangeError('range() arg 3 must not be zero', true);
  const seq: number[] = [];
  if (step > 0) for (let i = from; i < to; i += step) seq.push(i);
  else for (let i = from; i > to; i += step) seq.push(i);
  return seq;
}
