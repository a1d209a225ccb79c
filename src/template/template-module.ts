import { Frame } from './render-state.js';
import { PyObject, type Value } from './runtime/py-object.js';
import { runTemplate } from './template-inheritance.js';

/** A template imported as a module: its top-level macros and variables. */
class TemplateModule extends PyObject {
  readonly typeName = 'TemplateModule';
  constructor(
    readonly name: string,
    private readonly exported: Map<string, Value>,
  ) {
    super();
  }
  override getAttr(name: string): Value | undefined {
    return this.exported.get(name);
  }
}

/** Runs a template for `import`/`from … import`: what it leaves in its frame is what it exports. */
export function importModule(f: Frame, name: string, withContext: boolean): TemplateModule {
  const tpl = f.state.loadTemplate(name);
  const frame = withContext ? f.child() : new Frame(f.state, null, true);
  const out: Value[] = [];
  runTemplate(tpl, frame, out);
  return new TemplateModule(name, frame.vars);
}
