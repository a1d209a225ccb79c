/** uri, url, urn: urllib.parse based checks. */
import { isStringLike, textOf, type Data } from '../../core/data.js';
import type { TestFn } from '../plugin.js';
import { argument, defined } from '../filters/ansible-args.js';
import { pyUrlsplit } from '../filters/ansible-encoding.js';
import { pyContains } from './ansible-collection-tests.js';
import { isOmit } from '../runtime/omit.js';

function isUri(value: Data, schemes: Data | undefined): boolean {
  if (!isStringLike(value) || isOmit(value)) return false;
  try {
    const parts = pyUrlsplit(textOf(value));
    if (schemes === undefined || schemes === null || (Array.isArray(schemes) && schemes.length === 0)) return true;
    return pyContains(schemes, parts.get('scheme') ?? '');
  } catch {
    return false;
  }
}

const uri: TestFn = (_ctx, value, args, kwargs) => isUri(defined(value), argument(args, kwargs, 0, 'schemes'));

const url: TestFn = (_ctx, value, args, kwargs) => {
  const data = defined(value);
  if (!isUri(data, argument(args, kwargs, 0, 'schemes'))) return false;
  const parts = pyUrlsplit(textOf(data as string));
  return parts.get('netloc') !== '' || parts.get('scheme') === 'file';
};

const urn: TestFn = (_ctx, value) => isUri(defined(value), ['urn']);

export const uriTests: Record<string, TestFn> = { uri, url, urn };
