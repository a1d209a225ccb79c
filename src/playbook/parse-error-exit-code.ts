import type { ParseError } from '../core/errors.js';

/**
 * ansible-playbook exits 4 for its parser errors and 1 for the other errors it raises while
 * loading a play; these codes are the latter.
 */
const EXIT_1 = new Set(['TAGS_NOT_LIST', 'DUPLICATE_LOOP', 'ACTION_REMOVED', 'RESERVED_PARAM', 'ROLE_NOT_FOUND', 'ROLE_OLD_STYLE', 'ROLE_NAME_MISSING', 'VARS_INVALID_NAME', 'WITH_VALUE_MISSING', 'IMPORT_PLAYBOOK_CONFLICT', 'ROLE_RECURSION']);

export function parseErrorExitCode(error: ParseError): number {
  return EXIT_1.has(error.code) ? 1 : 4;
}
