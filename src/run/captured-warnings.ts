/**
 * What templating warns while a task runs, kept for the task's result. NOTE: 2.19 captures the
 * warnings and deprecations raised inside TaskExecutor._execute (its DeferredWarningContext) into
 * the result, so the callback shows them with the result, and not at all when it hides the result
 * (display_ok_hosts=false, display_skipped_hosts=false, the oneline callback).
 */
import { pyStr, type DataDict } from '../core/data.js';
import type { TemplateWarning } from '../template/api.js';
import { briefMessage, deprecationAsDict, deprecationFromDict } from './deprecation-dicts.js';
import type { DeprecationEvent, DisplayEvent } from './events.js';
import { moduleWarningEvents } from './module-causes.js';

export class CapturedWarnings {
  readonly deprecations: DeprecationEvent[] = [];

  /** `warnings` receives the warnings (the task's own list, shared with its action). */
  constructor(private readonly warnings: DisplayEvent[]) {}

  readonly warn = (w: TemplateWarning): void => {
    if (w.kind === 'warning') {
      this.warnings.push({ message: w.message, ...(w.origin ? { origin: w.origin } : {}), ...(w.help ? { help: w.help } : {}), ...(w.cause ? { cause: w.cause } : {}) });
      return;
    }
    this.deprecations.push({
      message: w.message,
      ...(w.origin ? { origin: w.origin } : {}),
      ...(w.context !== undefined ? { context: w.context } : {}),
      ...(w.help ? { help: w.help } : {}),
      ...(w.version ? { version: w.version } : {}),
      ...(w.plugin ? { plugin: w.plugin } : {}),
      collection: w.collection ?? 'ansible.builtin',
    });
  };

  /**
   * 2.19's end of TaskExecutor._execute: the result's `warnings` and `deprecations` become all the
   * task raised, what the controller captured first and then the module's own, as the result's
   * last keys. Returns the outcome's fields: the events the callback shows.
   */
  settle(result: DataDict): { warnings?: readonly DisplayEvent[]; deprecations?: readonly DeprecationEvent[] } {
    const warnings: DisplayEvent[] = [...this.warnings];
    const deprecations: DeprecationEvent[] = [...this.deprecations];
    const given = result.get('warnings');
    if (Array.isArray(given)) {
      result.delete('warnings');
      const detailed = moduleWarningEvents.get(result);
      warnings.push(...given.map((w) => detailed?.get(pyStr(w)) ?? { message: pyStr(w) }));
    }
    const givenDeprecations = result.get('deprecations');
    if (Array.isArray(givenDeprecations)) {
      result.delete('deprecations');
      deprecations.push(...givenDeprecations.map(deprecationFromDict));
    }
    if (warnings.length > 0) result.set('warnings', warnings.map(briefMessage));
    if (deprecations.length > 0) result.set('deprecations', deprecations.map(deprecationAsDict));
    return { ...(warnings.length > 0 ? { warnings } : {}), ...(deprecations.length > 0 ? { deprecations } : {}) };
  }
}
