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
  /** Python attribute access; undefined when there is no such attribute. */
  getAttr(_name: string): Value | undefined {
    return undefined;
  }
  /** Python `repr()` (what lands in a string when printed). */
  repr(): string {
    return `<${this.typeName} object>`;
  }
}

/** A callable runtime object (functions, bound methods, macros, globals). */
export abstract class PyCallable extends PyObject {
  abstract call(args: Value[], kwargs: Kwargs): Value;
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

/** Casts a runtime value into the data type (lists and dicts hold runtime values untyped). */
export function asData(value: Value): Data {
  return value as Data;
}
