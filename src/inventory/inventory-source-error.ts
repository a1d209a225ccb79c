import { InventoryError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { WarningDetail } from './warning-detail.js';

/**
 * One inventory plugin's failure on one source. ansible only shows these when no plugin could
 * parse the source, as a warning made of a one-line summary and the chain of causes.
 */
export class InventorySourceError extends InventoryError {
  constructor(
    /** The chained one-line message (`Failed to parse inventory: Expected key=value …`). */
    readonly summary: string,
    /** Each cause as ansible prints it after `<<< caused by >>>`, with its `Origin:` line. */
    readonly causes: readonly string[],
    /** A single cause pointing into the file: shown with its source lines (see detailFor). */
    readonly located?: SourceLocation,
  ) {
    super('inventory-source', summary);
  }

  /** The warning as a detail whose cause points into the file, when it has such a cause. */
  detailFor(plugin: string): WarningDetail | undefined {
    if (!this.located) return undefined;
    return { message: `Failed to parse inventory with '${plugin}' plugin.`, cause: { message: this.summary, location: this.located } };
  }

  /** The warning text ansible prints (after `[WARNING]: `) for this failure of `plugin`. */
  warningFor(plugin: string): string {
    const head = `Failed to parse inventory with '${plugin}' plugin`;
    return `${head}: ${this.summary}\n\n${head}.\n\n<<< caused by >>>\n\n${this.causes.join('\n\n<<< caused by >>>\n\n')}\n`;
  }
}

/** A failure inside the INI parser: ansible wraps it as "Failed to parse inventory." at the file. */
export function iniFailure(message: string, path: string, chained = false): InventorySourceError {
  const summary = `Failed to parse inventory: ${message}`;
  if (chained) return new InventorySourceError(summary, [`Failed to parse inventory.\nOrigin: ${path}`, message]);
  return new InventorySourceError(summary, [`${summary}\nOrigin: ${path}`]);
}

/**
 * A failure of a plugin that does not wrap its errors (yaml, auto, host_list); `located`: the
 * error keeps its own place in the file (the auto plugin's YAML errors).
 */
export function pluginFailure(message: string, plugin: string, source: string, located?: SourceLocation, whileHandling = false): InventorySourceError {
  const causes = [`${message}\nOrigin: <inventory plugin '${plugin}' with source '${source}'>`];
  // NOTE: a Python error raised while handling another (a host range's int()) is not folded into
  // the plugin's error that wraps it, so its words show twice.
  if (whileHandling) causes.push(message);
  return new InventorySourceError(message, causes, located);
}
