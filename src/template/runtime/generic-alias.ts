/**
 * `dict[x]`: a class whose instances may be subscripted into a GenericAlias (Python's
 * `__class_getitem__`). NOTE: 2.19's getattr falls back to the item, so `dict.anything` that is no
 * public attribute of dict (`dict.__name__`, `dict.x`) is such an alias too, which no variable can
 * store; the alias hands its other attributes on to its class (`dict.x.keys`).
 */
import { isTuple } from '../../core/data.js';
import { PyCallable, PyClassObject, type Kwargs, type Value } from './py-object.js';
import { repr } from './py-values.js';

export class PyGenericClass extends PyClassObject {
  getItem(key: Value): Value | undefined {
    return new PyGenericAlias(this, key);
  }
}

/** Called, it makes an instance of its class (`dict['x']()` is `{}`). */
export class PyGenericAlias extends PyCallable {
  readonly typeName = 'GenericAlias';
  constructor(
    private readonly origin: PyClassObject,
    private readonly args: Value,
  ) {
    super();
  }
  call(args: Value[], kwargs: Kwargs): Value {
    return this.origin.call(args, kwargs);
  }
  override getAttr(name: string): Value | undefined {
    return name.startsWith('_') ? undefined : this.origin.getAttr(name);
  }
  override repr(): string {
    const items = Array.isArray(this.args) && isTuple(this.args) ? (this.args as Value[]) : [this.args];
    const shown = items.map((v) => (v instanceof PyClassObject ? v.className : repr(v)));
    return `${this.origin.className}[${shown.join(', ')}]`;
  }
}

