/**
 * What 2.19's VaultLib.decrypt_and_get_vault_id tells at -vvvv and -vvvvv while it tries the
 * run's secrets on a vault text: the header's id, each secret tried (by its Python repr) and how
 * that went.
 */
import { accessSync, constants, realpathSync } from 'node:fs';
import { basename, extname } from 'node:path';

/** Shows a line at a verbosity (the display's -v count). */
export type VaultTraceSink = (message: string, verbosity: number) => void;

/** The repr of 2.19's secret object for a password file: a script's class when it is executable. */
export function fileSecretRepr(file: string): string {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // shown as given
  }
  let kind = 'FileVaultSecret';
  try {
    accessSync(real, constants.X_OK);
    // NOTE: 2.19's script_is_client: a script whose name (less its extension) ends with '-client'.
    kind = basename(real, extname(real)).endsWith('-client') ? 'ClientScriptVaultSecret' : 'ScriptVaultSecret';
  } catch {
    // not executable: a plain password file
  }
  return `${kind}(filename='${real}')`;
}

/** A prompted secret's repr: the class has none of its own (its address is normalized in goldens). */
export const PROMPT_SECRET_REPR = '<ansible.parsing.vault.PromptVaultSecret object at 0x7f3a2c1d0e50>';

/** The lines of one decryption, as it goes (`origin`: where the text was read, `None` when unknown). */
export class VaultTrace {
  constructor(
    private readonly sink: VaultTraceSink,
    private readonly origin: string,
  ) {}

  /** The header's id, and whether a secret has it. */
  headerId(id: string, matched: boolean): void {
    if (id === '') return;
    this.sink(`Found a vault_id (${id}) in the vaulttext`, 5);
    this.sink(
      matched
        ? `We have a secret associated with vault id (${id}), will try to use to decrypt ${this.origin}`
        : `Found a vault_id (${id}) in the vault text, but we do not have a associated secret (--vault-id)`,
      5,
    );
  }

  trying(id: string, shown: string): void {
    this.sink(`Trying to use vault secret=(${shown}) id=${id} to decrypt ${this.origin}`, 5);
    this.sink(`Trying secret ${shown} for vault_id=${id}`, 4);
  }

  opened(id: string, shown: string): void {
    const slug = this.origin === 'None' ? '' : ` of "${this.origin}"`;
    this.sink(`Decrypt${slug} successful with secret=${shown} and vault_id=${id}`, 5);
  }

  failed(id: string, error: string): void {
    this.sink(`Tried to use the vault secret (${id}) to decrypt (${this.origin}) but it failed. Error: ${error}`, 4);
  }
}
