import { InventoryError } from '../core/errors.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Expands inventory host ranges: `web[01:03]` → web01 web02 web03, `db-[a:c]`, `[1:10:2]`
 * (a step), several ranges in one name. A zero-padded start fixes the width.
 */
export function expandHostRange(line: string): string[] {
  if (!line.includes('[')) return [line];
  const open = line.indexOf('[');
  const close = line.indexOf(']', open);
  // NOTE: ansible replaces the first '[' and the first ']' wherever they are, then splits on '|'.
  const firstClose = line.indexOf(']');
  // NOTE: ansible unpacks `head, range, tail` from that split, so Python's unpacking error shows.
  const parts = line.replace('[', '|').replace(']', '|').split('|');
  if (parts.length < 3) throw new InventoryError('host-range', `not enough values to unpack (expected 3, got ${parts.length})`);
  if (parts.length > 3) throw new InventoryError('host-range', 'too many values to unpack (expected 3)');
  if (firstClose < 0 || close < 0) throw new InventoryError('host-range', 'host range must be begin:end or begin:end:step');
  const head = line.slice(0, open);
  const range = line.slice(open + 1, firstClose);
  const tail = line.slice(firstClose + 1);
  const bounds = range.split(':');
  if (bounds.length !== 2 && bounds.length !== 3) {
    throw new InventoryError('host-range', 'host range must be begin:end or begin:end:step');
  }
  const end = bounds[1] as string;
  let beg = bounds[0] as string;
  const step = bounds.length === 3 ? Number.parseInt(bounds[2] as string, 10) : 1;
  if (!beg) beg = '0';
  if (!end) throw new InventoryError('host-range', 'host range must specify end value');
  let fill = (x: number | string): string => String(x);
  if (beg[0] === '0' && beg.length > 1) {
    const width = beg.length;
    if (width !== end.length) throw new InventoryError('host-range', 'host range must specify equal-length begin and end formats');
    fill = (x) => String(x).padStart(width, '0');
  }
  let seq: (string | number)[];
  const iBeg = beg.length === 1 ? LETTERS.indexOf(beg) : -1;
  const iEnd = end.length === 1 ? LETTERS.indexOf(end) : -1;
  if (iBeg >= 0 && iEnd >= 0) {
    if (iBeg > iEnd) throw new InventoryError('host-range', 'host range must have begin <= end');
    seq = [];
    for (let i = iBeg; i <= iEnd; i += step) seq.push(LETTERS[i] as string);
  } else {
    const from = Number.parseInt(beg, 10);
    const to = Number.parseInt(end, 10);
    if (Number.isNaN(from) || Number.isNaN(to) || Number.isNaN(step) || step <= 0) {
      throw new InventoryError('host-range', `invalid literal for int() with base 10: '${Number.isNaN(from) ? beg : end}'`);
    }
    seq = [];
    for (let i = from; i <= to; i += step) seq.push(i);
  }
  const hosts: string[] = [];
  for (const part of seq) hosts.push(...expandHostRange(head + fill(part) + tail));
  return hosts;
}
