// The recordings these tests compare with are task results; the transport returns module results.
import type { DataDict } from '../../src/core/data.js';

/** What 2.19's TaskExecutor (and Volant's) adds to a module result: `changed: false` when it has none. */
export function asTaskResult(result: DataDict): DataDict {
  const out = new Map(result);
  if (!out.has('changed')) out.set('changed', false);
  return out;
}
