/**
 * A Jinja macro: a callable that renders its body with its parameters bound. `caller`, `varargs`
 * and `kwargs` are provided as Jinja does (extra positional/keyword arguments are only accepted
 * when the body uses `varargs`/`kwargs`).
 */
import { PyCallable, type Kwargs, type Value } from './py-object.js';
import { typeError } from './py-exception.js';

export interface MacroBody {
  (bindings: Map<string, Value>): Value;
}

export class Macro extends PyCallable {
  readonly typeName = 'Macro';
  override takesUndefined = true;
  constructor(
    readonly name: string,
    readonly params: string[],
    /** Evaluates default for parameter i (given the bindings so far); null when required. */
    readonly defaults: (((bindings: Map<string, Value>) => Value) | null)[],
    readonly usesVarargs: boolean,
    readonly usesKwargs: boolean,
    readonly usesCaller: boolean,
    private readonly body: MacroBody,
  ) {
    super();
  }

  call(args: Value[], kwargs: Kwargs): Value {
    const bindings = new Map<string, Value>();
    const extraKw = new Map(kwargs);
    for (let i = 0; i < this.params.length; i++) {
      const p = this.params[i] as string;
      if (i < args.length) {
        if (extraKw.has(p)) throw typeError(`macro '${this.name}' got multiple values for argument '${p}'`);
        bindings.set(p, args[i] as Value);
      } else if (extraKw.has(p)) {
        bindings.set(p, extraKw.get(p) as Value);
        extraKw.delete(p);
      } else {
        const d = this.defaults[i];
        if (d) bindings.set(p, d(bindings));
        else bindings.set(p, undefinedParam(p, this.name));
      }
    }
    const caller = extraKw.get('caller');
    if (caller !== undefined) {
      extraKw.delete('caller');
      if (!this.usesCaller) throw typeError(`macro '${this.name}' was invoked with two values for the special caller argument. This is most likely a bug.`);
      bindings.set('caller', caller);
    } else if (this.usesCaller) {
      // Jinja binds an Undefined with its own hint when the macro is not called from a call block.
      bindings.set('caller', new Undefined('No caller defined', 'caller'));
    }
    const extraArgs = args.slice(this.params.length);
    if (extraArgs.length > 0 && !this.usesVarargs) {
      throw typeError(`macro '${this.name}' takes not more than ${this.params.length} argument(s)`);
    }
    if (extraKw.size > 0 && !this.usesKwargs) {
      throw typeError(`macro '${this.name}' takes no keyword argument '${[...extraKw.keys()][0]}'`);
    }
    bindings.set('varargs', extraArgs as Value);
    bindings.set('kwargs', new Map(extraKw) as Value);
    return this.body(bindings);
  }

  /** Jinja's public Macro attributes. */
  override getAttr(name: string): Value | undefined {
    switch (name) {
      case 'name':
        return this.name;
      case 'arguments':
        return [...this.params];
      case 'catch_kwargs':
        return this.usesKwargs;
      case 'catch_varargs':
        return this.usesVarargs;
      case 'caller':
        return this.usesCaller;
    }
    return undefined;
  }

  override repr(): string {
    return `<Macro '${this.name}'>`;
  }
}

import { Undefined } from './undefined.js';

function undefinedParam(param: string, macro: string): Undefined {
  return new Undefined(`parameter '${param}' was not provided`, param + '@' + macro);
}
