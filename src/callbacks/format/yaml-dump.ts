import type { Data } from '../../core/data.js';
import { dumpYaml as dumpDocument } from '../../core/yaml-emitter/index.js';

/**
 * `yaml.dump(value, Dumper=AnsibleDumper, default_flow_style=False, allow_unicode=True,
 * indent=N)` as ansible's callbacks call it for `callback_result_format = yaml`: block style,
 * keys sorted (kept in their order when Python cannot order them, as PyYAML's TypeError fallback
 * does), multi-line strings as `|` literals.
 */
export interface YamlDumpOptions {
  /** best_indent (PyYAML's default is 2). */
  readonly indent?: number;
  /** The callback dumper's lossy mode: multi-line strings are tidied so they can be `|` blocks. */
  readonly lossy?: boolean;
}

/** The YAML text `yaml.dump` would produce (ending in a newline). */
export function dumpYaml(value: Data, options: YamlDumpOptions = {}): string {
  return dumpDocument(value, {
    indent: options.indent,
    lossy: options.lossy ?? false,
    defaultFlowStyle: false,
    literalMultiline: true,
  });
}
