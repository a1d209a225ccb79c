/**
 * Values that warn when a template reads them (2.19's `Deprecated` tag): `play_hosts` is one.
 * Kept beside the data, keyed by the container object, as Volant's values carry no tags.
 */
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
