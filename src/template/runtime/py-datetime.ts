/**
 * Python's datetime.datetime, the one class behind `now()`, `to_datetime` and the template
 * variables template_mtime/template_run_date: attributes (year … microsecond, tzinfo), methods
 * (strftime, isoformat, timestamp, weekday, isoweekday), str()/repr() as Python prints them,
 * subtraction (a timedelta) and ordering. It may be aware (a UTC offset from `%z`). Ansible
 * stores isoformat().
 */
import { PyFloat } from '../../core/data.js';
import { strftime, type BrokenDownTime } from '../filters/ansible-python-strftime.js';
import { PyFunction, PyObject, type Value } from './py-object.js';
import { str } from './py-values.js';
import { typeError } from './py-exception.js';
import { PyTimedelta } from './py-timedelta.js';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export class PyDateTime extends PyObject {
  readonly typeName = 'datetime';
  override readonly cTypeName = 'datetime.datetime';

  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour = 0,
    readonly minute = 0,
    readonly second = 0,
    readonly microsecond = 0,
    /** Minutes east of UTC for an aware datetime (from %z), else undefined. */
    readonly offset?: number,
  ) {
    super();
  }

  /** A naive datetime of a JS date's fields, local or UTC (milliseconds precision). */
  static fromDate(date: Date, utc: boolean): PyDateTime {
    return utc
      ? new PyDateTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds() * 1000)
      : new PyDateTime(date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds() * 1000);
  }

  /** The fields read as UTC, in milliseconds (years 0-99 kept exact: Date.UTC maps them to 19xx). */
  private fieldsAsUtcMs(): number {
    const date = new Date(Date.UTC(2000, this.month - 1, this.day, this.hour, this.minute, this.second));
    date.setUTCFullYear(this.year);
    return date.getTime();
  }

  private epochMs(): number {
    if (this.offset !== undefined) return this.fieldsAsUtcMs() - this.offset * 60000;
    // A naive datetime is local time, as Python's timestamp() takes it.
    return new Date(this.year, this.month - 1, this.day, this.hour, this.minute, this.second).getTime();
  }

  /** Monday is 0, as datetime.weekday(). */
  weekday(): number {
    return (new Date(Date.UTC(this.year, this.month - 1, this.day)).getUTCDay() + 6) % 7;
  }

  private brokenDown(): BrokenDownTime {
    const start = Date.UTC(this.year, 0, 1);
    return {
      year: this.year,
      month: this.month - 1,
      day: this.day,
      hour: this.hour,
      minute: this.minute,
      second: this.second,
      weekday: (this.weekday() + 1) % 7,
      yearday: Math.round((Date.UTC(this.year, this.month - 1, this.day) - start) / 86400000),
      utcOffsetMinutes: this.offset ?? 0,
      zone: this.offset === undefined ? '' : this.offset === 0 ? 'UTC' : `UTC${offsetText(this.offset)}`,
      // NOTE: time.strftime's %s reads the fields as local time, whatever the offset.
      epoch: Math.floor(new Date(this.year, this.month - 1, this.day, this.hour, this.minute, this.second).getTime() / 1000),
    };
  }

  /** datetime.strftime: `%f`, `%z` and `%Z` are the datetime's own (empty when naive); the rest is time.strftime's. */
  strftime(format: string): string {
    const own = format.replace(/%(.)/gs, (whole, c: string) => {
      if (c === 'f') return pad(this.microsecond, 6);
      if (c === 'z') return this.offset === undefined ? '' : offsetText(this.offset).replace(':', '');
      if (c === 'Z') return this.offset === undefined ? '' : this.offset === 0 ? 'UTC' : `UTC${offsetText(this.offset)}`;
      return whole;
    });
    return strftime(own, this.brokenDown());
  }

  isoformat(sep = 'T'): string {
    let out = `${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}${sep}${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}`;
    if (this.microsecond) out += `.${pad(this.microsecond, 6)}`;
    if (this.offset !== undefined) out += offsetText(this.offset);
    return out;
  }

  /** datetime.replace: the fields given (positionally or by name) changed, the others kept. */
  replace(args: Value[], kwargs: ReadonlyMap<string, Value>): PyDateTime {
    const fields = REPLACEABLE.map((field, i) => {
      const given = kwargs.get(field) ?? args[i];
      if (given === undefined) return this[field];
      if (typeof given !== 'number') throw typeError(`'${typeof given === 'string' ? 'str' : 'object'}' object cannot be interpreted as an integer`);
      return given;
    }) as [number, number, number, number, number, number, number];
    return new PyDateTime(...fields, this.offset);
  }

  override getAttr(name: string): Value | undefined {
    const method = (impl: (args: Value[], kwargs: ReadonlyMap<string, Value>) => Value): PyFunction => new PyFunction(name, impl, undefined, 'datetime.datetime');
    switch (name) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
      case 'microsecond':
        return this[name];
      case 'tzinfo':
        return null;
      case 'strftime':
        return method((args) => this.strftime(str(args[0] ?? '')));
      case 'isoformat':
        return method((args) => this.isoformat(args[0] === undefined ? 'T' : str(args[0])));
      case 'timestamp':
        return method(() => new PyFloat(this.epochMs() / 1000 + this.microsecond / 1e6));
      case 'weekday':
        return method(() => this.weekday());
      case 'isoweekday':
        return method(() => this.weekday() + 1);
      case 'replace':
        return method((args, kwargs) => this.replace(args, kwargs));
      case 'fromtimestamp':
        // A class method, reached from an instance as `now().fromtimestamp(t)`: local time, naive.
        return method((args) => fromTimestamp(args[0] ?? null));
    }
    return undefined;
  }

  /** Python's str(datetime): isoformat with a space (no microseconds when zero). */
  override str(): string {
    return this.isoformat(' ');
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

  private tzRepr(): string {
    if (this.offset === undefined) return '';
    return `, tzinfo=${this.offset === 0 ? 'datetime.timezone.utc' : `datetime.timezone(datetime.timedelta(seconds=${this.offset * 60}))`}`;
  }

  /** Microseconds since the epoch in UTC as if naive ones were UTC; undefined when one is naive and the other aware. */
  private utcMicros(other: PyDateTime): [number, number] | undefined {
    // NOTE: Python refuses to mix naive and aware datetimes.
    if ((this.offset === undefined) !== (other.offset === undefined)) return undefined;
    const micros = (d: PyDateTime): number => (d.fieldsAsUtcMs() - (d.offset ?? 0) * 60000) * 1000 + d.microsecond;
    return [micros(this), micros(other)];
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

const REPLACEABLE = ['year', 'month', 'day', 'hour', 'minute', 'second', 'microsecond'] as const;

function fromTimestamp(value: Value): PyDateTime {
  const seconds = typeof value === 'number' ? value : value instanceof PyFloat ? value.value : undefined;
  if (seconds === undefined) throw typeError(`'${typeof value === 'string' ? 'str' : 'object'}' object cannot be interpreted as an integer`);
  const whole = Math.floor(seconds);
  const date = PyDateTime.fromDate(new Date(whole * 1000), false);
  return new PyDateTime(date.year, date.month, date.day, date.hour, date.minute, date.second, Math.round((seconds - whole) * 1e6));
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}
