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

/** Python's words for a date or time it cannot build (datetime.date / datetime.datetime's ValueError). */
export class PyDateRangeError extends Error {}

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** NOTE: PyYAML hands the fields to Python's date/datetime, which check them in this order. */
function checkFields(year: number, month: number, day: number, time?: readonly [number, number, number]): void {
  if (year < 1) throw new PyDateRangeError(`year ${year} is out of range`);
  if (month < 1 || month > 12) throw new PyDateRangeError('month must be in 1..12');
  if (day < 1 || day > daysInMonth(year, month)) throw new PyDateRangeError('day is out of range for month');
  if (time === undefined) return;
  const [hour, minute, second] = time;
  if (hour > 23) throw new PyDateRangeError('hour must be in 0..23');
  if (minute > 59) throw new PyDateRangeError('minute must be in 0..59');
  if (second > 59) throw new PyDateRangeError('second must be in 0..59');
}

/** The date or datetime PyYAML builds of `text`; undefined where its expression does not match; PyDateRangeError for a field out of range. */
export function pyTimestamp(text: string): { kind: 'date' | 'datetime'; text: string } | undefined {
  const m = TIMESTAMP.exec(text);
  if (m === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction, tz, sign, tzHour, tzMinute] = m;
  checkFields(Number(year), Number(month), Number(day), hour === undefined ? undefined : [Number(hour), Number(minute), Number(second)]);
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
