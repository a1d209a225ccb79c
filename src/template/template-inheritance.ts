/** Template inheritance: `{% extends %}` chains, blocks and their `super()`, and `self`. */
import { Frame, type BlockFn, type CompiledTemplate } from './render-state.js';
import { TemplateReference } from './runtime/template-reference.js';
import { PyCallable, type Value } from './runtime/py-object.js';
import { typeError } from './runtime/py-exception.js';
import { nativeConcat } from './native-output.js';

/** Renders a `{% block %}` from its chain of overrides; `super()` renders the next one. */
export function renderBlock(fn: BlockFn, chain: BlockFn[], index: number, f: Frame, out: Value[], name: string): void {
  const frame = f.child();
  frame.vars.set(
    'super',
    new (class extends PyCallable {
      readonly typeName = 'BlockReference';
      call(): Value {
        const next = chain[index + 1];
        if (!next) throw typeError(`no parent block called '${name}'.`);
        const inner: Value[] = [];
        renderBlock(next, chain, index + 1, f, inner, name);
        return nativeConcat(inner);
      }
    })(),
  );
  fn(frame, out);
}

/** `self`: the template's blocks by name, rendered on access. */
export function templateReference(f: Frame): TemplateReference {
  const state = f.state;
  return new TemplateReference(
    (name) => {
      const chain = state.blockStack.get(name);
      if (!chain || chain.length === 0) return null;
      const out: Value[] = [];
      renderBlock(chain[0] as BlockFn, chain, 0, new Frame(state, null), out, name);
      return nativeConcat(out);
    },
    (name) => (state.blockStack.get(name)?.length ?? 0) > 0,
  );
}

/** Runs a template, following `{% extends %}` to the root layout. */
export function runTemplate(tpl: CompiledTemplate, frame: Frame, out: Value[]): void {
  const state = frame.state;
  const savedParent = state.parentTemplate;
  const savedStack = state.blockStack;
  state.parentTemplate = null;
  if (tpl.hasExtends || tpl.blocks.size > 0) state.blockStack = new Map(savedStack);
  try {
    let current: CompiledTemplate = tpl;
    for (;;) {
      if (current.blocks.size > 0 && state.blockStack === savedStack) state.blockStack = new Map(savedStack);
      for (const [name, fn] of current.blocks) {
        const chain = state.blockStack.get(name) ?? [];
        state.blockStack.set(name, [...chain, fn]);
      }
      const local: Value[] = [];
      current.run(frame, local);
      const parent: CompiledTemplate | null = state.parentTemplate;
      if (!parent) {
        out.push(...local);
        return;
      }
      state.parentTemplate = null;
      current = parent;
    }
  } finally {
    state.parentTemplate = savedParent;
    state.blockStack = savedStack;
  }
}
