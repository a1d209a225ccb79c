/**
 * The payload of 2.19's persistent caches (its `cache_persistence` JSON profile): plain JSON,
 * where a value carrying tags is an object `{"value": …, "tags": […], "__ansible_type":
 * "_AnsibleTaggedStr"}` (Int, Float, List, Dict …). Of the tags, Volant keeps what changes how a
 * value behaves: `TrustedAsTemplate` (a string that is a template; one without it is never
 * rendered). Origins are not kept.
 */
import { PyDate, UnsafeString, VaultString, isDict, type Data, type DataDict } from '../core/data.js';
import { isTemplateText } from '../template/template-text.js';

const TYPE_KEY = '__ansible_type';
const TRUSTED = 'TrustedAsTemplate';

/** Volant data as 2.19 reads it back: a template string stays one, untrusted text is plain. */
export function encodeCachedValue(value: Data): Data {
  if (typeof value === 'string') {
    if (!isTemplateText(value)) return value;
    return new Map<string, Data>([['value', value], ['tags', [new Map([[TYPE_KEY, TRUSTED]])]], [TYPE_KEY, '_AnsibleTaggedStr']]);
  }
  if (value instanceof UnsafeString) return value.value;
  if (value instanceof PyDate) return value.text;
  if (value instanceof VaultString) return new Map<string, Data>([['ciphertext', value.ciphertext], [TYPE_KEY, 'EncryptedString']]);
  if (Array.isArray(value)) return value.map(encodeCachedValue);
  if (isDict(value)) return new Map([...value].map(([k, v]) => [k, encodeCachedValue(v)]));
  return value;
}

/** The payload's data as Volant holds it: tags dropped, an untrusted template text kept unsafe. */
export function decodeCachedValue(value: Data): Data {
  if (typeof value === 'string') return isTemplateText(value) ? new UnsafeString(value) : value;
  if (Array.isArray(value)) return value.map(decodeCachedValue);
  if (!isDict(value)) return value;
  const type = value.get(TYPE_KEY);
  if (type === undefined) return decodedDict(value);
  if (type === 'EncryptedString') return new VaultString(String(value.get('ciphertext') ?? ''));
  const inner = value.get('value') ?? null;
  if (typeof inner === 'string') return isTrusted(value.get('tags')) ? inner : decodeCachedValue(inner);
  if (Array.isArray(inner)) return inner.map(decodeCachedValue);
  return isDict(inner) ? decodedDict(inner) : inner;
}

function decodedDict(dict: DataDict): DataDict {
  return new Map([...dict].map(([k, v]) => [k, decodeCachedValue(v)]));
}

function isTrusted(tags: Data | undefined): boolean {
  return Array.isArray(tags) && tags.some((tag) => isDict(tag) && tag.get(TYPE_KEY) === TRUSTED);
}
