/**
 * The run's vault secrets: --vault-password-file, --vault-id [label@]file, and
 * ANSIBLE_VAULT_PASSWORD_FILE. A password file that is executable is run for the password, as
 * ansible does with vault password scripts.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { VaultString } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import { isVaultText, vaultDecrypt } from '../template/filters/ansible-vault-format.js';

export class VaultSecrets {
  constructor(readonly secrets: readonly Buffer[]) {}

  /** `prompted`: the --ask-vault-pass answer, tried first. */
  static fromOptions(files: readonly string[], cwd: string, prompted?: string): VaultSecrets {
    const secrets: Buffer[] = prompted === undefined ? [] : [Buffer.from(prompted, 'utf8')];
    for (const entry of files) {
      const file = resolve(cwd, entry.includes('@') ? entry.slice(entry.indexOf('@') + 1) : entry);
      let text: string;
      try {
        accessSync(file, constants.X_OK);
        text = execFileSync(file, { encoding: 'utf8' });
      } catch {
        text = readFileSync(file, 'utf8');
      }
      secrets.push(Buffer.from(text.replace(/\r?\n$/, '').trim(), 'utf8'));
    }
    return new VaultSecrets(secrets);
  }

  /** Plain text, or undefined when no secret opens it. */
  open(ciphertext: string): string | undefined {
    for (const secret of this.secrets) {
      try {
        return vaultDecrypt(ciphertext, secret).toString('utf8');
      } catch {
        // try the next secret
      }
    }
    return undefined;
  }

  /** A whole vault-encrypted file's text, decrypted; other text unchanged. */
  openFile(text: string, file: string): string {
    if (!isVaultText(text)) return text;
    if (this.secrets.length === 0) {
      throw new VolantError('VAULT_NO_SECRETS', 'Attempting to decrypt but no vault secrets found.', { location: { file, line: 0, column: 0 } });
    }
    const plain = this.open(text);
    if (plain === undefined) {
      throw new VolantError('VAULT_DECRYPT', 'Decryption failed (no vault secrets were found that could decrypt).', { location: { file, line: 0, column: 0 } });
    }
    return plain;
  }

  /** Makes every `!vault` value of the run open with these secrets. */
  install(): void {
    VaultString.opener = (ciphertext) => this.open(ciphertext);
    VaultString.unopenedReason =
      this.secrets.length === 0 ? 'Attempting to decrypt but no vault secrets found.' : 'Decryption failed (no vault secrets were found that could decrypt).';
  }
}

let current = new VaultSecrets([]);

/** The secrets of this run (empty until the CLI reads the options). */
export function runVault(): VaultSecrets {
  return current;
}

export function setRunVault(vault: VaultSecrets): void {
  current = vault;
  vault.install();
}
