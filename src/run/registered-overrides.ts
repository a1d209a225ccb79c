/**
 * The value a result is registered with: data, never a template, except the entries 2.19 keeps
 * as the trusted templates they were written as.
 *
 * NOTE: 2.19 keeps a skipped task's false_condition as written, and a conditional in `{{ }}` is a
 * trusted template: callbacks print it as written, while a playbook reading the registered result
 * renders it then, with the reader's variables. A loop item's condition is rendered without its
 * item then: `{{ item > 1 }}` read back is an undefined error where the condition was written.
 */
import { isDict, type Data, type DataDict } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { setValueOrigin } from '../core/value-origins.js';
import { untrusted } from '../template/runtime/trust.js';

/** Per result, the keys whose values stay templates when registered, and where each was written. */
const trustedEntries = new WeakMap<DataDict, Map<string, SourceLocation | undefined>>();

/** `result[key]` is registered as the template it is, rendered when the registered value is read. */
export function keepTrusted(result: DataDict, key: string, origin: SourceLocation | undefined): void {
  let keys = trustedEntries.get(result);
  if (keys === undefined) trustedEntries.set(result, (keys = new Map()));
  keys.set(key, origin);
}

/** What `clean` (the registered copy of `result`, made entry for entry) is registered as. */
export function registeredValue(result: DataDict, clean: DataDict): Data {
  return holdsTrusted(result) ? partlyTrusted(result, clean) : untrusted(clean);
}

function holdsTrusted(result: DataDict): boolean {
  if (trustedEntries.has(result)) return true;
  const items = result.get('results');
  return Array.isArray(items) && items.some((item) => isDict(item) && trustedEntries.has(item));
}

/**
 * `clean` with its trusted entries left as templates and everything else marked as data; the
 * dicts and list leading to a trusted entry stay plain so the template engine renders it when read.
 */
function partlyTrusted(result: DataDict, clean: DataDict): DataDict {
  const keys = trustedEntries.get(result);
  const items = result.get('results');
  const out: DataDict = new Map();
  for (const [key, value] of clean) {
    if (typeof key === 'string' && keys?.has(key)) {
      out.set(key, value);
      setValueOrigin(out, key, keys.get(key) ?? null);
    } else if (key === 'results' && Array.isArray(items) && Array.isArray(value)) {
      out.set(key, value.map((entry, i) => {
        const item = items[i];
        return isDict(item) && isDict(entry) && holdsTrusted(item) ? partlyTrusted(item, entry) : untrusted(entry);
      }));
    } else {
      out.set(key, untrusted(value));
    }
  }
  return out;
}
