/** Task-result tests: failed, succeeded, changed, skipped, finished, started, reachable, timedout. */
import { truthy, type Data, type DataDict } from '../../core/data.js';
import type { PluginValue, TestFn } from '../plugin.js';
import { defined, pluginError } from '../filters/ansible-args.js';

function result(name: string, value: PluginValue): DataDict {
  const data: Data = defined(value);
  if (!(data instanceof Map)) throw pluginError(`The '${name}' test expects a dictionary`);
  return data;
}

const failed: TestFn = (_ctx, value) => truthy(result('failed', value).get('failed'));
const success: TestFn = (_ctx, value) => !truthy(result('failed', value).get('failed'));
const unreachable: TestFn = (_ctx, value) => truthy(result('unreachable', value).get('unreachable'));
const reachable: TestFn = (_ctx, value) => !truthy(result('unreachable', value).get('unreachable'));
const skipped: TestFn = (_ctx, value) => truthy(result('skipped', value).get('skipped'));

const timedout: TestFn = (_ctx, value) => {
  const r = result('timedout', value);
  const t = r.get('timedout');
  if (!truthy(t)) return false;
  if (!(t instanceof Map)) throw pluginError(`'${typeof t === 'string' ? 'str' : 'bool'}' object has no attribute 'get'`);
  return truthy(t.get('period'));
};

const changed: TestFn = (_ctx, value) => {
  const r = result('changed', value);
  if (r.has('changed')) return truthy(r.get('changed'));
  const results = r.get('results');
  if (Array.isArray(results)) {
    if (results.length === 0) throw pluginError('list index out of range');
    if (!(results[0] instanceof Map)) return false;
    return results.some((item) => item instanceof Map && truthy(item.get('changed')));
  }
  return false;
};

/** NOTE: on a result without the key (a non-async task) Ansible warns and answers true. */
function asyncFlag(name: 'started' | 'finished'): TestFn {
  return (ctx, value) => {
    const r = result(name, value);
    if (r.has(name)) return truthy(r.get(name));
    ctx.warn?.({ kind: 'warning', message: `The '${name}' test expects an async task, but a non-async task was tested` });
    return true;
  };
}

export const resultTests: Record<string, TestFn> = {
  failed,
  failure: failed,
  succeeded: success,
  success,
  successful: success,
  reachable,
  unreachable,
  timedout,
  changed,
  change: changed,
  skipped,
  skip: skipped,
  finished: asyncFlag('finished'),
  started: asyncFlag('started'),
};
