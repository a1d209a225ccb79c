/** The `file` lookup: file contents from the `files` search path, right-stripped by default. */
import { readFileSync } from 'node:fs';
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { VolantError } from '../../core/errors.js';
import { pluginError } from '../filters/ansible-args.js';
import { decodeSurrogateEscape } from '../filters/ansible-python-text.js';
import { hasEscapedBytes } from '../../core/surrogate-escape.js';
import { lookupOptions, strTerm } from './lookup-options.js';
import { pythonOsError } from '../../core/python-os-error.js';
import { findFileInSearchPath } from './search-path.js';


/** A byte that was not UTF-8, as surrogateescape keeps it. */

export function pyStrip(text: string, left: boolean, right: boolean): string {
  let out = text;
  // eslint-disable-next-line no-control-regex -- str.strip() also removes the \x1c-\x1f separators
  if (left) out = out.replace(/^[\s\x1c-\x1f]+/, '');
  // eslint-disable-next-line no-control-regex -- as above
  if (right) out = out.replace(/[\s\x1c-\x1f]+$/, '');
  return out;
}

export const file: LookupFn = (ctx, terms, kwargs) => {
  const { lstrip, rstrip } = lookupOptions('file', kwargs, { rstrip: { type: 'bool', default: true }, lstrip: { type: 'bool', default: false } });
  return terms.map((term): Data => {
    const name = strTerm(term, 'startswith');
    const path = findFileInSearchPath(ctx, 'files', name);
    if (path === undefined) {
      throw pluginError(`Unable to access the file '${name}': File not found. Use -vvvvv to see paths searched.`);
    }
    let text: string;
    try {
      text = decodeSurrogateEscape(readFileSync(path));
    } catch (error) {
      const reason = `An error occurred while trying to read the file '${path}': ${pythonOsError(error, path)}`;
      throw pluginError(`Unable to access the file '${name}': ${reason}`, error);
    }
    // NOTE: the file lookup reads vaulted files decrypted, as ansible's loader does (their plain
    // bytes may be no UTF-8 either).
    const vault = ctx.lookup?.vault;
    if (text.startsWith('$ANSIBLE_VAULT') && vault) {
      try {
        text = vault.decryptBytes ? decodeSurrogateEscape(vault.decryptBytes(text, path)) : vault.decrypt(text, path);
      } catch (error) {
        // NOTE: 2.19 raises its own error from the vault's, which shows as a cause at the file.
        if (error instanceof VolantError) throw pluginError(`Unable to access the file '${name}'.`, error);
        throw error;
      }
    }
    if (hasEscapedBytes(text)) {
      // NOTE: 2.19's loader escapes what is not UTF-8 and deprecates reading such a file.
      ctx.warn?.({ kind: 'deprecation', message: `File '${path}' could not be decoded as 'utf-8'. Invalid content has been escaped.`, version: '2.23', help: 'This file must be UTF-8 encoded.' });
    }
    return pyStrip(text, lstrip === true, rstrip === true);
  });
};
