/**
 * YAML 1.1 timestamps as PyYAML builds them: which of `date` / `datetime`, and Python's `str()`
 * of it (a PyDate holds both).
 */
const TIMESTAMP =
  /^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$/;

/** PyYAML's implicit resolver pattern for timestamps (a date alone needs two-digit month and day). */
export const TIMESTAMP_RESOLVER =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function pyTimestamp(text: string): { kind: 'date' | 'datetime'; text: string } | undefined {
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction, tz, sign, tzHour, tzMinute] = m;
  const date = `${year}-${pad(Number(month))}-${pad(Number(day))}`;
  if (hour === undefined) return { kind: 'date', text: date };
  let out = `${date} ${pad(Number(hour))}:${minute}:${second}`;
  // NOTE: PyYAML keeps only six fraction digits (microseconds); Python omits a zero fraction.
  const micro = fraction === undefined || fraction === '' ? 0 : Number(fraction.slice(0, 6).padEnd(6, '0'));
  if (micro !== 0) out += `.${pad(micro, 6)}`;
  if (tz === 'Z') out += '+00:00';
  else if (sign !== undefined) out += `${sign}${pad(Number(tzHour))}:${pad(Number(tzMinute ?? 0))}`;
  return { kind: 'datetime', text: out };
}
