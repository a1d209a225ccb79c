/** The `env` lookup: controller environment variables (each term's first word); unset ones give `default` (''). */
import type { Data } from '../../core/data.js';
import type { LookupFn } from '../plugin.js';
import { defined, pluginError } from '../filters/ansible-args.js';
import { strTerm } from './lookup-options.js';
import { Undefined, undefinedError } from '../runtime/undefined.js';

export const env: LookupFn = (_ctx, terms, kwargs) => {
  return terms.map((term): Data => {
    // NOTE: an undefined term is the lookup's result: 2.19 reading a marker's `split` hands the marker back.
    if ((term as unknown) instanceof Undefined) throw undefinedError(term as unknown as Undefined);
    const name = strTerm(term, 'split').trim().split(/\s+/)[0];
    if (name === undefined || name === '') throw pluginError('list index out of range');
    // NOTE: an undefined default fails only when it is used (2.19 accepts markers here).
    return process.env[name] ?? (kwargs.has('default') ? defined(kwargs.get('default')) : '');
  });
};
