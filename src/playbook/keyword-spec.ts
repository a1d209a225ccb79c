import type { Data } from '../core/data.js';

/** How ansible-core 2.19 types a keyword's value (its FieldAttribute `isa`). */
export type KeywordType = 'string' | 'bool' | 'int' | 'float' | 'list' | 'dict' | 'percent' | 'class';

/** One keyword a playbook record accepts, as a row of data (the docs' Keywords page reads these). */
export interface KeywordSpec {
  readonly name: string;
  readonly type: KeywordType;
  /** ansible-core's default; undefined when it has none or the default comes from configuration. */
  readonly default?: Data;
  /** When the default is computed (from ansible.cfg or another keyword), what it is. */
  readonly defaultFrom?: string;
  /** Whether a value written here flows down into the tasks below (play → role → block → task). */
  readonly inherited: boolean;
  /** Whether Volant implements it. */
  readonly supported: boolean;
  /** Another name the keyword is written as (`async` for async_val). */
  readonly alias?: string;
  /** For `list` keywords whose items must be of one kind. */
  readonly listOf?: string;
}
