/** The `env` lookup: controller environment variables; unset ones give `default` (''). */
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, toText } from '../filters/ansible-args.js';

export const env: LookupFn = (_ctx, terms, kwargs) => {
  const fallback: Data = kwargs.has('default') ? defined(kwargs.get('default')) : '';
  return terms.map((term) => process.env[toText(term)] ?? fallback);
};
