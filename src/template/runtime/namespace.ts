/** Jinja's `namespace()`: a mutable attribute bag that `{% set ns.attr = … %}` can write across scopes. */
import { PyObject, type Value } from './py-object.js';
import { repr } from './py-values.js';

export class Namespace extends PyObject {
  readonly typeName = 'Namespace';
  readonly attrs = new Map<string, Value>();
  override getAttr(name: string): Value | undefined {
    return this.attrs.get(name);
  }
  getItem(key: Value): Value | undefined {
    return typeof key === 'string' ? this.attrs.get(key) : undefined;
  }
  override repr(): string {
    // Jinja 3.1 shows its attribute dict.
    const parts = [...this.attrs].map(([k, v]) => `${repr(k)}: ${repr(v)}`);
    return `<Namespace {${parts.join(', ')}}>`;
  }
}
