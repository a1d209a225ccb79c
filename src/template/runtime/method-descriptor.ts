/**
 * A builtin class's method read from the class (`dict.keys`): Python's method_descriptor, called
 * with the instance first (`dict.keys(d)`), or a slot of its instances (`range.start`, a
 * member_descriptor, which no template can call).
 */
import { PyFunction, type Kwargs, type Value } from './py-object.js';
import { typeError } from './py-exception.js';
import { plainTypeName } from './py-values.js';

export class PyMethodDescriptor extends PyFunction {
  constructor(
    name: string,
    /** The class owning the method, as Python names it ('dict'). */
    private readonly ownerClass: string,
    /** Whether `self` is an instance of the class. */
    accepts: (self: Value) => boolean,
    impl: (self: Value, args: Value[], kwargs: Kwargs) => Value,
  ) {
    super(
      name,
      (args, kwargs) => {
        if (args.length === 0) throw typeError(`unbound method ${ownerClass}.${name}() needs an argument`);
        const [self, ...rest] = args as [Value, ...Value[]];
        if (!accepts(self)) throw typeError(`descriptor '${name}' for '${ownerClass}' objects doesn't apply to a '${plainTypeName(self)}' object`);
        return impl(self, rest, kwargs);
      },
      'method_descriptor',
    );
  }
  override repr(): string {
    return `<method '${this.name}' of '${this.ownerClass}' objects>`;
  }
}

export class PyMemberDescriptor extends PyFunction {
  constructor(
    name: string,
    private readonly ownerClass: string,
  ) {
    super(name, () => {
      throw typeError("'member_descriptor' object is not callable");
    }, 'member_descriptor');
  }
  override repr(): string {
    return `<member '${this.name}' of '${this.ownerClass}' objects>`;
  }
}
