/**
 * Ansible's `omit`: a unique placeholder string. `renderDeep` drops a dict entry whose rendered
 * value is exactly this placeholder (module args left unset).
 */
export const OMIT_PLACEHOLDER = '__omit_place_holder__volant0000000000000000000000000000000000';

export function isOmit(value: unknown): boolean {
  return value === OMIT_PLACEHOLDER;
}
