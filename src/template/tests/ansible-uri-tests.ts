/** uri, url, urn: urllib.parse based checks. */
import { isStringLike, textOf, type Data } from '../../core/data.js';
import type { TestFn } from '../plugin.js';
import { argument, defined } from '../filters/ansible-args.js';
import { pyUrlsplit } from '../filters/ansible-encoding.js';
import { pyContains } from './ansible-collection-tests.js';
import { isOmit } from '../runtime/omit.js';
import { truthy } from '../runtime/py-values.js';
import type { Value } from '../runtime/py-object.js';

/** The text urlparse reads, or undefined when it fails on the value. */
function uriText(value: Data): string | undefined {
  if (isStringLike(value)) return isOmit(value) ? undefined : textOf(value);
  // NOTE: urllib.parse "decodes" any falsy value (None, 0, False, [], {}) as b'', and fails on others.
  return truthy(value as Value) ? undefined : '';
}

function isUri(value: Data, schemes: Data | undefined): boolean {
  const text = uriText(value);
  if (text === undefined) return false;
  try {
    const parts = pyUrlsplit(text);
    if (schemes === undefined || schemes === null || (Array.isArray(schemes) && schemes.length === 0)) return true;
    // NOTE: a falsy value's parts are bytes: b'' is in no list of str, and `in` a str fails.
    if (!isStringLike(value)) return false;
    return pyContains(schemes, parts.get('scheme') ?? '');
  } catch {
    return false;
  }
}

const uri: TestFn = (_ctx, value, args, kwargs) => isUri(defined(value), argument(args, kwargs, 0, 'schemes'));

const url: TestFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  if (!isUri(data, argument(args, kwargs, 0, 'schemes'))) return false;
  const parts = pyUrlsplit(uriText(data) ?? '');
  return parts.get('netloc') !== '' || parts.get('scheme') === 'file';
};

const urn: TestFn = (_ctx, value) => isUri(defined(value), ['urn']);

export const uriTests: Record<string, TestFn> = { uri, url, urn };
