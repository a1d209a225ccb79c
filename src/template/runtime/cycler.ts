/** Jinja's `cycler(a, b, …)`: `next()` walks the items round-robin, `current` peeks, `reset()` restarts. */
import { PyFunction, PyObject, type Value } from './py-object.js';

export class Cycler extends PyObject {
  readonly typeName = 'Cycler';
  /** Python's default repr (the address is a placeholder: it differs on every run). */
  override repr(): string {
    return '<jinja2.utils.Cycler object at 0x7f0000000000>';
  }
  private pos = 0;
  constructor(private readonly items: Value[]) {
    super();
  }
  override getAttr(name: string): Value | undefined {
    switch (name) {
      case 'current':
        return this.items[this.pos] as Value;
      case 'items':
        return this.items as Value;
      case 'next':
        return new PyFunction('next', () => {
          const v = this.items[this.pos] as Value;
          this.pos = (this.pos + 1) % this.items.length;
          return v;
        });
      case 'reset':
        return new PyFunction('reset', () => {
          this.pos = 0;
          return null;
        });
    }
    return undefined;
  }
}
