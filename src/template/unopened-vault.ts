import { VaultString } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';
import { errorOrigins, undecryptable, type UndecryptableVaultError } from './render-context.js';

/**
 * Where each vaulted value no secret opens was met inside a variable's list or dict.
 * NOTE: 2.19's lazy containers hand such a value on unopened (`lst | length`, `lst | first`
 * and `to_yaml` work); only reading it (its text, an item, the stored result) fails, and the
 * failure names where the value was written.
 */
const vaultOrigins = new WeakMap<VaultString, SourceLocation>();

export function noteUnopenedVault(vault: VaultString, origin: SourceLocation | undefined): void {
  if (origin !== undefined && !vaultOrigins.has(vault)) vaultOrigins.set(vault, origin);
}

/** Whether the value is vault text no secret of the run opens. */
export function isUnopenedVault(value: unknown): value is VaultString {
  return value instanceof VaultString && value.reveal() === undefined;
}

/** The error of reading an unopened vaulted value, named where it was written. */
export function unopenedVaultRead(vault: VaultString): UndecryptableVaultError {
  const err = undecryptable(vault);
  const origin = vaultOrigins.get(vault);
  if (origin !== undefined) errorOrigins.set(err, origin);
  return err;
}
