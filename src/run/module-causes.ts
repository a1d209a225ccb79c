import type { DataDict } from '../core/data.js';
import type { DisplayEvent } from './events.js';

/**
 * The exception message behind a module's failure ("[Errno 2] No such file …"), by result: 2.19
 * shows it as the cause of the module's msg in the error block, never in the result itself.
 */
export const moduleCauses = new WeakMap<DataDict, string>();

/**
 * Failures an action gathered from several modules (gather_facts' failed_modules), by result:
 * shown as the sub-events of its msg, as 2.19's error block does.
 */
export const resultSubEvents = new WeakMap<DataDict, readonly string[]>();

/**
 * The warnings a module raised from an exception (AnsibleModule.error_as_warning), by result and
 * by the text the result's `warnings` carries: 2.19 shows the exception as the warning's cause.
 */
export const moduleWarningEvents = new WeakMap<DataDict, ReadonlyMap<string, DisplayEvent>>();
