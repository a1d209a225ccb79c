/**
 * The run's vault secrets: vault_identity_list and --vault-id ([label@]file, label@prompt),
 * --vault-password-file and vault_password_file, --ask-vault-pass. A password file that is
 * executable is run for the password, as ansible does with vault password scripts.
 */
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { VaultString } from '../core/data.js';
import { VolantError } from '../core/errors.js';
import { PROMPT_SECRET_REPR, VaultTrace, fileSecretRepr, type VaultTraceSink } from './vault-trace.js';
import { headerVaultId, isVaultText, vaultDecrypt, VaultFormatError, VaultSecretMismatch, vaultIdMatching } from '../template/filters/ansible-vault-format.js';

/** One secret and the vault id it is known by (`default` without a label). */
export interface VaultSecret {
  readonly id: string;
  readonly bytes: Buffer;
  /** The repr of 2.19's secret object, as -vvvv names it (`FileVaultSecret(filename='…')`). */
  readonly shown?: string;
}

/** Where the run's secrets come from, as ansible-playbook gathers them. */
export interface VaultOptions {
  /** vault_identity_list, then each --vault-id: `[label@]file`, `label@prompt` or `prompt`. */
  readonly ids: readonly string[];
  /** Each --vault-password-file, then vault_password_file: known by the `default` id. */
  readonly passwordFiles: readonly string[];
  readonly askVaultPass: boolean;
  /** vault_id_match: a vault text opens only with the secret its header names. */
  readonly idMatch: boolean;
  /**
   * vault_identity (`default` unless set): the label of password files, of --ask-vault-pass and
   * of ids given without one, and the id a vault header without one names.
   */
  readonly defaultId: string;
}

export class VaultSecrets {
  /** Where -vvvv's lines about the secrets tried on a file go (set by the CLI). */
  trace: VaultTraceSink | undefined;

  constructor(
    readonly secrets: readonly VaultSecret[],
    readonly idMatch = false,
    readonly defaultId = 'default',
  ) {}

  /**
   * As 2.19's setup_vault_secrets: a password file that cannot be read or is empty is warned of
   * and passed over, failing the run only when no other source gave a secret; a prompt that gets
   * nothing fails it at once. `ask` reads an answer (undefined at the end of input).
   */
  static fromOptions(options: VaultOptions, cwd: string, ask: (prompt: string) => string | undefined, warn: (message: string) => void, show?: VaultTraceSink): VaultSecrets {
    // NOTE: as 2.19's build_vault_ids, password files become `<vault_identity>@file` slugs, split
    // again at their first '@' (a label holding one splits there too).
    const { defaultId } = options;
    const slugs = [...options.ids, ...options.passwordFiles.map((file) => `${defaultId}@${file}`)];
    if (options.askVaultPass) slugs.push(`${defaultId}@prompt_ask_vault_pass`);
    const secrets: VaultSecret[] = [];
    let lastError: VolantError | undefined;
    for (const slug of slugs) {
      const at = slug.indexOf('@');
      // NOTE: ansible names an id given without a label `None` in its warnings
      const name = at >= 0 ? slug.slice(0, at) : 'None';
      const value = at >= 0 ? slug.slice(at + 1) : slug;
      const id = at >= 0 && name !== '' ? name : defaultId;
      if (value === 'prompt' || value === 'prompt_ask_vault_pass') {
        secrets.push({ id, bytes: promptedSecret(value === 'prompt' ? `Vault password (${id}): ` : 'Vault password: ', id, name, ask, warn), shown: PROMPT_SECRET_REPR });
        continue;
      }
      show?.(`Reading vault password file: ${value}`, 5);
      try {
        const file = resolve(cwd, value);
        secrets.push({ id, bytes: fileSecret(file, name, warn), shown: fileSecretRepr(file) });
      } catch (error) {
        if (!(error instanceof VolantError)) throw error;
        lastError = error;
      }
    }
    if (lastError && secrets.length === 0) throw lastError;
    return new VaultSecrets(secrets, options.idMatch, defaultId);
  }

  /**
   * Plain text, or undefined when no secret opens it; vault text that is malformed throws its
   * VaultFormatError (2.19 gives up at the first secret that cannot parse it).
   */
  open(ciphertext: string, origin?: string): string | undefined {
    return this.openBytes(ciphertext, true, origin)?.toString('utf8');
  }

  /** Plain bytes, or undefined when no secret opens them (`strict`: format errors thrown). */
  private openBytes(ciphertext: string, strict = false, origin?: string): Buffer | undefined {
    // NOTE: with vault_id_match only the secrets of the id the header names are tried (a 1.1
    // header names vault_identity; an empty id names none); else every secret, in the order given.
    const named = headerVaultId(ciphertext, this.defaultId);
    const trace = this.trace && origin !== undefined ? new VaultTrace(this.trace, origin) : undefined;
    trace?.headerId(named, this.secrets.some((s) => s.id === named));
    for (const secret of this.secrets) {
      if (this.idMatch && (named === '' || secret.id !== named)) continue;
      trace?.trying(secret.id, secret.shown ?? 'None');
      try {
        const plain = vaultDecrypt(ciphertext, secret.bytes);
        trace?.opened(secret.id, secret.shown ?? 'None');
        return plain;
      } catch (e) {
        if (strict && e instanceof VaultFormatError && !(e instanceof VaultSecretMismatch)) throw e;
        if (e instanceof VaultSecretMismatch) trace?.failed(secret.id, 'HMAC verification failed: Signature did not match digest.');
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
    const plain = this.openBytes(text, false, file === '' ? 'None' : file);
    if (plain === undefined) {
      throw new VolantError('VAULT_DECRYPT', 'Decryption failed (no vault secrets were found that could decrypt).', { location: { file, line: 0, column: 0 } });
    }
    return plain;
  }

  /** Makes every `!vault` value of the run open with these secrets. */
  install(): void {
    VaultString.opener = (ciphertext, origin) => this.open(ciphertext, origin ?? 'None');
    vaultIdMatching.on = this.idMatch;
    vaultIdMatching.defaultId = this.defaultId;
    VaultString.unopenedReason =
      this.secrets.length === 0 ? 'Attempting to decrypt but no vault secrets found.' : 'Decryption failed (no vault secrets were found that could decrypt).';
  }
}

/** A prompted secret; an empty answer or none fails the run, warned of first. */
function promptedSecret(prompt: string, id: string, name: string, ask: (prompt: string) => string | undefined, warn: (message: string) => void): Buffer {
  const answer = ask(prompt);
  const message = answer === undefined ? `EOFError (ctrl-d) on prompt for (${id})` : answer === '' ? 'Invalid vault password was provided' : undefined;
  if (message !== undefined) {
    warn(`Error in vault password prompt (${name}): ${message}`);
    throw new VolantError('VAULT_PROMPT', message);
  }
  return Buffer.from((answer as string).trim(), 'utf8');
}

/** A password file's secret; ansible's warning, then its error, when it cannot be had. */
function fileSecret(file: string, name: string, warn: (message: string) => void): Buffer {
  const text = readPasswordFile(file, name, warn);
  const secret = text.replace(/\r?\n$/, '').trim();
  if (secret === '') {
    const message = `Invalid vault password was provided from file (${file})`;
    warn(`Error in vault password file loading (${name}): ${message}`);
    throw new VolantError('VAULT_PASSWORD_EMPTY', message);
  }
  return Buffer.from(secret, 'utf8');
}

/** A password file's text (a script's output when it is executable); ansible's words when it cannot be read. */
function readPasswordFile(file: string, label: string, warn: (message: string) => void): string {
  const fail = (message: string): never => {
    warn(`Error getting vault password file (${label}): ${message}`);
    throw new VolantError('VAULT_PASSWORD_FILE', message);
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
    warn(`Error in vault password file loading (${label}): ${message}`);
    throw new VolantError('VAULT_PASSWORD_SCRIPT', message);
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
