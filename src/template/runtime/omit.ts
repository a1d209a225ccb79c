import { TemplateError } from '../../core/errors.js';
import type { SourceLocation } from '../../core/source-location.js';

/**
 * Ansible's `omit`: a unique placeholder string. `renderDeep` drops a dict entry whose rendered
 * value is exactly this placeholder (module args left unset).
 */
export const OMIT_PLACEHOLDER = '__omit_place_holder__volant0000000000000000000000000000000000';

export function isOmit(value: unknown): boolean {
  return value === OMIT_PLACEHOLDER;
}

/**
 * Whether omit sits anywhere in the value. NOTE: in 2.19 omit is an object of its own, which the
 * serializing filters (to_json, to_yaml, tojson) refuse wherever it sits in their input.
 */
export function containsOmit(value: unknown): boolean {
  if (value === OMIT_PLACEHOLDER) return true;
  if (Array.isArray(value)) return value.some(containsOmit);
  if (value instanceof Map) {
    for (const [k, v] of value) if (k === OMIT_PLACEHOLDER || containsOmit(v)) return true;
  }
  return false;
}

/** 2.19's words when a value that must not be omitted templated to omit (AnsibleValueOmittedError). */
export const OMIT_SCALAR = {
  message: 'A template was resolved to an Omit scalar.',
  help: 'Callers must be prepared to handle this value. This is most likely a bug in the code requesting templating.',
} as const;

/** A template or expression whose whole result is omit where no fallback value was given: 2.19 refuses it there. */
export function omittedValueError(location: SourceLocation | undefined): TemplateError {
  return new TemplateError('template-omit', OMIT_SCALAR.message, { ...(location ? { location } : {}), hint: OMIT_SCALAR.help });
}
