/** A renderer whose calls get options their caller did not set (a default `warn`, the process). */
import type { RenderOptions, TemplateRenderer } from './api.js';

export function withRenderDefaults(templar: TemplateRenderer, defaults: RenderOptions): TemplateRenderer {
  return {
    isTemplate: (text) => templar.isTemplate(text),
    render: (text, vars, options) => templar.render(text, vars, { ...defaults, ...options }),
    renderDeep: (value, vars, options) => templar.renderDeep(value, vars, { ...defaults, ...options }),
    evaluateConditional: (condition, vars, options) => templar.evaluateConditional(condition, vars, { ...defaults, ...options }),
    evaluateExpression: (expression, vars, options) => templar.evaluateExpression(expression, vars, { ...defaults, ...options }),
  };
}
