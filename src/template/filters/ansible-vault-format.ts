/**
 * Ansible Vault 1.1/1.2 (AES256): PBKDF2-SHA256 (10,000 rounds) derives a cipher key, an HMAC key
 * and a CTR counter from the secret and a 32-byte salt; the text is PKCS#7 padded, AES-256-CTR
 * encrypted and HMAC-SHA256 signed; salt, HMAC and ciphertext are hex-encoded, joined by
 * newlines, hex-encoded again and wrapped at 80 columns under the `$ANSIBLE_VAULT` header.
 */
import { createCipheriv, createDecipheriv, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export const VAULT_HEADER = '$ANSIBLE_VAULT';

export class VaultFormatError extends Error {}

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

/** Decrypts with one secret; throws VaultFormatError when the secret does not fit. */
export function vaultDecrypt(text: string, secret: Buffer): Buffer {
  const parsed = parseVault(text);
  if (parsed.cipher !== 'AES256') throw new VaultFormatError(`Cipher '${parsed.cipher}' could not be found.`);
  const inner = Buffer.from(parsed.body, 'hex').toString('latin1').split('\n');
  if (inner.length !== 3) {
    throw new VaultFormatError(`Vault vaulttext format error: ${inner.length < 3 ? 'not enough' : 'too many'} values to unpack (expected 3, got ${inner.length})`);
  }
  const [saltHex, hmacHex, cipherHex] = inner as [string, string, string];
  const salt = Buffer.from(saltHex, 'hex');
  const ciphertext = Buffer.from(cipherHex, 'hex');
  const { key, hmacKey, iv } = deriveKeys(secret, salt);
  const expected = createHmac('sha256', hmacKey).update(ciphertext).digest();
  const given = Buffer.from(hmacHex, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new VaultFormatError('Decryption failed (no vault secrets were found that could decrypt).');
  }
  const decipher = createDecipheriv('aes-256-ctr', key, iv);
  const padded = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  const pad = padded[padded.length - 1] ?? 0;
  return padded.subarray(0, padded.length - pad);
}
