/**
 * 2.19's embedded templates (deprecated, on unless ALLOW_EMBEDDED_TEMPLATES is false): a string
 * constant written inside an expression that looks like a template (`'{{ x }}'`) is rendered
 * as a trusted template in a conditional, and when handed to a lookup as a positional term.
 * Everywhere else it stays text.
 */
import { isTuple, markTuple, type Data, type DataDict } from '../core/data.js';
import { TemplateError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { TemplateWarning } from './api.js';
import type { Value } from './runtime/py-object.js';
import { isTemplateText } from './template-text.js';
import { TemplateSyntaxError } from './template-syntax-error.js';

/** ansible's is_possibly_template: a `#jinja2:` header, or the start of `{{`, `{%` or `{#`. */
export function isPossiblyTemplate(text: string): boolean {
  return text.startsWith('#jinja2:') || isTemplateText(text);
}

const MESSAGE = 'Jinja constant strings should not contain embedded templates. This feature will be disabled by default in ansible-core 2.23.';
const CONDITIONAL_HELP = 'Use inline expressions, for example: `when: "{{ a_var }}" == 42` becomes `when: a_var == 42`';
const LOOKUP_HELP = "Use inline expressions, for example: `msg: \"{{ lookup('env', '{{ a_var }}') }}\"` becomes `msg: \"{{ lookup('env', a_var) }}\"`";

/** The warning for one constant rendered; `origin` is where the template holding it was written. */
export function embeddedTemplateWarning(inConditional: boolean, origin: SourceLocation | undefined): TemplateWarning {
  return { kind: 'warning', message: MESSAGE, help: inConditional ? CONDITIONAL_HELP : LOOKUP_HELP, ...(origin ? { origin } : {}) };
}

/**
 * A lookup term with each string `render` takes replaced by its rendering, through the lists,
 * tuples and dict values the term is made of (2.19 trusts the constants inside those too).
 * The same object when nothing changed.
 */
export function renderConstTemplates(value: Value, render: (text: string) => Value | undefined): Value {
  if (typeof value === 'string') return render(value) ?? value;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const r = renderConstTemplates(item as Value, render);
      if (r !== item) changed = true;
      return r;
    });
    if (!changed) return value;
    return (isTuple(value) ? markTuple(out as Data[]) : out) as Value;
  }
  if (value instanceof Map) {
    let changed = false;
    const out: DataDict = new Map();
    for (const [k, item] of value) {
      const r = renderConstTemplates(item as Value, render);
      if (r !== item) changed = true;
      out.set(k, r as Data);
    }
    return changed ? out : value;
  }
  return value;
}

/**
 * What a constant's render failure is shown as. NOTE: the constant is a template, not the
 * expression holding it: its syntax error says so (at the variable holding it, if any).
 */
export function constTemplateError(err: unknown, origin: SourceLocation | undefined): unknown {
  if (!(err instanceof TemplateSyntaxError)) return err;
  return new TemplateError('template-syntax', `Syntax error in template: ${err.message}`, origin ? { location: origin } : {});
}
