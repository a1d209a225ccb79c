/** A renderer whose calls get options their caller did not set (a default `warn`, the process). */
import type { RenderOptions, TemplateRenderer } from './api.js';

/** What each renderer made here wraps, so wrapping one again merges the defaults once, not per call. */
const wrapped = new WeakMap<TemplateRenderer, { base: TemplateRenderer; defaults: RenderOptions }>();

export function withRenderDefaults(templar: TemplateRenderer, defaults: RenderOptions): TemplateRenderer {
  const inner = wrapped.get(templar);
  const base = inner?.base ?? templar;
  const merged = inner === undefined ? defaults : { ...inner.defaults, ...defaults };
  const renderer: TemplateRenderer = {
    isTemplate: (text) => base.isTemplate(text),
    render: (text, vars, options) => base.render(text, vars, { ...merged, ...options }),
    renderDeep: (value, vars, options) => base.renderDeep(value, vars, { ...merged, ...options }),
    evaluateConditional: (condition, vars, options) => base.evaluateConditional(condition, vars, { ...merged, ...options }),
    evaluateExpression: (expression, vars, options) => base.evaluateExpression(expression, vars, { ...merged, ...options }),
  };
  wrapped.set(renderer, { base, defaults: merged });
  return renderer;
}
