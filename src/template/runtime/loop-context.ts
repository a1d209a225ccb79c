/** Jinja's `loop` variable inside `{% for %}`: index, first/last, previtem/nextitem, cycle, changed, depth, recursion. */
import { PyCallable, PyFunction, type Kwargs, type Value } from './py-object.js';
import { equals } from './py-values.js';
import { typeError } from './py-exception.js';
import { Undefined } from './undefined.js';

export class LoopContext extends PyCallable {
  readonly typeName = 'LoopContext';
  index0 = 0;
  private lastChanged: Value[] | undefined;
  constructor(
    private readonly items: Value[],
    readonly depth0: number,
    /** Renders the loop body again for `loop(children)` in a recursive loop. */
    private readonly recurse: ((iter: Value, depth0: number) => Value) | null,
  ) {
    super();
  }

  /**
   * NOTE: Jinja takes a list's len() once, as `length` (or revindex) is first read; `last` and
   * `nextitem` look at the list as it is then (a body may change the list it loops over).
   */
  private counted: number | undefined;

  get length(): number {
    return (this.counted ??= this.items.length);
  }

  override getAttr(name: string): Value | undefined {
    const i = this.index0;
    const n = this.items.length;
    switch (name) {
      case 'index':
        return i + 1;
      case 'index0':
        return i;
      case 'revindex':
        return this.length - i;
      case 'revindex0':
        return this.length - i - 1;
      case 'first':
        return i === 0;
      case 'last':
        return i === n - 1;
      case 'length':
        return this.length;
      case 'depth':
        return this.depth0 + 1;
      case 'depth0':
        return this.depth0;
      case 'previtem':
        return i > 0 ? (this.items[i - 1] as Value) : new Undefined('there is no previous item', 'previtem');
      case 'nextitem':
        return i < n - 1 ? (this.items[i + 1] as Value) : new Undefined('there is no next item', 'nextitem');
      case 'cycle':
        return new PyFunction('cycle', (args) => {
          if (args.length === 0) throw typeError('no items for cycling given');
          return args[i % args.length] as Value;
        });
      case 'changed':
        return new PyFunction('changed', (args) => {
          if (this.lastChanged !== undefined && this.lastChanged.length === args.length && this.lastChanged.every((v, k) => equals(v, args[k]))) return false;
          this.lastChanged = args;
          return true;
        });
    }
    return undefined;
  }

  call(args: Value[], _kwargs: Kwargs): Value {
    if (!this.recurse) throw typeError("The loop must have the 'recursive' marker to be called recursively.");
    return this.recurse(args[0] ?? null, this.depth0 + 1);
  }

  override repr(): string {
    return `<LoopContext ${this.index0 + 1}/${this.length}>`;
  }
}
