/**
 * The datetime `now()` returns: attributes (year … microsecond), strftime/isoformat, and str()
 * as Python prints it (`2026-11-30 00:07:28.234835`), subtraction (a timedelta) and ordering.
 * Stored results become that string.
 */
import { PyFunction, PyObject, type Value } from './py-object.js';
import { str } from './py-values.js';
import { typeError } from './py-exception.js';
import { PyTimedelta } from './py-timedelta.js';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export class PyDateTime extends PyObject {
  readonly typeName = 'datetime';
  override readonly cTypeName = 'datetime.datetime';
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly microsecond: number;
  readonly weekday0: number;

  constructor(date: Date, utc: boolean) {
    super();
    this.year = utc ? date.getUTCFullYear() : date.getFullYear();
    this.month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
    this.day = utc ? date.getUTCDate() : date.getDate();
    this.hour = utc ? date.getUTCHours() : date.getHours();
    this.minute = utc ? date.getUTCMinutes() : date.getMinutes();
    this.second = utc ? date.getUTCSeconds() : date.getSeconds();
    this.microsecond = date.getMilliseconds() * 1000;
    this.weekday0 = utc ? date.getUTCDay() : date.getDay();
  }

  strftime(fmt: string): string {
    return fmt.replace(/%([a-zA-Z%])/g, (m, c: string) => {
      switch (c) {
        case 'Y':
          return String(this.year);
        case 'y':
          return pad(this.year % 100);
        case 'm':
          return pad(this.month);
        case 'd':
          return pad(this.day);
        case 'H':
          return pad(this.hour);
        case 'I':
          return pad(this.hour % 12 === 0 ? 12 : this.hour % 12);
        case 'p':
          return this.hour < 12 ? 'AM' : 'PM';
        case 'M':
          return pad(this.minute);
        case 'S':
          return pad(this.second);
        case 'f':
          return pad(this.microsecond, 6);
        case 'a':
          return (DAYS[this.weekday0] as string).slice(0, 3);
        case 'A':
          return DAYS[this.weekday0] as string;
        case 'b':
          return (MONTHS[this.month - 1] as string).slice(0, 3);
        case 'B':
          return MONTHS[this.month - 1] as string;
        case 'j': {
          const start = Date.UTC(this.year, 0, 1);
          return pad(Math.floor((Date.UTC(this.year, this.month - 1, this.day) - start) / 86400000) + 1, 3);
        }
        case 's':
          return String(Math.floor(Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second) / 1000));
        case '%':
          return '%';
        default:
          return m;
      }
    });
  }

  override getAttr(name: string): Value | undefined {
    switch (name) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
      case 'microsecond':
        return this[name];
      case 'strftime':
        return new PyFunction('strftime', (args) => this.strftime(str(args[0] ?? '')), undefined, 'datetime.datetime');
      case 'isoformat':
        return new PyFunction('isoformat', () => this.repr().replace(' ', 'T'), undefined, 'datetime.datetime');
      case 'weekday':
        return new PyFunction('weekday', () => (this.weekday0 + 6) % 7, undefined, 'datetime.datetime');
    }
    return undefined;
  }

  /** Python's str(datetime); the microseconds are left out when zero. */
  override str(): string {
    const base = `${this.year}-${pad(this.month)}-${pad(this.day)} ${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}`;
    return this.microsecond ? `${base}.${pad(this.microsecond, 6)}` : base;
  }

  /** Python's repr(), `datetime.datetime(2020, 1, 2, 3, 4)`: a zero microsecond, then a zero second, left out. */
  override repr(): string {
    const parts = [this.year, this.month, this.day, this.hour, this.minute, this.second, this.microsecond];
    if (parts[6] === 0) {
      parts.pop();
      if (parts[5] === 0) parts.pop();
    }
    return `datetime.datetime(${parts.join(', ')}${this.tzRepr()})`;
  }

  /** The tzinfo part of repr() (naive: none). */
  protected tzRepr(): string {
    return '';
  }

  /** Minutes east of UTC for an aware datetime; undefined for a naive one. */
  protected utcOffset(): number | undefined {
    return undefined;
  }

  /** Microseconds since the epoch as if the fields were UTC (naive datetimes subtract so), and the UTC offset when aware. */
  private instant(): { micros: number; offset: number | undefined } {
    const date = new Date(Date.UTC(2000, this.month - 1, this.day, this.hour, this.minute, this.second));
    // Date.UTC maps years 0-99 to 19xx; setting the year afterwards keeps it exact.
    date.setUTCFullYear(this.year);
    return { micros: date.getTime() * 1000 + this.microsecond, offset: this.utcOffset() };
  }

  private utcMicros(other: PyDateTime): [number, number] | undefined {
    const a = this.instant();
    const b = other.instant();
    // NOTE: Python refuses to mix naive and aware datetimes.
    if ((a.offset === undefined) !== (b.offset === undefined)) return undefined;
    return [a.micros - (a.offset ?? 0) * 60e6, b.micros - (b.offset ?? 0) * 60e6];
  }

  override subtract(other: Value): Value | undefined {
    if (!(other instanceof PyDateTime)) return undefined;
    const pair = this.utcMicros(other);
    if (pair === undefined) throw typeError("can't subtract offset-naive and offset-aware datetimes");
    return PyTimedelta.fromMicroseconds(pair[0] - pair[1]);
  }

  override compare(other: Value): number | undefined {
    if (!(other instanceof PyDateTime)) return undefined;
    const pair = this.utcMicros(other);
    if (pair === undefined) throw typeError("can't compare offset-naive and offset-aware datetimes");
    return Math.sign(pair[0] - pair[1]);
  }
}
