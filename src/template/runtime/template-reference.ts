/**
 * Jinja's `self` in a template: `self.name()` renders that block again (the child-most override)
 * with the template's top-level context.
 */
import { PyCallable, PyObject, type Value } from './py-object.js';

export class TemplateReference extends PyObject {
  readonly typeName = 'TemplateReference';
  constructor(
    /** Renders the named block (its output's value, as 2.19's concat ends it). */
    private readonly renderBlock: (name: string) => Value,
    private readonly hasBlock: (name: string) => boolean,
  ) {
    super();
  }

  override getAttr(name: string): Value | undefined {
    if (!this.hasBlock(name)) return undefined;
    const render = this.renderBlock;
    return new (class extends PyCallable {
      readonly typeName = 'BlockReference';
      call(): Value {
        return render(name);
      }
    })();
  }

  // NOTE: a template given as text has no name; Jinja shows None.
  override repr(): string {
    return '<TemplateReference None>';
  }
}
