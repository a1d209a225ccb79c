/** The `version` / `version_compare` test. */
import { truthy, type Data } from '../../core/data.js';
import type { TestFn } from '../plugin.js';
import { argument, defined, pluginError, raisedWhileHandling, toText } from '../filters/ansible-args.js';
import { VersionError, compareVersions, type VersionType } from './ansible-version-types.js';
import { dictKey } from '../runtime/py-values.js';

const OPERATORS: Record<string, string> = {
  '==': 'eq',
  '=': 'eq',
  eq: 'eq',
  '<': 'lt',
  lt: 'lt',
  '<=': 'le',
  le: 'le',
  '>': 'gt',
  gt: 'gt',
  '>=': 'ge',
  ge: 'ge',
  '!=': 'ne',
  '<>': 'ne',
  ne: 'ne',
};

const TYPES: Record<string, VersionType> = { loose: 'loose', strict: 'strict', semver: 'semver', semantic: 'semver', pep440: 'pep440' };

export const version: TestFn = (_ctx, value, args, kwargs) => {
  const input: Data = defined(value);
  const against = argument(args, kwargs, 0, 'version');
  const operator = argument(args, kwargs, 1, 'operator') ?? 'eq';
  const strict = argument(args, kwargs, 2, 'strict');
  const versionType = argument(args, kwargs, 3, 'version_type');
  if (strict !== undefined && strict !== null && versionType !== undefined && versionType !== null) {
    throw pluginError("Cannot specify both 'strict' and 'version_type'");
  }
  if (!truthy(input)) throw pluginError('Input version value cannot be empty');
  if (against === undefined || !truthy(against)) throw pluginError('Version parameter to compare against cannot be empty');
  let type: VersionType = 'loose';
  if (strict !== undefined && truthy(strict)) type = 'strict';
  else if (versionType !== undefined && versionType !== null && truthy(versionType)) {
    dictKey(versionType); // Python looks it up in a dict: a list or dict is unhashable
    const t = TYPES[toText(versionType)];
    if (t === undefined) {
      throw raisedWhileHandling(`Invalid version type (${toText(versionType)}). Must be one of 'loose', 'strict', 'semver', 'semantic', 'pep440'`);
    }
    type = t;
  }
  dictKey(operator);
  const op = OPERATORS[toText(operator)];
  if (op === undefined) {
    throw pluginError(`Invalid operator type (${toText(operator)}). Must be one of ${Object.keys(OPERATORS).map((k) => `'${k}'`).join(', ')}`);
  }
  let c: number;
  try {
    c = compareVersions(toText(input), toText(against), type);
  } catch (error) {
    // NOTE: raised while handling the comparison's error, so 2.19 shows that as a cause of its own.
    if (error instanceof VersionError) throw raisedWhileHandling(`Version comparison failed: ${error.message}`);
    throw error;
  }
  switch (op) {
    case 'eq':
      return c === 0;
    case 'ne':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'le':
      return c <= 0;
    case 'gt':
      return c > 0;
    default:
      return c >= 0;
  }
};

export const versionTests: Record<string, TestFn> = { version, version_compare: version };
