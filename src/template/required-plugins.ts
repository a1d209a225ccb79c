import { filters, tests, userPlugins } from './plugin.js';
import { TemplateSyntaxError } from './template-syntax-error.js';

/** A filter or test a template names outside a soft frame, at its position in the text. */
export interface RequiredPlugin {
  kind: 'filter' | 'test';
  name: string;
  pos: number;
}

/** Jinja's compile-time error for a missing filter or test. */
export function missingPluginError(p: RequiredPlugin): TemplateSyntaxError {
  return new TemplateSyntaxError(`No ${p.kind} named '${p.name}'.`, p.pos);
}

/**
 * NOTE: Jinja looks up the filters and tests a template names as it compiles it (2.19 compiles
 * each template as it renders it): one missing outside an `if` fails the whole template, reached
 * or not (`false and x | nosuch`).
 */
export function checkRequiredPlugins(required: readonly RequiredPlugin[]): void {
  for (const p of required) {
    const found = p.kind === 'filter' ? (userPlugins?.filter(p.name) ?? filters.get(p.name)) : (userPlugins?.test(p.name) ?? tests.get(p.name));
    if (!found) throw missingPluginError(p);
  }
}
