/**
 * A filter or test that raised: Ansible 2.19 reports "The filter plugin 'ansible.builtin.X'
 * failed: <error>". Undefined values, syntax errors and Volant errors pass through unchanged.
 */
import { TemplateError, VolantError } from '../core/errors.js';
import { PyException } from './runtime/py-exception.js';
import { TemplateSyntaxError } from './template-syntax-error.js';

export class PluginFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PluginFailure';
  }
}

export function pluginFullName(name: string): string {
  return name.includes('.') ? name : `ansible.builtin.${name}`;
}

export function wrapPluginError(err: unknown, kind: 'filter' | 'test', name: string): unknown {
  if (err instanceof PluginFailure) return err;
  // An Ansible error about a value it shows (its context) stays a cause of its own, as 2.19 chains it.
  if (err instanceof TemplateError && err.context !== undefined) return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed.`, { cause: err });
  // An Ansible error raised from one that was raised while handling another: that one is a cause of its own.
  if (err instanceof TemplateError && err.cause instanceof TemplateError && err.cause.context !== undefined) {
    return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed: ${err.message}`, { cause: err.cause });
  }
  // NOTE: Ansible wraps every exception a plugin raises, its own AnsibleFilterError included.
  if (err instanceof VolantError || err instanceof PyException || err instanceof TemplateSyntaxError || (err instanceof Error && err.name === 'Error') || err instanceof TypeError) {
    return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed: ${(err as Error).message}`, { cause: err });
  }
  return err;
}
