/** vault and unvault filters. */
import { VaultString, isStringLike, pyStr, textOf, truthy } from '../../core/data.js';
import type { FilterFn, PluginContext, PluginValue } from '../plugin.js';
import { isOmit } from '../runtime/omit.js';
import { TemplateError } from '../../core/errors.js';
import { shorten } from '../../core/text-shorten.js';
import { argument, chainedError, defined, pluginError, pyClass, toText } from './ansible-args.js';
import { VaultFormatError, VaultSecretMismatch, headerVaultId, isVaultText, vaultDecrypt, vaultEncrypt, vaultIdMatching } from './ansible-vault-format.js';

/**
 * The filters' vault_id, or their undocumented `vaultid` when vault_id is left at its default:
 * 2.19 deprecates `vaultid` whenever it is given, and warns when vault_id is set too.
 */
function vaultIdOf(ctx: PluginContext, vaultId: PluginValue | undefined, vaultid: PluginValue | undefined): PluginValue {
  const given = vaultId ?? 'filter_default';
  if (vaultid === undefined || vaultid === null) return given;
  ctx.warn?.({ kind: 'deprecation', message: 'Use of undocumented `vaultid`.', version: '2.20', help: 'Use `vault_id` instead.' });
  if (isStringLike(given) && textOf(given) === 'filter_default') return vaultid;
  ctx.warn?.({ kind: 'warning', message: 'Ignoring vaultid as vault_id is already set.' });
  return given;
}

export const vault: FilterFn = (ctx, value, args, kwargs) => {
  const data = defined(value);
  const secret = argument(args, kwargs, 0, 'secret');
  const salt = argument(args, kwargs, 1, 'salt');
  if (secret === undefined || !isStringLike(secret)) {
    throw pluginError(`Secret passed is required to be a string, instead we got ${pyClass(secret ?? null)}.`);
  }
  if (!isStringLike(data) || isOmit(data)) throw pluginError(`Can only vault strings, instead we got ${pyClass(data)}.`);
  const vaultId = vaultIdOf(ctx, argument(args, kwargs, 2, 'vault_id'), argument(args, kwargs, 4, 'vaultid'));
  // A salt that is no str is used as the bytes of its str(); a false one is refused.
  if (salt !== undefined && salt !== null && !truthy(salt)) throw chainedError('Unable to encrypt.', 'Empty or invalid salt passed to encrypt()');
  const saltBytes = salt === undefined || salt === null ? undefined : Buffer.from(isStringLike(salt) ? textOf(salt) : pyStr(salt), 'utf8');
  const ciphertext = vaultEncrypt(Buffer.from(textOf(data), 'utf8'), Buffer.from(textOf(secret), 'utf8'), toText(defined(vaultId)), saltBytes);
  // NOTE: with wrap_object, 2.19 tags the secret (not the data) as vaulted: the value is the
  // secret's text. (Its tag holds the ciphertext's bytes repr, which only unvault reads.)
  if (truthy(argument(args, kwargs, 3, 'wrap_object') ?? false)) return textOf(secret);
  return ciphertext;
};

export const unvault: FilterFn = (ctx, value, args, kwargs) => {
  const data = defined(value);
  const secret = argument(args, kwargs, 0, 'secret');
  if (secret === undefined || !isStringLike(secret)) {
    throw pluginError(`Secret passed is required to be as string, instead we got ${pyClass(secret ?? null)}.`);
  }
  let text: string;
  if (data instanceof VaultString) text = data.ciphertext;
  else if (isStringLike(data) && !isOmit(data)) text = textOf(data);
  else throw pluginError(`Vault should be in the form of a string, instead we got ${pyClass(data)}.`);
  const vaultId = vaultIdOf(ctx, argument(args, kwargs, 1, 'vault_id'), argument(args, kwargs, 2, 'vaultid'));
  // NOTE: text that is not ASCII is no vault text to 2.19's is_encrypted: it comes back as it is.
  if (!isVaultText(text) || /[\u0080-\uffff]/.test(text)) return text;
  try {
    // NOTE: under vault_id_match the filter's one secret, labelled with its vault_id, is tried only
    // when the text's header names that id (a header without one names vault_identity; an empty one none).
    const named = vaultIdMatching.on ? headerVaultId(text, vaultIdMatching.defaultId) : undefined;
    if (named !== undefined && (named === '' || !isStringLike(vaultId) || textOf(vaultId) !== named)) {
      throw new VaultSecretMismatch('Decryption failed (no vault secrets were found that could decrypt).', text, true);
    }
    return vaultDecrypt(text, Buffer.from(textOf(secret), 'utf8')).toString('utf8');
  } catch (error) {
    if (!(error instanceof VaultFormatError)) throw error;
    // NOTE: 2.19 raises "Unable to decrypt." from the vault's error, which shows as a cause of its
    // own: at the origin of the text it was given, else the value it holds (the bytes it read).
    const origin = error.ofInput ? ctx.inputOrigin : undefined;
    const cause = new TemplateError('vault-format', error.message, origin ? { location: origin } : { context: `Origin: <unknown>\n\n${shorten(error.shown, 120)}` });
    throw new TemplateError('filter-error', 'Unable to decrypt.', { cause });
  }
};

export const vaultFilters: Record<string, FilterFn> = { vault, unvault };
