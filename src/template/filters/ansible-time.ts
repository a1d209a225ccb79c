/** strftime: time.strftime on the controller's clock or a given epoch. */
import { numericValue, isStringLike, textOf } from '../../core/data.js';
import type { FilterFn } from '../plugin.js';
import { ansibleClass, argument, argumentOrInlineIf, definedOrInlineIf, pluginError, raisedWhileHandling, toText } from './ansible-args.js';
import { brokenDown, strftime as format } from './ansible-python-strftime.js';

export const strftime: FilterFn = (_ctx, value, args, kwargs) => {
  const input = definedOrInlineIf(value);
  // float() of an inline if's Undefined raises its hint, caught: the message shows its str(), ''
  const second = argumentOrInlineIf(args, kwargs, 0, 'second');
  const utc = argument(args, kwargs, 1, 'utc');
  let epoch = Date.now() / 1000;
  // NOTE: 2.19 reads the epoch before time.strftime sees the format.
  if (second !== undefined && second !== null) {
    const n = numericValue(second) ?? (isStringLike(second) && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(textOf(second)) ? Number(textOf(second)) : undefined);
    if (n === undefined) throw raisedWhileHandling(`Invalid value for epoch value (${toText(second)})`);
    epoch = n;
  }
  // time.strftime takes the format as a str only.
  if (!isStringLike(input)) {
    // NOTE: C argument parsing names None as 'None' and a container by its (lazy) class.
    const shown = input === null ? 'None' : ansibleClass(input).replace(/^<class '(?:.*\.)?(.*)'>$/, '$1');
    throw pluginError(`strftime() argument 1 must be str, not ${shown}`);
  }
  const pattern = textOf(input);
  return format(pattern, brokenDown(epoch, Boolean(utc !== undefined && utc !== null && utc !== false && utc !== 0 && utc !== '')));
};

export const timeFilters: Record<string, FilterFn> = { strftime };
