import type { Data } from '../core/data.js';
import type { SourceLocation } from '../core/source-location.js';

/**
 * A YAML document as PyYAML would read it (YAML 1.1), with every node located. Anchors, aliases
 * and `<<` merge keys are already resolved. Scalars hold their Python value (see core/data.ts):
 * null, bool, int (number), float (PyFloat), str, UnsafeString (`!unsafe`), VaultString (`!vault`),
 * date or datetime (PyDate).
 */
export type YamlNode = YamlScalar | YamlMap | YamlSeq;

export interface YamlScalar {
  readonly kind: 'scalar';
  readonly value: Data;
  readonly loc: SourceLocation;
  /** How it was written: plain, or quoted with ' or ", or a block scalar (| >). */
  readonly style: 'plain' | 'single' | 'double' | 'block';
}

export interface YamlPair {
  readonly key: YamlNode;
  readonly value: YamlNode;
}

export interface YamlMap {
  readonly kind: 'map';
  readonly pairs: readonly YamlPair[];
  readonly loc: SourceLocation;
}

export interface YamlSeq {
  readonly kind: 'seq';
  readonly items: readonly YamlNode[];
  readonly loc: SourceLocation;
  /** A `!!set`'s members (a Python set in 2.19). */
  readonly set?: boolean;
}
