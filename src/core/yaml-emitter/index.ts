/**
 * `yaml.dump(value, Dumper=AnsibleDumper, …)` for one document, as ansible-core 2.19 runs it:
 * PyYAML's representer and resolver with libyaml's emitter (CSafeDumper). to_yaml / to_nice_yaml
 * and the callbacks' YAML result format both write through here.
 */
import type { Data } from '../data.js';
import { Emitter } from './emitter.js';
import { represent, type RepresentOptions } from './represent.js';

export interface YamlDumpOptions extends Partial<RepresentOptions> {
  /** best_indent: 2 unless 2 … 9. */
  readonly indent?: number;
  /** best_width: 80 unless more than twice the indent. */
  readonly width?: number;
  readonly explicitStart?: boolean;
  readonly explicitEnd?: boolean;
  readonly allowUnicode?: boolean;
}

/** The YAML text, ending in a newline. */
export function dumpYaml(value: Data | undefined, options: YamlDumpOptions = {}): string {
  let indent = options.indent ?? 2;
  if (!(indent > 1 && indent < 10)) indent = 2;
  let width = options.width ?? 80;
  if (width <= indent * 2) width = 80;
  const node = represent(value, {
    defaultFlowStyle: options.defaultFlowStyle === undefined ? null : options.defaultFlowStyle,
    sortKeys: options.sortKeys ?? true,
    literalMultiline: options.literalMultiline ?? false,
    lossy: options.lossy ?? false,
    nonSpecificText: options.nonSpecificText,
    binaryBytes: options.binaryBytes,
  });
  const e = new Emitter(indent, width, options.allowUnicode ?? true);
  if (options.explicitStart) e.writeIndicator('---', true);
  e.emitNode(node, {});
  e.writeIndent();
  // NOTE: a document whose last scalar is a `|+` block must say where it ends.
  if (options.explicitEnd || e.openEnded) {
    e.writeIndicator('...', true);
    e.writeIndent();
  }
  return e.out;
}
