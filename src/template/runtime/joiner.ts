/** Jinja's `joiner(sep)`: returns '' the first time it is called, then the separator. */
import { PyCallable, type Value } from './py-object.js';

export class Joiner extends PyCallable {
  readonly typeName = 'Joiner';
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
