import { ParseError } from '../core/errors.js';
import type { YamlMap, YamlNode } from '../yaml/node.js';
import { collectKeywords } from './collect-keywords.js';
import { IMPORT_PLAYBOOK_KEYWORDS } from './import-playbook-keywords.js';
import type { ImportPlaybookNode, PlayNode, Playbook, TaskOrBlock } from './model.js';
import { afterDeprecations } from './earlier-deprecations.js';
import { parsePlay } from './parse-play.js';
import { playWithRolesBefore } from './roles-before-error.js';
import { nodeOrigin } from './node-origin.js';
import { pythonClassName } from './python-class-name.js';
import { keyText } from './yaml-access.js';
import { toData } from '../yaml/to-data.js';

const IMPORT_KEYS = new Set(['import_playbook', 'ansible.builtin.import_playbook', 'ansible.legacy.import_playbook']);
const IMPORT_NAMES: ReadonlySet<string> = new Set(IMPORT_PLAYBOOK_KEYWORDS.map((k) => k.name));

function parseImportPlaybook(map: YamlMap): ImportPlaybookNode {
  const keys = map.pairs.map(keyText).filter((key) => IMPORT_KEYS.has(key));
  if (keys.length !== 1) {
    throw new ParseError('IMPORT_PLAYBOOK_CONFLICT', `Found conflicting import_playbook actions: ${[...new Set(keys)].sort().join(', ')}`);
  }
  const filePair = map.pairs.find((pair) => IMPORT_KEYS.has(keyText(pair)));
  if (filePair === undefined) throw new Error('not an import_playbook entry');
  if (filePair.value.kind === 'seq' || filePair.value.kind === 'map') {
    throw new ParseError(
      'FIELD_NOT_STRING',
      `The field '${keyText(filePair)}' is supposed to be a string type, however the incoming data structure is a ${pythonClassName(toData(filePair.value))}`,
      { location: map.loc },
    );
  }
  const keywords = collectKeywords(map, 'PlaybookInclude', IMPORT_NAMES, IMPORT_KEYS);
  return {
    kind: 'import_playbook',
    loc: map.loc,
    file: { value: toData(filePair.value), loc: filePair.value.loc, node: filePair.value },
    keywords,
  };
}

/**
 * A playbook's YAML documents → Playbook. ansible-core reads one document (load the file with
 * `loadYaml(text, file, { single: true })` to get its error for a second one).
 */
export function parsePlaybook(documents: YamlNode[], file: string): Playbook {
  const doc = documents[0];
  if (doc === undefined || (doc.kind === 'scalar' && doc.value === null)) {
    throw new ParseError('PLAYBOOK_EMPTY', `Empty playbook, nothing to do: ${file}`);
  }
  if (doc.kind !== 'seq') {
    throw new ParseError('PLAYBOOK_NOT_LIST', `A playbook must be a list of plays, got a ${pythonClassName(toData(doc))} instead: ${file}`, nodeOrigin(doc));
  }
  if (doc.items.length === 0) throw new ParseError('PLAYBOOK_NO_PLAYS', `A playbook must contain at least one play: ${file}`);
  const entries: (PlayNode | ImportPlaybookNode)[] = [];
  // in the order 2.19 reads a play's lists (see parsePlay)
  const tasksRead = (): TaskOrBlock[] => entries.flatMap((e) => (e.kind === 'play' ? [...e.handlers, ...e.preTasks, ...e.postTasks, ...e.tasks] : []));
  for (const item of doc.items) {
    let entry: PlayNode | ImportPlaybookNode;
    try {
      entry = afterDeprecations(tasksRead, () => {
        if (item.kind !== 'map') {
          throw new ParseError('PLAY_ENTRY_INVALID', "playbook entries must be either valid plays or 'import_playbook' statements", nodeOrigin(item));
        }
        return item.pairs.some((pair) => IMPORT_KEYS.has(keyText(pair))) ? parseImportPlaybook(item) : parsePlay(item, file);
      });
    } catch (e) {
      // (a play whose roles load before its error is left to compile: see roles-before-error.ts)
      if (entries.length === 0 && playWithRolesBefore(e) === undefined) throw e;
      return { file, entries, loadError: e };
    }
    entries.push(entry);
  }
  return { file, entries };
}
