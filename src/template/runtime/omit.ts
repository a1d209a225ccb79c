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
