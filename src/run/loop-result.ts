/**
 * A loop's whole result from its items' results, as 2.19's TaskExecutor builds it: changed when an
 * item changed, failed ("One or more items failed") when one failed, skipped when all were, the
 * items' warnings and deprecations moved up to it. Takes the keys it moves off the items.
 */
import { truthy, type Data, type DataDict } from '../core/data.js';

export function loopResult(results: DataDict[]): DataDict {
  // NOTE: 2.19 sets skipped right after results: a registered loop's keys are results, skipped, changed, msg.
  const res = new Map<string, Data>([['results', results], ['skipped', true]]);
  let skipped = true;
  for (const item of results) {
    if (item.get('_ansible_no_log')) res.set('_ansible_no_log', true);
    if (truthy(item.get('changed')) && !res.get('changed')) res.set('changed', true);
    if (truthy(item.get('unreachable'))) {
      res.set('unreachable', true);
      item.delete('_ansible_ignore_unreachable');
    }
    if (skipped && !truthy(item.get('skipped'))) skipped = false;
    if (truthy(item.get('failed'))) {
      item.delete('_ansible_ignore_errors');
      if (!res.get('failed')) {
        res.set('failed', true);
        res.set('msg', 'One or more items failed');
      }
    }
    for (const key of ['warnings', 'deprecations']) {
      const v = item.get(key);
      if (Array.isArray(v) && v.length > 0) {
        const acc = (res.get(key) as Data[] | undefined) ?? [];
        res.set(key, [...acc, ...v]);
        item.delete(key);
      }
    }
  }
  res.set('skipped', skipped);
  if (!truthy(res.get('failed'))) res.set('msg', 'All items completed');
  if (skipped) res.set('msg', 'All items skipped');
  if (!res.has('changed')) res.set('changed', false);
  return res;
}
