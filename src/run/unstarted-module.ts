import type { DataDict } from '../core/data.js';

/**
 * The results of modules that never ran: the host could not start them (the interpreter or the
 * become program missing), so nothing of the module's own came back. An action that runs a module
 * first only to look at the host (copy's stat of dest) reports that in its own words.
 */
export const unstartedModuleResults = new WeakSet<DataDict>();
