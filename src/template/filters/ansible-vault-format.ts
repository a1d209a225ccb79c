/**
 * Ansible Vault 1.1/1.2 (AES256): PBKDF2-SHA256 (10,000 rounds) derives a cipher key, an HMAC key
 * and a CTR counter from the secret and a 32-byte salt; the text is PKCS#7 padded, AES-256-CTR
 * encrypted and HMAC-SHA256 signed; salt, HMAC and ciphertext are hex-encoded, joined by
 * newlines, hex-encoded again and wrapped at 80 columns under the `$ANSIBLE_VAULT` header.
 */
import { pyBytesRepr } from '../../core/py-bytes-repr.js';
import { strRepr } from '../../core/data.js';
import { createCipheriv, createDecipheriv, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export const VAULT_HEADER = '$ANSIBLE_VAULT';

export class VaultFormatError extends Error {
  /**
   * @param shown str() of the value 2.19's error holds (the bytes it read, or the vault text)
   * @param ofInput whether that value is the text given (shown at its origin when it has one)
   */
  constructor(
    message: string,
    readonly shown: string,
    readonly ofInput = false,
  ) {
    super(message);
  }
}

/** No secret's HMAC matched: the one format error that lets the next secret be tried. */
export class VaultSecretMismatch extends VaultFormatError {}

function deriveKeys(secret: Buffer, salt: Buffer): { key: Buffer; hmacKey: Buffer; iv: Buffer } {
  const derived = pbkdf2Sync(secret, salt, 10000, 80, 'sha256');
  return { key: derived.subarray(0, 32), hmacKey: derived.subarray(32, 64), iv: derived.subarray(64, 80) };
}

/** Encrypts `plaintext`; `salt` (as given to the vault filter) makes the result deterministic. */
export function vaultEncrypt(plaintext: Buffer, secret: Buffer, vaultId?: string, salt?: Buffer): string {
  const saltBytes = salt ?? randomBytes(32);
  const { key, hmacKey, iv } = deriveKeys(secret, saltBytes);
  const padLength = 16 - (plaintext.length % 16);
  const padded = Buffer.concat([plaintext, Buffer.alloc(padLength, padLength)]);
  const cipher = createCipheriv('aes-256-ctr', key, iv);
  const ciphertext = Buffer.concat([cipher.update(padded), cipher.final()]);
  const hmac = createHmac('sha256', hmacKey).update(ciphertext).digest('hex');
  const inner = `${saltBytes.toString('hex')}\n${hmac}\n${ciphertext.toString('hex')}`;
  const outer = Buffer.from(inner, 'latin1').toString('hex');
  const lines = outer.match(/.{1,80}/g) ?? [];
  const header = vaultId && vaultId !== 'default' ? `${VAULT_HEADER};1.2;AES256;${vaultId}` : `${VAULT_HEADER};1.1;AES256`;
  return `${header}\n${lines.join('\n')}\n`;
}

/**
 * The run's vault_id_match: a vault text opens only with a secret of the id its header names
 * (set by the CLI; the unvault filter's one secret is held to it too). `defaultId` is
 * vault_identity, the id a header without one names.
 */
export const vaultIdMatching = { on: false, defaultId: 'default' };

/** The vault id a text's header names: its fourth field, else vault_identity (`defaultId`). */
export function headerVaultId(text: string, defaultId: string): string {
  return parseVault(text).vaultId ?? defaultId;
}

export function isVaultText(text: string): boolean {
  return text.startsWith(VAULT_HEADER);
}

export interface ParsedVault {
  version: string;
  cipher: string;
  vaultId: string | undefined;
  body: string;
}

export function parseVault(text: string): ParsedVault {
  const lines = text.trim().split(/\r?\n/);
  const header = (lines.shift() ?? '').trim().split(';');
  const version = header[1] ?? '';
  const cipher = header[2]?.trim() ?? '';
  return { version, cipher, vaultId: header[3]?.trim(), body: lines.join('').replace(/\s/g, '') };
}

/**
 * Decrypts with one secret; throws VaultFormatError, with 2.19's words and the value its error
 * holds, when the text is malformed or the secret does not fit.
 */
export function vaultDecrypt(text: string, secret: Buffer): Buffer {
  const body = vaultBody(text);
  const { salt, hmac, ciphertext } = vaultParts(body);
  const { key, hmacKey, iv } = deriveKeys(secret, salt);
  const expected = createHmac('sha256', hmacKey).update(ciphertext).digest();
  const given = unhexlify(hmac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new VaultSecretMismatch('Decryption failed (no vault secrets were found that could decrypt).', text, true);
  }
  const decipher = createDecipheriv('aes-256-ctr', key, iv);
  const padded = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  const pad = padded[padded.length - 1] ?? 0;
  return padded.subarray(0, padded.length - pad);
}

/** The envelope's hex body, as 2.19's parse_vaulttext_envelope reads it, once its cipher is known. */
function vaultBody(text: string): Buffer {
  const whole = Buffer.from(text, 'latin1');
  // NOTE: bytes.splitlines() splits at \n, \r and \r\n only.
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const header = (lines[0] ?? '').trim().split(';');
  if (header.length < 3) throw new VaultFormatError('Vault envelope format error: list index out of range', pyBytesRepr(whole));
  const cipher = (header[2] as string).trim();
  if (cipher !== 'AES256') throw new VaultFormatError(`Cipher ${strRepr(cipher)} could not be found.`, text, true);
  return Buffer.from(lines.slice(1).join(''), 'latin1');
}

/** parse_vaulttext: the body unhexlified and split in three, salt and ciphertext unhexlified. */
function vaultParts(body: Buffer): { salt: Buffer; hmac: Buffer; ciphertext: Buffer } {
  const inner = unhexlify(body);
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < inner.length && parts.length < 2; i++) {
    if (inner[i] === 0x0a) {
      parts.push(inner.subarray(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.subarray(start));
  if (parts.length < 3) throw new VaultFormatError(`Vault vaulttext format error: not enough values to unpack (expected 3, got ${parts.length})`, pyBytesRepr(body));
  const [salt, hmac, ciphertext] = parts as [Buffer, Buffer, Buffer];
  return { salt: unhexlify(salt), hmac, ciphertext: unhexlify(ciphertext) };
}

/** binascii.unhexlify, failing as 2.19's _unhexlify does. */
function unhexlify(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const fail = text.length % 2 === 1 ? 'Odd-length string' : /[^0-9a-fA-F]/.test(text) ? 'Non-hexadecimal digit found' : undefined;
  if (fail !== undefined) throw new VaultFormatError(`Vault format unhexlify error: ${fail}`, pyBytesRepr(data));
  return Buffer.from(text, 'hex');
}
