/**
 * Values that warn when a template reads them (2.19's `Deprecated` tag): `play_hosts` is one.
 * Kept beside the data, keyed by the container object, as Volant's values carry no tags; a text
 * (a task result's `timedout.frame`) is a DeprecatedText.
 */
import { UnsafeString } from './data.js';

export interface ValueDeprecation {
  /** One sentence, without the "This feature will be removed …" tail. */
  readonly message: string;
  /** The ansible-core version that removes it. */
  readonly version: string;
  readonly help?: string;
}

const deprecations = new WeakMap<object, ValueDeprecation>();

/** Tags a list or dict so that reading it from a template shows the deprecation. */
export function markDeprecated<T extends object>(value: T, deprecation: ValueDeprecation): T {
  deprecations.set(value, deprecation);
  return value;
}

export function deprecationOf(value: unknown): ValueDeprecation | undefined {
  return typeof value === 'object' && value !== null ? deprecations.get(value) : undefined;
}

/** A text of a result that warns when a template reads it or renders what holds it. It is data (unsafe). */
export class DeprecatedText extends UnsafeString {
  /** Whether any was made: templates look for one only then. */
  static made = false;

  constructor(
    value: string,
    readonly deprecation: ValueDeprecation,
  ) {
    super(value);
    DeprecatedText.made = true;
  }
}

/** The deprecation of the first DeprecatedText inside a value (lists and dicts walked). */
export function deprecatedTextIn(value: unknown): ValueDeprecation | undefined {
  if (value instanceof DeprecatedText) return value.deprecation;
  const items = Array.isArray(value) ? value : value instanceof Map ? [...value.values()] : [];
  for (const item of items) {
    const found = deprecatedTextIn(item);
    if (found) return found;
  }
  return undefined;
}
