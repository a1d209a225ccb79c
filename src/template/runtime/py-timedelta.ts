/** datetime.timedelta, what subtracting datetimes gives: days, seconds (0..86399), microseconds as Python keeps them. */
import { PyFloat } from '../../core/data.js';
import { PyFunction, PyObject, type Value } from './py-object.js';

export class PyTimedelta extends PyObject {
  readonly typeName = 'timedelta';
  override readonly cTypeName = 'datetime.timedelta';

  constructor(
    readonly days: number,
    readonly seconds: number,
    readonly microseconds: number,
  ) {
    super();
  }

  static fromMicroseconds(total: number): PyTimedelta {
    const perDay = 86400 * 1e6;
    const days = Math.floor(total / perDay);
    const rest = total - days * perDay;
    const seconds = Math.floor(rest / 1e6);
    return new PyTimedelta(days, seconds, Math.round(rest - seconds * 1e6));
  }

  private totalMicroseconds(): number {
    return (this.days * 86400 + this.seconds) * 1e6 + this.microseconds;
  }

  override getAttr(name: string): Value | undefined {
    if (name === 'days' || name === 'seconds' || name === 'microseconds') return this[name];
    if (name === 'total_seconds') {
      return new PyFunction('total_seconds', () => new PyFloat(this.totalMicroseconds() / 1e6), undefined, 'datetime.timedelta');
    }
    return undefined;
  }

  override compare(other: Value): number | undefined {
    if (!(other instanceof PyTimedelta)) return undefined;
    return Math.sign(this.totalMicroseconds() - other.totalMicroseconds());
  }

  /** Python str(): `1 day, 2:03:04` */
  override str(): string {
    const h = Math.floor(this.seconds / 3600);
    const m = Math.floor((this.seconds % 3600) / 60);
    const s = this.seconds % 60;
    let out = `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
    if (this.microseconds) out += `.${String(this.microseconds).padStart(6, '0')}`;
    if (this.days) out = `${this.days} day${Math.abs(this.days) === 1 ? '' : 's'}, ${out}`;
    return out;
  }

  override repr(): string {
    const parts: string[] = [];
    if (this.days) parts.push(`days=${this.days}`);
    if (this.seconds) parts.push(`seconds=${this.seconds}`);
    if (this.microseconds) parts.push(`microseconds=${this.microseconds}`);
    return `datetime.timedelta(${parts.join(', ') || '0'})`;
  }
}
