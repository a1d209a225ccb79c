/**
 * Task lists (a play's tasks, a block's rescue, a task file) → tasks and blocks, as ansible's
 * load_list_of_blocks reads them: a mapping with `block`, `rescue` or `always` is a block,
 * any other mapping a task.
 */
import { pyRepr, pyStr } from '../core/data.js';
import { ParseError } from '../core/errors.js';
import type { SourceLocation } from '../core/source-location.js';
import type { YamlMap, YamlNode } from '../yaml/node.js';
import { toData } from '../yaml/to-data.js';
import { BLOCK_KEYWORDS } from './block-keywords.js';
import { collectKeywords } from './collect-keywords.js';
import type { BlockNode, TaskOrBlock } from './model.js';
import { parseTask } from './parse-task.js';
import { pythonClassName } from './python-class-name.js';
import { findPair } from './yaml-access.js';

const BLOCK_NAMES: ReadonlySet<string> = new Set(BLOCK_KEYWORDS.map((k) => k.name));
const BLOCK_LISTS = new Set(['block', 'rescue', 'always']);

export interface TaskListOptions {
  readonly handlers: boolean;
  /** The play field being read (`tasks`, `pre_tasks`, `handlers` …), for ansible's message. */
  readonly field?: string;
  /** Where a malformed list is reported: ansible points at the play. */
  readonly ownerLoc?: SourceLocation;
}

export function isBlock(map: YamlMap): boolean {
  return map.pairs.some((pair) => pair.key.kind === 'scalar' && BLOCK_LISTS.has(String(pair.key.value)));
}

function blockList(map: YamlMap, name: 'block' | 'rescue' | 'always', file: string, handlers: boolean): TaskOrBlock[] {
  const node = findPair(map, name)?.value;
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return [];
  if (node.kind !== 'seq') {
    const value = toData(node);
    const what = name === 'block' ? 'a block' : name;
    throw new ParseError(
      'BLOCK_MALFORMED',
      `A malformed block was encountered while loading ${what}: The ds (${pyStr(value)}) should be a list but was a ${pythonClassName(value)}`,
      { location: map.loc },
    );
  }
  return parseEntries(node.items, file, handlers);
}

export function parseBlock(map: YamlMap, file: string, handlers: boolean): BlockNode {
  const keywords = collectKeywords(map, 'Block', BLOCK_NAMES, BLOCK_LISTS);
  const block = blockList(map, 'block', file, handlers);
  const rescue = blockList(map, 'rescue', file, handlers);
  const always = blockList(map, 'always', file, handlers);
  if (block.length === 0) {
    for (const [name, list] of [['rescue', rescue], ['always', always]] as const) {
      if (list.length > 0) throw new ParseError('BLOCK_WITHOUT_BLOCK', `'${name}' keyword cannot be used without 'block'`, { location: map.loc });
    }
  }
  return { kind: 'block', loc: map.loc, block, rescue, always, keywords };
}

function parseEntries(items: readonly YamlNode[], file: string, handlers: boolean): TaskOrBlock[] {
  return items.map((item) => {
    if (item.kind !== 'map') {
      // NOTE: ansible wraps the entry in a list before complaining, and has no origin for it.
      const ds = [toData(item)];
      throw new ParseError(
        'BLOCK_MALFORMED',
        `A malformed block was encountered while loading a block: The ds (${pyRepr(ds)}) should be a dict but was a <class 'list'>`,
      );
    }
    return isBlock(item) ? parseBlock(item, file, handlers) : parseTask(item, handlers);
  });
}

export function parseTaskList(node: YamlNode | undefined, file: string, options: TaskListOptions): TaskOrBlock[] {
  if (node === undefined || (node.kind === 'scalar' && node.value === null)) return [];
  if (node.kind !== 'seq') {
    const value = toData(node);
    throw new ParseError(
      'TASKS_NOT_LIST',
      `A malformed block was encountered while loading ${options.field ?? 'tasks'}: ${pyStr(value)} should be a list or None but is ${pythonClassName(value)}`,
      { location: options.ownerLoc ?? node.loc },
    );
  }
  return parseEntries(node.items, file, options.handlers);
}
