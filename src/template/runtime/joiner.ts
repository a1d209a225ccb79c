/** Jinja's `joiner(sep)`: returns '' the first time it is called, then the separator. */
import { PyCallable, type Value } from './py-object.js';

export class Joiner extends PyCallable {
  readonly typeName = 'Joiner';
  /** Python's default repr (the address is a placeholder: it differs on every run). */
  override repr(): string {
    return '<jinja2.utils.Joiner object at 0x7f0000000000>';
  }
  private used = false;
  constructor(private readonly sep: string) {
    super();
  }
  call(): Value {
    if (!this.used) {
      this.used = true;
      return '';
    }
    return this.sep;
  }
}
