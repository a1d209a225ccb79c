/** The `env` lookup: controller environment variables (each term's first word); unset ones give `default` (''). */
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError } from '../filters/ansible-args.js';
import { strTerm } from './lookup-options.js';

export const env: LookupFn = (_ctx, terms, kwargs) => {
  const fallback: Data = kwargs.has('default') ? defined(kwargs.get('default')) : '';
  return terms.map((term) => {
    const name = strTerm(term, 'split').trim().split(/\s+/)[0];
    if (name === undefined || name === '') throw pluginError('list index out of range');
    return process.env[name] ?? fallback;
  });
};
