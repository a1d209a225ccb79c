/**
 * A filter or test that raised: Ansible 2.19 reports "The filter plugin 'ansible.builtin.X'
 * failed: <error>". Undefined values, syntax errors and Volant errors pass through unchanged.
 */
import { TemplateError, VolantError } from '../core/errors.js';
import { PyException } from './runtime/py-exception.js';
import { UndecryptableVaultError } from './render-context.js';
import { PyObject } from './runtime/py-object.js';
import { TemplateSyntaxError } from './template-syntax-error.js';
import { CapturedFailure, Undefined, UndefinedError, capturedFailureRaising } from './runtime/undefined.js';

export class PluginFailure extends Error {
  /** A filter's or test's failure, which 2.19 returns as a CapturedExceptionMarker value (a lookup's raises). */
  capturedAsMarker = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PluginFailure';
  }
}

/** The value a failed filter or test leaves in 2.19, as the plugins that accept markers see it. */
class CapturedExceptionMarker extends PyObject {
  readonly typeName = 'CapturedExceptionMarker';
}

/**
 * A filter's, test's or lookup's failure (a lookup raises its own, which the call around it captures
 * too), a missing lookup, or what a called method or function raised (2.19's call captures it).
 */
function isCapturedFailure(err: unknown): boolean {
  if (err instanceof PluginFailure) return err.capturedAsMarker || err.message.startsWith('The lookup plugin ');
  if (err instanceof PyException) return err.raisedByCall;
  return err instanceof TemplateError && (err.code === 'template-lookup' || err.code === 'template-lookup-missing');
}

/**
 * NOTE: 2.19 catches a filter's or test's exception and returns it as a marker value that
 * filters pass along unseen and that raises only where it is used; `type_debug`, which accepts
 * markers, names it. The failure is caught where it reaches such a filter from a filter or test
 * right below it, or from a lookup call (a marker met by an operator raises there in 2.19 too).
 */
export function capturingPluginFailures<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    try {
      return fn(...args);
    } catch (err) {
      if (isCapturedFailure(err)) return new CapturedExceptionMarker();
      // An undefined value a plugin tripped on (sort's or sum's missing attribute) is its marker.
      if (err instanceof UndefinedError) return err.undefinedValue;
      throw err;
    }
  }) as F;
}

/** A held value's evaluation (a container item, a `set`): a captured failure becomes the value. */
export function capturingFailure<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R | Undefined {
  return (...args: A) => {
    try {
      return fn(...args);
    } catch (err) {
      // NOTE: an undefined value an operator met (`[x ~ 'a']`) fails the template in 2.19.
      if (isCapturedFailure(err)) return new CapturedFailure(err);
      throw err;
    }
  };
}

export function pluginFullName(name: string): string {
  return name.includes('.') ? name : `ansible.builtin.${name}`;
}

export function wrapPluginError(err: unknown, kind: 'filter' | 'test', name: string): unknown {
  const wrapped = pluginFailureOf(err, kind, name);
  if (wrapped instanceof PluginFailure) wrapped.capturedAsMarker = true;
  return wrapped;
}

function pluginFailureOf(err: unknown, kind: 'filter' | 'test', name: string): unknown {
  // A captured failure the plugin met in its input is no failure of the plugin's own.
  if (err instanceof PluginFailure || capturedFailureRaising(err)) return err;
  // NOTE: a vaulted value no secret opens, read by the plugin, fails the template, not the plugin.
  if (err instanceof UndecryptableVaultError) return err;
  // An Ansible error about a value it shows (its context or origin) stays a cause of its own, as 2.19 chains it.
  if (err instanceof TemplateError && (err.context !== undefined || err.location !== undefined)) return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed.`, { cause: err });
  // An Ansible error raised from one that was raised while handling another: that one is a cause of its own.
  if (err instanceof TemplateError && err.cause instanceof TemplateError && (err.cause.context !== undefined || err.cause.location !== undefined)) {
    return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed: ${err.message}`, { cause: err.cause });
  }
  // NOTE: Ansible wraps every exception a plugin raises, its own AnsibleFilterError included.
  if (err instanceof VolantError || err instanceof PyException || err instanceof TemplateSyntaxError || (err instanceof Error && err.name === 'Error') || err instanceof TypeError) {
    // NOTE: 2.19 strips each message of an error chain.
    return new PluginFailure(`The ${kind} plugin '${pluginFullName(name)}' failed: ${(err as Error).message.trim()}`, { cause: err });
  }
  return err;
}
