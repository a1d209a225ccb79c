/**
 * A loop item is a value the loop's template or lookup produced: 2.19 never renders what it
 * holds (`loop: ["{{ '{{ x }}' }}"]` gives the item `{{ x }}`, with_file a file's `{{ }}`).
 */
import type { Data } from '../core/data.js';
import { isTemplateText, untrusted } from '../template/index.js';

/** The item as the loop variable binds it: marked untrusted when it holds template text. */
export function loopItemValue(item: Data): Data {
  return holdsTemplateText(item) ? untrusted(item) : item;
}

/** NOTE: only such items are marked: a plain list or dict may be a variable's own, shared by identity. */
function holdsTemplateText(value: Data): boolean {
  if (typeof value === 'string') return isTemplateText(value);
  if (Array.isArray(value)) return value.some(holdsTemplateText);
  if (value instanceof Map) return [...value.values()].some(holdsTemplateText);
  return false;
}
