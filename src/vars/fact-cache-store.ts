import type { DataDict } from '../core/data.js';

/**
 * Where a persistent fact cache plugin keeps each host's facts between runs (2.19's `jsonfile`).
 * The default `memory` plugin has none: facts live in the VariableManager only.
 *
 * NOTE: as 2.19's file plugins, a host whose facts are not in memory is looked up again at each
 * read, so facts another play (or run) stored meanwhile are seen.
 */
export interface FactCacheStore {
  /** The host's stored facts; undefined when there are none or they are older than the timeout. */
  load(host: string): DataDict | undefined;
  /** Stores the host's whole fact cache (after a merge). */
  save(host: string, facts: DataDict): void;
  /** meta: clear_facts, --flush-cache. */
  delete(host: string): void;
}
