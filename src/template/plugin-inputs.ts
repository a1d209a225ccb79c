/** Which plugins take which inputs as they are: undefined values, markers, stored vault values. */

/** Filters that accept 2.19's markers and show one as what it is (a failed filter's CapturedExceptionMarker). */
export const MARKER_NAMING_FILTERS = withBuiltinNames(['type_debug']);
/** Filters and tests that receive Undefined instead of failing on it (Ansible's accept_args_markers). */
export const UNDEFINED_TOLERANT_FILTERS = withBuiltinNames(['default', 'd', 'mandatory', 'ternary', 'type_debug', 'unvault']);
export const UNDEFINED_TOLERANT_TESTS = withBuiltinNames(['defined', 'undefined', 'vault_encrypted']);

/**
 * NOTE: a `!vault` variable reads as its plaintext, yet 2.19's `is vault_encrypted` still sees
 * the encrypted value behind it: these tests get a variable named directly as it is stored.
 */
export const STORED_VALUE_TESTS = withBuiltinNames(['vault_encrypted']);
/** Lookups whose terms may be undefined (`env`'s default, `first_found`'s candidates). */
export const UNDEFINED_TOLERANT_LOOKUPS = withBuiltinNames(['env', 'first_found']);

function withBuiltinNames(names: string[]): Set<string> {
  return new Set(names.flatMap((n) => [n, `ansible.builtin.${n}`]));
}
