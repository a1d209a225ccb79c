// The recordings these tests compare with are task results; the transport returns module results.
import type { DataDict } from '../../src/core/data.js';

/**
 * What 2.19's TaskExecutor (and Volant's) adds to a module result, `changed: false` when it has
 * none, without the internal `_ansible_parsed` the action adds, which the recordings (results as a
 * callback gets them) leave out.
 */
export function asTaskResult(result: DataDict): DataDict {
  const out = new Map(result);
  out.delete('_ansible_parsed');
  if (!out.has('changed')) out.set('changed', false);
  return out;
}
