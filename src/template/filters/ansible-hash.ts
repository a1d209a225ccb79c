/** hash, md5, sha1, checksum, password_hash. */
import { createHash, getHashes } from 'node:crypto';
import { isStringLike, isTuple, numericValue, textOf, type Data } from '../../core/data.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { typeName } from '../runtime/py-values.js';
import type { FilterFn } from '../plugin.js';
import { argument, chainedError, defined, pluginError, raisedWhileHandling, toText } from './ansible-args.js';
import { CryptError, passlibHash } from './ansible-crypt.js';

/** hashlib names that differ from OpenSSL's. */
const ALIASES: Record<string, string> = { sha3_224: 'sha3-224', sha3_256: 'sha3-256', sha3_384: 'sha3-384', sha3_512: 'sha3-512', blake2b: 'blake2b512', blake2s: 'blake2s256' };

let available: Set<string> | undefined;

/** What hashlib is fed: to_bytes of the input (bytes as they are, anything else as UTF-8 text). */
function hashInput(value: Data): Buffer | string {
  const input: unknown = value;
  return input instanceof PyBytes ? Buffer.from(input.bytes) : toText(value);
}

function digest(algorithm: string, text: Buffer | string): string {
  const name = ALIASES[algorithm] ?? algorithm;
  available ??= new Set(getHashes());
  if (!available.has(name.toLowerCase())) throw raisedWhileHandling(`unsupported hash type ${algorithm}`);
  return createHash(name).update(typeof text === 'string' ? Buffer.from(text, 'utf8') : text).digest('hex');
}

export const hash: FilterFn = (_ctx, value, args, kwargs) => {
  const hashtype = argument(args, kwargs, 0, 'hashtype') ?? 'sha1';
  // NOTE: hashlib.new looks the name up in a dict first (a list is unhashable), then takes a str only.
  if ((Array.isArray(hashtype) && !isTuple(hashtype)) || hashtype instanceof Map) throw raisedWhileHandling(`unhashable type: '${typeName(hashtype)}'`);
  if (!isStringLike(hashtype)) throw raisedWhileHandling(`new() argument 'name' must be str, not ${typeName(hashtype)}`);
  return digest(textOf(hashtype), hashInput(defined(value)));
};
export const md5: FilterFn = (_ctx, value) => digest('md5', hashInput(defined(value)));
export const sha1: FilterFn = (_ctx, value) => digest('sha1', hashInput(defined(value)));
export const checksum = sha1;

const PASSLIB_NAMES: Record<string, string> = { md5: 'md5_crypt', blowfish: 'bcrypt', sha256: 'sha256_crypt', sha512: 'sha512_crypt' };

/**
 * NOTE: Ansible needs passlib for this filter (the reference install here has none and fails);
 * Volant computes what passlib would, including Ansible's implicit rounds (656000 for sha512).
 */
export const password_hash: FilterFn = (_ctx, value, args, kwargs) => {
  const secret = toText(defined(value));
  const requested = toText(argument(args, kwargs, 0, 'hashtype') ?? 'sha512');
  const salt = argument(args, kwargs, 1, 'salt');
  const saltSize = argument(args, kwargs, 2, 'salt_size');
  const rounds = argument(args, kwargs, 3, 'rounds');
  const algorithm = PASSLIB_NAMES[requested] ?? requested;
  if (!Object.values(PASSLIB_NAMES).includes(algorithm)) {
    throw pluginError(`${algorithm} is not in the list of supported passlib algorithms: md5, blowfish, sha256, sha512`);
  }
  if (saltSize !== undefined && saltSize !== null && typeof saltSize !== 'number') throw pluginError('salt_size must be an integer');
  try {
    return passlibHash(algorithm, secret, {
      salt: salt === undefined || salt === null || salt === '' ? undefined : toText(salt),
      saltSize: typeof saltSize === 'number' ? saltSize : undefined,
      rounds: rounds === undefined || rounds === null || rounds === 0 ? undefined : numericValue(rounds),
    });
  } catch (error) {
    if (error instanceof CryptError) throw chainedError('Could not hash the secret.', error.message);
    throw error;
  }
};

export const hashFilters: Record<string, FilterFn> = { hash, md5, sha1, checksum, password_hash };
