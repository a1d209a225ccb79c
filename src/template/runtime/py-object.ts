/**
 * The engine's runtime values that are not data: macros, bound methods, loop contexts,
 * namespaces, cyclers … Each is a PyObject with a Python type name (for error messages),
 * attributes and, when callable, `call`.
 */
import type { Data } from '../../core/data.js';
import type { Undefined } from './undefined.js';

/** Anything an expression can evaluate to. Lists and dicts may hold any Value at runtime. */
export type Value = Data | Undefined | PyObject;

export type Kwargs = Map<string, Value>;

export abstract class PyObject {
  abstract readonly typeName: string;
  /** The type's name in operator errors when it differs (a C type's `tp_name`: 'datetime.datetime'). */
  readonly cTypeName?: string;
  /** Python attribute access; undefined when there is no such attribute. */
  getAttr(_name: string): Value | undefined {
    return undefined;
  }
  /** Python `repr()`. */
  repr(): string {
    return `<${this.typeName} object>`;
  }
  /** Python `str()` (what lands in a string when printed). */
  str(): string {
    return this.repr();
  }
  /** Python's ordering against `other` (-1/0/1); undefined when the object does not order with it. */
  compare(_other: Value): number | undefined {
    return undefined;
  }
  /** Python's `self - other` (`__sub__`); undefined when the object does not subtract that. */
  subtract(_other: Value): Value | undefined {
    return undefined;
  }
}

/** A callable runtime object (functions, bound methods, macros, globals). */
export abstract class PyCallable extends PyObject {
  abstract call(args: Value[], kwargs: Kwargs): Value;
  /** Called with undefined arguments too (a macro, lookup(), undef()); any other call returns the first one. */
  takesUndefined = false;
}

/** A host function with Python calling convention. */
export class PyFunction extends PyCallable {
  readonly typeName: string;
  constructor(
    readonly name: string,
    private readonly fn: (args: Value[], kwargs: Kwargs) => Value,
    typeName?: string,
    /** The type the method is bound to, for its repr. */
    private readonly owner?: string,
  ) {
    super();
    this.typeName = typeName ?? 'builtin_function_or_method';
  }
  call(args: Value[], kwargs: Kwargs): Value {
    return this.fn(args, kwargs);
  }
  override repr(): string {
    if (this.owner) return `<built-in method ${this.name} of ${this.owner} object at 0x7f0000000000>`;
    return `<built-in function ${this.name}>`;
  }
}

/** A function written in Python (Jinja's lipsum, Ansible's lookup …): `<function _lookup at 0x…>`. */
export class PyDefinedFunction extends PyFunction {
  constructor(
    name: string,
    fn: (args: Value[], kwargs: Kwargs) => Value,
    /** Its name in Python, which its repr shows. */
    private readonly pyName: string,
  ) {
    super(name, fn, 'function');
  }
  override repr(): string {
    return `<function ${this.pyName} at 0x7f0000000000>`;
  }
}

/** A class a template calls (range, dict, cycler …): a `type`, shown as `<class 'range'>`. */
export class PyClassObject extends PyFunction {
  constructor(
    /** The class's own name (what type_debug gives). */
    readonly className: string,
    fn: (args: Value[], kwargs: Kwargs) => Value,
    private readonly module?: string,
    /** Its class methods (dict.fromkeys). */
    private readonly methods?: ReadonlyMap<string, PyFunction>,
  ) {
    super(className, fn, 'type');
  }
  override getAttr(name: string): Value | undefined {
    return this.methods?.get(name);
  }
  override repr(): string {
    return `<class '${this.module ? `${this.module}.` : ''}${this.className}'>`;
  }
}

/** Casts a runtime value into the data type (lists and dicts hold runtime values untyped). */
export function asData(value: Value): Data {
  return value as Data;
}
