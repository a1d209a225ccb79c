/**
 * The `password` lookup: reads `path` (relative to the playbook directory) or, when it does not
 * exist, generates a random password and stores it there (mode 0600); `/dev/null` always gives
 * a fresh one. The file holds `password[ salt=… [ident=…]]`.
 */
import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isStringLike, textOf, type Data } from '../../core/data.js';
import { makeDirsSync } from '../../core/make-dirs.js';
import type { LookupFn } from '../plugin.js';
import { pluginError, toText } from '../filters/ansible-args.js';
import { posixDirname, posixJoin, posixNormpath } from '../filters/ansible-python-path.js';
import { passlibHash, CryptError } from '../filters/ansible-crypt.js';
import { pythonRandom } from '../filters/ansible-python-random.js';
import { parseKv } from './kv-args.js';
import { lookupOptions, type OptionSpec } from './lookup-options.js';

const VALID = ['length', 'encrypt', 'chars', 'ident', 'seed'];
const CHAR_SETS: Record<string, string> = {
  ascii_letters: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ascii_lowercase: 'abcdefghijklmnopqrstuvwxyz',
  ascii_uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  hexdigits: '0123456789abcdefABCDEF',
  octdigits: '01234567',
  punctuation: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  printable: '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c',
  whitespace: ' \t\n\r\x0b\x0c',
};
const ENCRYPT_NAMES: Record<string, string> = { md5_crypt: 'md5_crypt', sha256_crypt: 'sha256_crypt', sha512_crypt: 'sha512_crypt' };

/** NOTE: Ansible drops quote characters from the candidates (punctuation has both). */
function candidateChars(specs: string[]): string {
  return specs.map((spec) => CHAR_SETS[spec] ?? spec).join('').replace(/["']/g, '');
}

/** The options as 2.19's config types them (inline `name=value` ones arrive as strings). */
const OPTIONS: Record<'length' | 'chars' | 'encrypt' | 'ident' | 'seed', OptionSpec> = {
  length: { type: 'integer', default: 20 },
  chars: { type: 'list', default: ['ascii_letters', 'digits', '.,:-_'] },
  encrypt: {},
  ident: { type: 'string' },
  seed: { type: 'str' },
};

function splitChars(value: string): string[] {
  const out: string[] = [];
  if (value.includes(',,')) out.push(',');
  out.push(...value.replaceAll(',,', ',').split(',').filter(Boolean));
  return out;
}

/** random_password: `seed` makes it reproducible with Python's Mersenne Twister, as Ansible does. */
function randomPassword(length: number, chars: string, seed: Data | undefined): string {
  const rng = seed === undefined || seed === null ? undefined : pythonRandom(seed);
  let out = '';
  if (length > 0 && chars === '') throw pluginError('Cannot choose from an empty sequence');
  for (let i = 0; i < length; i++) out += chars[rng ? rng.randbelow(chars.length) : randomInt(chars.length)];
  return out;
}

function parseContent(content: string): { password: string; salt?: string; ident?: string } {
  const at = content.lastIndexOf(' salt=');
  if (at < 0) return { password: content };
  const rest = content.slice(at + ' salt='.length);
  const identAt = rest.lastIndexOf(' ident=');
  if (identAt < 0) return { password: content.slice(0, at), salt: rest };
  return { password: content.slice(0, at), salt: rest.slice(0, identAt), ident: rest.slice(identAt + ' ident='.length) };
}

export const password: LookupFn = (ctx, terms, kwargs) => {
  const out: Data[] = [];
  for (const term of terms) {
    const text = toText(term);
    let options = lookupOptions('password', kwargs, OPTIONS);
    let inlineChars: Data | undefined;
    const space = text.indexOf(' ');
    let relpath = text;
    if (space >= 0) {
      relpath = text.slice(0, space);
      const params = parseKv(text.slice(space + 1));
      const raw = params.get('_raw_params');
      if (raw !== undefined) {
        relpath = `${relpath} ${raw}`;
        params.delete('_raw_params');
        if (!text.startsWith(relpath)) throw pluginError('Unrecognized value after key=value parameters given to password lookup');
      }
      const invalid = [...params.keys()].filter((k) => !VALID.includes(k));
      if (invalid.length > 0) throw pluginError(`Unrecognized parameter(s) given to password lookup: ${invalid.join(', ')}`);
      // NOTE: inline parameters set the options anew: the keyword ones are forgotten (as in 2.19).
      if (params.size > 0) options = lookupOptions('password', params, OPTIONS);
      inlineChars = params.get('chars');
    }
    const charsOption = isStringLike(inlineChars) ? inlineChars : options.chars;
    const chars = candidateChars(isStringLike(charsOption) ? splitChars(textOf(charsOption)) : Array.isArray(charsOption) ? charsOption.map((c) => toText(c)) : []);
    const length = options.length as number;
    const base = ctx.lookup?.baseDir ?? process.cwd();
    const path = relpath.startsWith('/') ? posixNormpath(relpath) : posixNormpath(posixJoin(base, relpath));
    let plaintext: string;
    let salt: string | undefined;
    let ident: string | undefined;
    let changed = false;
    const content = path !== '/dev/null' && existsSync(path) ? readFileSync(path, 'utf8').trimEnd() : undefined;
    if (content === undefined) {
      plaintext = randomPassword(length, chars, options.seed ?? undefined);
      changed = true;
    } else ({ password: plaintext, salt, ident } = parseContent(content));
    const encrypt = options.encrypt;
    const encryptName = encrypt === null || encrypt === undefined || encrypt === '' ? undefined : toText(encrypt);
    if (encryptName && !salt) {
      changed = true;
      salt = randomPassword(encryptName === 'md5_crypt' ? 8 : 16, './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', undefined);
    }
    if (changed && path !== '/dev/null') {
      makeDirsSync(posixDirname(path) || '.', 0o700);
      const line = encryptName || salt ? `${plaintext} salt=${salt ?? ''}${ident ? ` ident=${ident}` : ''}` : plaintext;
      writeFileSync(path, `${line}\n`);
      chmodSync(path, 0o600);
    }
    if (encryptName) {
      const algorithm = ENCRYPT_NAMES[encryptName];
      if (algorithm === undefined) throw pluginError(`Volant's password lookup cannot encrypt with '${encryptName}'`);
      try {
        out.push(passlibHash(algorithm, plaintext, { salt }));
      } catch (error) {
        if (error instanceof CryptError) throw pluginError(`Could not hash the secret: ${error.message}`);
        throw error;
      }
    } else out.push(plaintext);
  }
  return out;
};
