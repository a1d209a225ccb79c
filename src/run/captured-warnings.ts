/**
 * What templating warns while a task runs, kept for the task's result. NOTE: 2.19 captures the
 * warnings and deprecations raised inside TaskExecutor._execute (its DeferredWarningContext) into
 * the result, so the callback shows them with the result, and not at all when it hides the result
 * (display_ok_hosts=false, display_skipped_hosts=false, the oneline callback).
 */
import type { TemplateWarning } from '../template/api.js';
import type { DeprecationEvent, DisplayEvent } from './events.js';

export class CapturedWarnings {
  readonly deprecations: DeprecationEvent[] = [];

  /** `warnings` receives the warnings (the task's own list, shared with its action). */
  constructor(private readonly warnings: DisplayEvent[]) {}

  readonly warn = (w: TemplateWarning): void => {
    if (w.kind === 'warning') {
      this.warnings.push({ message: w.message, ...(w.origin ? { origin: w.origin } : {}) });
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

  /** The outcome's fields for what was captured. */
  outcomeFields(): { deprecations?: readonly DeprecationEvent[] } {
    return this.deprecations.length > 0 ? { deprecations: this.deprecations } : {};
  }
}
