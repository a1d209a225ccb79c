/** vault_encrypted, vaulted_file. */
import { readFileSync } from 'node:fs';
import { VaultString } from '../../core/data.js';
import { PyBytes } from '../runtime/py-bytes.js';
import { repr } from '../runtime/py-values.js';
import type { TestFn } from '../plugin.js';
import { chainedError, defined, toText } from '../filters/ansible-args.js';
import { isVaultText } from '../filters/ansible-vault-format.js';

/**
 * NOTE: 2.19 answers true only for `!vault` values; a plain string holding vault text is false,
 * and an undefined value is still an error.
 */
const vaultEncrypted: TestFn = (_ctx, value) => defined(value) instanceof VaultString;

const vaultedFile: TestFn = (_ctx, value) => {
  const data = defined(value);
  const path = toText(data);
  let head: string;
  try {
    head = readFileSync(path).subarray(0, 64).toString('latin1');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // The path as the bytes open() was given (to_bytes: UTF-8).
    const shown = new PyBytes(Buffer.from(path, 'utf8')).repr();
    const reason = code === 'EISDIR' ? `[Errno 21] Is a directory: ${shown}` : `[Errno 2] No such file or directory: ${shown}`;
    throw chainedError(`Cannot test if the file ${repr(data)} is a vault.`, reason);
  }
  return isVaultText(head);
};

export const vaultTests: Record<string, TestFn> = { vault_encrypted: vaultEncrypted, vaulted_file: vaultedFile };
