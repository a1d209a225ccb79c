import { readFileSync } from 'node:fs';
import { VolantError } from '../core/errors.js';
import { TaskError } from '../run/task-error.js';

const VAULT_HEADER = '$ANSIBLE_VAULT';

/** The vault an action opens controller files with (the run's secrets). */
export interface ControllerVault {
  decrypt(text: string, file?: string): string;
  decryptBytes?(text: string, file?: string): Buffer;
}

/** Whether bytes start as a vault-encrypted file does. */
export function hasVaultHeader(bytes: Buffer): boolean {
  return bytes.subarray(0, VAULT_HEADER.length).toString('latin1') === VAULT_HEADER;
}

/**
 * A controller file an action sends (copy's src, assemble's fragments), as 2.19's loader's
 * get_real_file gives it: decrypted when it is vault-encrypted and `vault` is given (the task's
 * `decrypt`), `vaulted` saying so.
 * NOTE: without any vault secret that loader refuses in its own words, naming the file
 * ('A vault password or secret must be specified to decrypt …'), not the vault's.
 */
export function readControllerFile(path: string, vault: ControllerVault | undefined): { bytes: Buffer; vaulted: boolean } {
  const bytes = readFileSync(path);
  if (vault === undefined || !hasVaultHeader(bytes)) return { bytes, vaulted: false };
  try {
    // NOTE: the plain file may be binary: its bytes as they were, never through text.
    const text = bytes.toString('utf8');
    return { bytes: vault.decryptBytes ? vault.decryptBytes(text, path) : Buffer.from(vault.decrypt(text, path), 'utf8'), vaulted: true };
  } catch (e) {
    if (e instanceof VolantError && e.code === 'VAULT_NO_SECRETS') {
      throw new TaskError([{ message: `A vault password or secret must be specified to decrypt ${path}` }]);
    }
    throw e;
  }
}
