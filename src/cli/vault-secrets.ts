/**
 * The run's vault secrets: --vault-password-file, --vault-id [label@]file, and
 * ANSIBLE_VAULT_PASSWORD_FILE. A password file that is executable is run for the password, as
 * ansible does with vault password scripts.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
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
      const at = entry.indexOf('@');
      const label = at >= 0 ? entry.slice(0, at) : 'default';
      const file = resolve(cwd, at >= 0 ? entry.slice(at + 1) : entry);
      const text = readPasswordFile(file, label);
      const secret = text.replace(/\r?\n$/, '').trim();
      if (secret === '') {
        const message = `Invalid vault password was provided from file (${file})`;
        throw new VolantError('VAULT_PASSWORD_EMPTY', message, { warnings: [`Error in vault password file loading (${label}): ${message}`] });
      }
      secrets.push(Buffer.from(secret, 'utf8'));
    }
    return new VaultSecrets(secrets);
  }

  /** Plain text, or undefined when no secret opens it. */
  open(ciphertext: string): string | undefined {
    return this.openBytes(ciphertext)?.toString('utf8');
  }

  /** Plain bytes, or undefined when no secret opens them. */
  private openBytes(ciphertext: string): Buffer | undefined {
    for (const secret of this.secrets) {
      try {
        return vaultDecrypt(ciphertext, secret);
      } catch {
        // try the next secret
      }
    }
    return undefined;
  }

  /** A whole vault-encrypted file's text, decrypted; other text unchanged. */
  openFile(text: string, file: string): string {
    if (!isVaultText(text)) return text;
    return this.openFileBytes(text, file).toString('utf8');
  }

  /** A whole vault-encrypted file's plain bytes (the text must be vault text). */
  openFileBytes(text: string, file: string): Buffer {
    if (this.secrets.length === 0) {
      throw new VolantError('VAULT_NO_SECRETS', 'Attempting to decrypt but no vault secrets found.', { location: { file, line: 0, column: 0 } });
    }
    const plain = this.openBytes(text);
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

/** A password file's text (a script's output when it is executable); ansible's words when it cannot be read. */
function readPasswordFile(file: string, label: string): string {
  const fail = (message: string): never => {
    throw new VolantError('VAULT_PASSWORD_FILE', message, { warnings: [`Error getting vault password file (${label}): ${message}`] });
  };
  if (!existsSync(file)) fail(`The vault password file ${file} was not found`);
  if (statSync(file).isDirectory()) fail(`The vault password file provided '${file}' can not be a directory`);
  try {
    accessSync(file, constants.X_OK);
  } catch {
    return readFileSync(file, 'utf8');
  }
  // A script: its output is the password; its stderr goes to ours, as ansible leaves it.
  try {
    return execFileSync(file, { encoding: 'utf8', stdio: ['inherit', 'pipe', 'inherit'] });
  } catch (e) {
    const status = (e as { status?: number | null }).status ?? 1;
    const message = `Vault password script ${file} returned non-zero (${status}): None`;
    throw new VolantError('VAULT_PASSWORD_SCRIPT', message, { warnings: [`Error in vault password file loading (${label}): ${message}`] });
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
